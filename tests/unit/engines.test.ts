// package.json's engines must be what the installed tree really needs (issue 11.16): Electron 45
// and its downloader need Node ≥ 22.12, ESLint ^22.13 || ≥ 24, vitest skips 21 and 23. A range
// wider than any dependency's is what made `npm ci` print EBADENGINE.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const readJson = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(repo, file), 'utf8')) as Record<string, unknown>

interface Engines {
  node?: unknown
}
const ours = (readJson('package.json').engines as Engines).node as string

/** The packages whose engines set the floor: the runtime, the build and the test toolchain. */
const TOOLCHAIN = [
  'electron',
  'electron-vite',
  'vite',
  'vitest',
  'eslint',
  'typescript',
  'svelte-check',
  'tsx',
  'electron-builder',
  'playwright-core',
]

function nodeRangeOf(engines: unknown): string | null {
  if (!engines || typeof engines !== 'object' || Array.isArray(engines)) return null
  const node = (engines as Engines).node
  return typeof node === 'string' ? node : null
}

describe('package.json engines', () => {
  it('is a valid range', () => {
    expect(semver.validRange(ours)).not.toBeNull()
  })

  it.each(TOOLCHAIN)('asks for no Node that the installed %s refuses', (name) => {
    const manifest = join('node_modules', name, 'package.json')
    expect(existsSync(join(repo, manifest)), `${name} is installed`).toBe(true)
    const theirs = nodeRangeOf(readJson(manifest).engines)
    if (theirs === null) return
    expect(semver.subset(ours, theirs), `${ours} ⊆ ${name}'s ${theirs}`).toBe(true)
  })

  it('asks for no Node that any package in the lock file refuses (what npm ci checks)', () => {
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { engines?: unknown }>
    }
    const refusing: string[] = []
    for (const [path, entry] of Object.entries(lock.packages)) {
      const theirs = path === '' ? null : nodeRangeOf(entry.engines)
      if (theirs && !semver.subset(ours, theirs)) refusing.push(`${path}: ${theirs}`)
    }
    expect(refusing).toEqual([])
  })

  it('pins, in .nvmrc, a Node that CI installs and that the range accepts', () => {
    const pinned = readFileSync(join(repo, '.nvmrc'), 'utf8').trim()
    expect(semver.valid(pinned), '.nvmrc holds one exact version').not.toBeNull()
    expect(semver.satisfies(pinned, ours)).toBe(true)
    expect(readFileSync(join(repo, '.ci', 'run'), 'utf8')).toContain('.nvmrc')
  })
})
