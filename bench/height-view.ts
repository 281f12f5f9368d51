// Benchmark: the 3D height view in headless Chromium (WebGL through SwiftShader, no GPU).
// A 64×64 map with varied elevation, 300 wall edges and 30 tokens; p95 frame time while orbiting
// (target ≤ 33 ms) and the time for a one-cell edit to reach the screen (target ≤ 16 ms).
//   npx tsx bench/height-view.ts
import { fileURLToPath } from 'node:url'
import { build, type Rolldown } from 'vite'
import { launchChromium } from '../tests/e2e/chromium'
import type { BenchOptions, BenchResult } from './height-view.browser'

export const HEIGHT_VIEW_TARGETS = { orbitP95Ms: 33, editP95Ms: 16 }

const DEFAULTS: BenchOptions = { side: 64, walls: 300, tokens: 30, orbitFrames: 240, edits: 60, width: 800, height: 520 }

declare global {
  interface Window {
    HeightBench?: { run(options: BenchOptions): Promise<BenchResult> }
  }
}

/** Bundles the in-page half into one classic script (the page gets no module loader). */
async function bundle(): Promise<string> {
  const entry = fileURLToPath(new URL('./height-view.browser.ts', import.meta.url))
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['iife'], name: 'HeightBench', fileName: 'height-bench' },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  })
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[]
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error('the bench bundle has no code')
  return chunk.code
}

export async function runHeightViewBench(options: Partial<BenchOptions> = {}): Promise<BenchResult> {
  const code = await bundle()
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.setContent('<!doctype html><html><body></body></html>')
    await page.addScriptTag({ content: code })
    const result = await page.evaluate((o) => window.HeightBench!.run(o), { ...DEFAULTS, ...options })
    if (errors.length) throw new Error(errors.join('\n'))
    return result
  } finally {
    await browser.close()
  }
}

export function formatHeightViewBench(result: BenchResult): string {
  const ok = (value: number, target: number) => (value <= target ? 'ok' : 'OVER TARGET')
  return [
    `height view: ${Math.sqrt(result.cells)}×${Math.sqrt(result.cells)} map, ${result.walls} edges, ${result.tokens} tokens, canvas ${result.canvas}, ${result.renderer}`,
    `  orbit frame   p50 ${result.orbit.p50} ms  p95 ${result.orbit.p95} ms  max ${result.orbit.max} ms  (${result.orbit.frames} frames; target p95 ≤ ${HEIGHT_VIEW_TARGETS.orbitP95Ms} ms: ${ok(result.orbit.p95, HEIGHT_VIEW_TARGETS.orbitP95Ms)})`,
    `  one-cell edit p50 ${result.edit.p50} ms  p95 ${result.edit.p95} ms  max ${result.edit.max} ms  (${result.edit.edits} edits; target ≤ ${HEIGHT_VIEW_TARGETS.editP95Ms} ms: ${ok(result.edit.p95, HEIGHT_VIEW_TARGETS.editP95Ms)})`,
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runHeightViewBench()
  console.log(formatHeightViewBench(result))
}
