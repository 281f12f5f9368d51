// The 3D view must stay optional: three may be loaded only when the view is first opened. So no
// renderer file outside height-view/ may import three, nor import height-view/ statically (the
// board reaches it through a dynamic import()).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const RENDERER = join(process.cwd(), 'src-renderer')
const HEIGHT_VIEW = join(RENDERER, 'gm', 'height-view')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.(ts|svelte)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** Static value imports (not `import type`, not dynamic `import()`), with their specifiers. */
function staticImports(text: string): string[] {
  const found: string[] = []
  for (const match of text.matchAll(
    /^\s*import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
  ))
    found.push(match[1])
  return found
}

describe('the 3D view is loaded lazily', () => {
  const outside = sources(RENDERER).filter((path) => !path.startsWith(HEIGHT_VIEW + sep))

  it('finds renderer sources to check', () => {
    expect(outside.length).toBeGreaterThan(5)
  })

  it('has no file outside height-view/ importing three', () => {
    const offenders = outside.filter((path) =>
      staticImports(readFileSync(path, 'utf8')).some(
        (s) => s === 'three' || s.startsWith('three/'),
      ),
    )
    expect(offenders.map((p) => relative(RENDERER, p))).toEqual([])
  })

  it('has no file outside height-view/ importing it statically', () => {
    const offenders = outside.filter((path) =>
      staticImports(readFileSync(path, 'utf8')).some((s) => s.includes('height-view/')),
    )
    expect(offenders.map((p) => relative(RENDERER, p))).toEqual([])
  })

  it('recognises a static three import when there is one', () => {
    expect(
      staticImports(
        "import * as THREE from 'three'\nimport type { X } from 'three'\nconst m = import('three')",
      ),
    ).toEqual(['three'])
  })
})
