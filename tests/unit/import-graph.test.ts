// The purity rules follow imports, not just the lines of one file: a lint rule sees only a file's
// own imports, so a pure engine file could reach electron through a helper two hops away. This
// walks the real import graph (TypeScript's own pre-processor, relative paths resolved) from
// every engine file and from the renderer's entry points.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const coreDir = join(repo, 'src-main', 'core')
const rulesDir = join(coreDir, 'rules')
const rendererDir = join(repo, 'src-renderer')

function sourceFiles(dir: string, keep: (file: string) => boolean): string[] {
  const found: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path, keep))
    else if (keep(path)) found.push(path)
  }
  return found
}

const isTestFile = (file: string) =>
  /\.(test|property\.test)\.ts$/.test(file) || file.includes(`${sep}testing${sep}`)

/** The module specifiers a file imports or re-exports (svelte files: their script blocks). */
function importsOf(file: string, runtimeOnly: boolean): string[] {
  let text = readFileSync(file, 'utf8')
  if (file.endsWith('.svelte')) {
    text = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1])
      .join('\n')
  }
  if (!runtimeOnly)
    return ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName)
  // Type-only imports vanish from the bundle, so they open no runtime path.
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest)
  const specifiers: string[] = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text)
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      !statement.isTypeOnly
    ) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text)
    }
  }
  source.forEachChild(function visit(node): void {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument && ts.isStringLiteral(argument)) specifiers.push(argument.text)
    }
    node.forEachChild(visit)
  })
  return specifiers
}

/** A relative or @core specifier as the bundler resolves it; null for a bare (package) specifier. */
function resolveRelative(from: string, specifier: string): string | null {
  const viaAlias = specifier.startsWith('@core/')
  if (!specifier.startsWith('.') && !viaAlias) return null
  const base = viaAlias ? join(coreDir, specifier.slice(6)) : resolve(dirname(from), specifier)
  const candidates = [base, `${base}.ts`, base.replace(/\.js$/, '.ts'), join(base, 'index.ts')]
  const hit = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile())
  if (!hit) throw new Error(`${relative(repo, from)} imports ${specifier}, which does not resolve`)
  return hit
}

interface Reached {
  /** Every source file reached, with the chain of files that led there. */
  files: Map<string, string[]>
  /** Every bare specifier reached, with the chain that imported it. */
  packages: Map<string, string[]>
}

function walk(entries: string[], runtimeOnly = false): Reached {
  const files = new Map<string, string[]>()
  const packages = new Map<string, string[]>()
  const queue: Array<[string, string[]]> = entries.map((entry) => [entry, [relative(repo, entry)]])
  while (queue.length > 0) {
    const [file, chain] = queue.shift()!
    if (files.has(file)) continue
    files.set(file, chain)
    if (!/\.(ts|svelte)$/.test(file)) continue
    for (const specifier of importsOf(file, runtimeOnly)) {
      const target = resolveRelative(file, specifier)
      if (target === null) {
        if (!packages.has(specifier)) packages.set(specifier, [...chain, specifier])
      } else if (!files.has(target)) {
        queue.push([target, [...chain, relative(repo, target)]])
      }
    }
  }
  return { files, packages }
}

const impurePackage =
  /^(electron|node:|lowdb|svelte|three|ws$|fs$|path$|os$|child_process$|crypto$|url$)/

describe('the rules engine is pure through every import path', () => {
  const engineFiles = sourceFiles(rulesDir, (file) => file.endsWith('.ts') && !isTestFile(file))
  const reached = walk(engineFiles)

  it('reaches no platform, storage, UI or 3D package', () => {
    const impure = [...reached.packages].filter(([name]) => impurePackage.test(name))
    expect(impure.map(([, chain]) => chain.join(' → '))).toEqual([])
  })

  it('reaches nothing outside src-main/core/rules (in particular no campaign/ module)', () => {
    const outside = [...reached.files].filter(([file]) => !file.startsWith(rulesDir + sep))
    expect(outside.map(([, chain]) => chain.join(' → '))).toEqual([])
  })

  it('sees the whole engine (the walk is not vacuous)', () => {
    expect(engineFiles.length).toBeGreaterThan(20)
    expect(reached.packages.has('zod')).toBe(true)
  })
})

describe('the renderer talks to main through lib/api.ts alone', () => {
  const rendererFiles = sourceFiles(
    rendererDir,
    (file) => /\.(ts|svelte)$/.test(file) && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'),
  )
  const apiFile = join(rendererDir, 'lib', 'api.ts')
  const transport =
    /\bnew\s+WebSocket\b|\bgmApi\b|\bplayerApi\b|\bfetch\s*\(|\bXMLHttpRequest\b|\bEventSource\b|\bipcRenderer\b|\bsendBeacon\b/

  it('no other renderer file opens a transport or touches the preload bridges', () => {
    const offenders = rendererFiles.filter(
      (file) => file !== apiFile && transport.test(readFileSync(file, 'utf8')),
    )
    expect(offenders.map((file) => relative(repo, file))).toEqual([])
    expect(transport.test(readFileSync(apiFile, 'utf8'))).toBe(true)
  })

  it('reaches no Node, Electron or storage module from its entry points', () => {
    const entries = [join(rendererDir, 'gm', 'main.ts'), join(rendererDir, 'player', 'main.ts')]
    const reached = walk(entries, true)
    const nodeOnly = [...reached.packages].filter(([name]) =>
      /^(electron|node:|lowdb|ws$|fs$|path$|os$|bcdice)/.test(name),
    )
    expect(nodeOnly.map(([, chain]) => chain.join(' → '))).toEqual([])
    const mainServices = [...reached.files].filter(([file]) =>
      /src-main[\\/](host|windows|preload|index\.ts|campaign[\\/](service|storage|atomicFile|backups))/.test(
        file,
      ),
    )
    expect(mainServices.map(([, chain]) => chain.join(' → '))).toEqual([])
    expect(reached.files.has(apiFile)).toBe(true)
  })
})

describe('one module turns a campaign map into an engine battle', () => {
  it('no other app file builds a grid or a scenario document itself', () => {
    // The list of GM-only fields lives in campaign/map-battle.ts alone (issue 13: three copies had
    // drifted). Rule systems and tests may build grids; the app's other code asks map-battle.
    const appFiles = [
      ...sourceFiles(join(repo, 'src-main'), (f) => /\.(ts|svelte)$/.test(f)),
      ...sourceFiles(rendererDir, (f) => /\.(ts|svelte)$/.test(f)),
    ].filter((f) => !isTestFile(f) && !f.startsWith(rulesDir + sep) && !/test-support/.test(f))
    const builders = appFiles.filter((file) =>
      /Grid\.fromSpec\(|format: ['"]gm-scenario\/1['"]|SCENARIO_FORMAT,/.test(
        readFileSync(file, 'utf8'),
      ),
    )
    expect(builders.map((f) => relative(repo, f))).toEqual([
      join('src-main', 'core', 'campaign', 'map-battle.ts'),
    ])
  })
})

describe('per-system facts come from one table', () => {
  it('no renderer file branches on a rule system by its id', () => {
    // src-main/core/rules/facts.ts says what each system has (units, modes, light, board, dice); a
    // renderer copy of those answers drifts (one copy of the move modes lacked `charge`).
    const branching = /\bsystem\s*[!=]==\s*['"](arianrhod|pathfinder|dnd35|dystopia)['"]/
    const offenders = sourceFiles(rendererDir, (f) => /\.(ts|svelte)$/.test(f))
      .filter((f) => !isTestFile(f) && branching.test(readFileSync(f, 'utf8')))
      .map((f) => relative(repo, f))
    expect(offenders).toEqual([])
  })
})
