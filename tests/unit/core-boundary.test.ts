// The folder tree is the architecture (issue 28): src-main/core holds everything pure and shared,
// main's Node side and the pages import it through the @core alias, the pages import nothing else
// of main, and no two files import each other round a cycle. Every specifier is resolved the way
// TypeScript resolves it with the project's own tsconfig (paths included), not by pattern.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const coreDir = join(repo, 'src-main', 'core') + sep
const mainDir = join(repo, 'src-main') + sep
const rendererDir = join(repo, 'src-renderer') + sep

const config = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(repo, 'tsconfig.json'), ts.sys.readFile).config,
  ts.sys,
  repo,
)

function sourceFiles(dir: string): string[] {
  const found: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path))
    else if (/\.(ts|svelte)$/.test(name) && !name.endsWith('.d.ts')) found.push(path)
  }
  return found
}

const isTestFile = (file: string): boolean => /\.(test|testing)\.ts$|[\\/]testing[\\/]/.test(file)

interface Import {
  specifier: string
  /** The file it resolves to; null for a package. */
  file: string | null
}

const importCache = new Map<string, Import[]>()

/** Every import, export-from and dynamic import of a file (svelte: its script blocks). */
function importsOf(file: string): Import[] {
  const cached = importCache.get(file)
  if (cached) return cached
  let text = readFileSync(file, 'utf8')
  if (file.endsWith('.svelte'))
    text = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
  const found = ts.preProcessFile(text, true, true).importedFiles.map(({ fileName }) => {
    if (!fileName.startsWith('.') && !fileName.startsWith('@core/'))
      return { specifier: fileName, file: null }
    const resolved = ts.resolveModuleName(fileName, file, config.options, ts.sys).resolvedModule
    // TypeScript resolves .svelte, styles and assets only through the bundler's plugins.
    const asFile = join(dirname(file), fileName.replace(/\?.*$/, ''))
    const target = resolved?.resolvedFileName ?? (existsSync(asFile) ? asFile : null)
    if (!target) throw new Error(`${relative(repo, file)}: ${fileName} does not resolve`)
    return { specifier: fileName, file: target }
  })
  importCache.set(file, found)
  return found
}

const mainFiles = sourceFiles(mainDir)
const rendererFiles = sourceFiles(rendererDir)
const coreFiles = mainFiles.filter((file) => file.startsWith(coreDir))
const name = (file: string): string => relative(repo, file)

describe('src-main/core is pure and self-contained', () => {
  const shipped = coreFiles.filter((file) => !isTestFile(file))

  it('imports no platform, storage, UI or 3D package', () => {
    const impure =
      /^(electron|node:|lowdb|svelte|three|ws$|bcdice|fs$|path$|os$|child_process$|crypto$|url$|worker_threads$)/
    const offenders = shipped.flatMap((file) =>
      importsOf(file)
        .filter((each) => each.file === null && impure.test(each.specifier))
        .map((each) => `${name(file)} → ${each.specifier}`),
    )
    expect(offenders).toEqual([])
  })

  it('imports nothing of main outside core, and core files by relative path', () => {
    const offenders = shipped.flatMap((file) =>
      importsOf(file)
        .filter(
          (each) =>
            each.file !== null &&
            (!each.file.startsWith(coreDir) || each.specifier.startsWith('@')),
        )
        .map((each) => `${name(file)} → ${each.specifier}`),
    )
    expect(offenders).toEqual([])
  })

  it('is the shared code indeed (the walk is not vacuous)', () => {
    for (const folder of ['campaign', 'rules', 'table', 'uvtt', 'contract'])
      expect(shipped.some((file) => file.startsWith(join(coreDir, folder) + sep))).toBe(true)
  })
})

describe('main and the pages reach core through the @core alias', () => {
  it('the pages import nothing of src-main but core, always as @core/…', () => {
    const offenders = rendererFiles.flatMap((file) =>
      importsOf(file)
        .filter((each) => each.file?.startsWith(mainDir))
        .filter((each) => !each.file!.startsWith(coreDir) || !each.specifier.startsWith('@core/'))
        .map((each) => `${name(file)} → ${each.specifier}`),
    )
    expect(offenders).toEqual([])
    expect(
      rendererFiles.some((file) => importsOf(file).some((each) => each.file?.startsWith(coreDir))),
    ).toBe(true)
  })

  it("main's Node side imports core as @core/…, never by a path into it", () => {
    const offenders = mainFiles
      .filter((file) => !file.startsWith(coreDir))
      .flatMap((file) =>
        importsOf(file)
          .filter((each) => each.file?.startsWith(coreDir) && !each.specifier.startsWith('@core/'))
          .map((each) => `${name(file)} → ${each.specifier}`),
      )
    expect(offenders).toEqual([])
  })
})

describe('no import cycles between files', () => {
  it('has no strongly connected group of two or more files (type imports included)', () => {
    const files = [...mainFiles, ...rendererFiles]
    const known = new Set(files)
    // Tarjan's strongly connected components, iterative: the graph has ~1,000 files.
    const index = new Map<string, number>()
    const low = new Map<string, number>()
    const onStack = new Set<string>()
    const stack: string[] = []
    const cycles: string[][] = []
    let next = 0
    for (const start of files) {
      if (index.has(start)) continue
      const work: Array<{ file: string; targets: string[]; at: number }> = []
      const enter = (file: string): void => {
        index.set(file, next)
        low.set(file, next++)
        stack.push(file)
        onStack.add(file)
        const targets = importsOf(file)
          .map((each) => each.file)
          .filter((target): target is string => target !== null && known.has(target))
        work.push({ file, targets, at: 0 })
      }
      enter(start)
      while (work.length > 0) {
        const frame = work[work.length - 1]
        if (frame.at < frame.targets.length) {
          const target = frame.targets[frame.at++]
          if (!index.has(target)) enter(target)
          else if (onStack.has(target))
            low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!))
          continue
        }
        work.pop()
        if (work.length > 0) {
          const parent = work[work.length - 1].file
          low.set(parent, Math.min(low.get(parent)!, low.get(frame.file)!))
        }
        if (low.get(frame.file) === index.get(frame.file)) {
          const group: string[] = []
          let member: string
          do {
            member = stack.pop()!
            onStack.delete(member)
            group.push(name(member))
          } while (member !== frame.file)
          if (group.length > 1) cycles.push(group.sort())
        }
      }
    }
    expect(cycles).toEqual([])
  })
})
