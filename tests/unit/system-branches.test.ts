// Issue 28: what a rule system does differently lives in its own folder (src-main/core/rules/
// systems/<id>/), reached through its RuleSystem or its facts, never as `if (system === …)` in the
// code that uses it. This walks the syntax tree of every non-test script and Svelte template
// outside the systems folder (TypeScript's parser for .ts, Svelte's for .svelte, so comments,
// strings in messages and object keys do not count) and lists every comparison or `case` against a
// system id.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { parse } from 'svelte/compiler'
import { describe, expect, it } from 'vitest'
import { SYSTEM_IDS } from '../../src-main/core/rules/model'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const systemsDir = join(repo, 'src-main', 'core', 'rules', 'systems') + sep
const systemIds: ReadonlySet<string> = new Set(SYSTEM_IDS)

function sourceFiles(dir: string): string[] {
  const found: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path))
    else if (/\.(ts|svelte)$/.test(name) && !name.endsWith('.d.ts')) found.push(path)
  }
  return found
}

const isTestFile = (file: string) =>
  /\.test\.ts$/.test(file) ||
  file.includes(`${sep}testing${sep}`) ||
  file.includes(`${sep}e2e${sep}`)

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
])

function isSystemIdLiteral(node: ts.Node): boolean {
  const bare = ts.isParenthesizedExpression(node) ? node.expression : node
  return (
    (ts.isStringLiteral(bare) || ts.isNoSubstitutionTemplateLiteral(bare)) &&
    systemIds.has(bare.text)
  )
}

/** The rules families a system's facts name (`facts.family`): a system id or 'tactical'. */
const families: ReadonlySet<string> = new Set([...SYSTEM_IDS, 'tactical'])

function isFamilyLiteral(node: ts.Node): boolean {
  const bare = ts.isParenthesizedExpression(node) ? node.expression : node
  return (
    (ts.isStringLiteral(bare) || ts.isNoSubstitutionTemplateLiteral(bare)) &&
    families.has(bare.text)
  )
}

/** `facts.family === 'tactical'`: the code reads the fact it needs instead. */
const isFamilyBranch = (left: ts.Node, right: ts.Node): boolean =>
  [left, right].some(
    (side) => ts.isPropertyAccessExpression(side) && side.name.text === 'family',
  ) &&
  (isFamilyLiteral(left) || isFamilyLiteral(right))

/**
 * `x === 'dystopia'`, `'arianrhod' !== x`, `case 'dnd35':`, `facts.family === 'tactical'` in
 * TypeScript source.
 */
export function branchesInTypeScript(text: string, name: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: string[] = []
  const at = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
    return `${name}:${line + 1}: ${node.getText(source).split('\n')[0]}`
  }
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      EQUALITY.has(node.operatorToken.kind) &&
      (isSystemIdLiteral(node.left) ||
        isSystemIdLiteral(node.right) ||
        isFamilyBranch(node.left, node.right))
    )
      found.push(at(node))
    if (ts.isCaseClause(node) && isSystemIdLiteral(node.expression)) found.push(at(node))
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

interface EsNode {
  type: string
  start?: number
  [key: string]: unknown
}

const isEsSystemId = (node: unknown): boolean =>
  typeof node === 'object' &&
  node !== null &&
  (node as EsNode).type === 'Literal' &&
  systemIds.has((node as { value: unknown }).value as string)

const isEsFamilyRead = (node: unknown): boolean =>
  typeof node === 'object' &&
  node !== null &&
  (node as EsNode).type === 'MemberExpression' &&
  ((node as { property: EsNode }).property as { name?: unknown }).name === 'family'

const isEsFamilyLiteral = (node: unknown): boolean =>
  typeof node === 'object' &&
  node !== null &&
  (node as EsNode).type === 'Literal' &&
  families.has((node as { value: unknown }).value as string)

const isEsFamilyBranch = (left: unknown, right: unknown): boolean =>
  (isEsFamilyRead(left) || isEsFamilyRead(right)) &&
  (isEsFamilyLiteral(left) || isEsFamilyLiteral(right))

/** The same, in a Svelte file's scripts and its template's expressions. */
export function branchesInSvelte(text: string, name: string): string[] {
  const ast = parse(text, { modern: true }) as unknown as EsNode
  const found: { start: number; text: string }[] = []
  const lineOf = (node: EsNode) => text.slice(0, node.start ?? 0).split('\n').length
  const seen = new Set<unknown>()
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return
    seen.add(node)
    if (Array.isArray(node)) {
      for (const child of node) visit(child)
      return
    }
    const es = node as EsNode
    if (
      es.type === 'BinaryExpression' &&
      ['===', '!==', '==', '!='].includes(es.operator as string) &&
      (isEsSystemId(es.left) || isEsSystemId(es.right) || isEsFamilyBranch(es.left, es.right))
    )
      found.push({ start: es.start!, text: text.slice(es.start, es.end as number) })
    if (es.type === 'SwitchCase' && isEsSystemId(es.test))
      found.push({ start: es.start!, text: text.slice(es.start, es.end as number).split('\n')[0] })
    for (const [key, child] of Object.entries(es)) if (key !== 'parent') visit(child)
  }
  visit(ast)
  // Svelte's tree lists the template before the scripts: report in file order.
  return found
    .sort((a, b) => a.start - b.start)
    .map((hit) => `${name}:${lineOf({ type: '', start: hit.start })}: ${hit.text}`)
}

describe('system-id branches (issue 28)', () => {
  it('the walkers see comparisons and cases, not keys, messages or comments', () => {
    expect(
      branchesInTypeScript(
        `// if (system === 'dystopia')
        const a = map.system === 'arianrhod'
        const b = 'dnd35' !== id
        switch (id) { case 'pathfinder': break }
        const c = { dystopia: 1 }
        const d = 'dystopia is a system'
        const e = system === 'tactical'
        const f = systemFacts(id).family !== 'tactical'
        const g = { family: 'tactical' }.family
        const h = info.family === 'IPv4'`,
        'x.ts',
      ),
    ).toEqual([
      "x.ts:2: map.system === 'arianrhod'",
      "x.ts:3: 'dnd35' !== id",
      "x.ts:4: case 'pathfinder': break",
      "x.ts:8: systemFacts(id).family !== 'tactical'",
    ])
    expect(
      branchesInSvelte(
        `<script lang="ts">
          const a: string = x
          const b = a === 'dystopia'
        </script>
        {#if kind === 'arianrhod'}<p>arianrhod</p>{/if}
        <p class={{ on: 'dnd35' == k }}>dystopia</p>
        {#if facts.family === 'tactical'}<p>x</p>{/if}`,
        'x.svelte',
      ),
    ).toEqual([
      "x.svelte:3: a === 'dystopia'",
      "x.svelte:5: kind === 'arianrhod'",
      "x.svelte:6: 'dnd35' == k",
      "x.svelte:7: facts.family === 'tactical'",
    ])
  })

  it('none outside src-main/core/rules/systems/', () => {
    const files = [
      ...sourceFiles(join(repo, 'src-main')),
      ...sourceFiles(join(repo, 'src-renderer')),
    ].filter((file) => !isTestFile(file) && !file.startsWith(systemsDir))
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      const name = relative(repo, file)
      return file.endsWith('.svelte')
        ? branchesInSvelte(text, name)
        : branchesInTypeScript(text, name)
    })
    expect(found).toEqual([])
  })
})
