// Benchmark: the 3D height view in headless Chromium (WebGL through SwiftShader, no GPU).
// A 64×64 map with varied elevation, 300 wall edges and 30 tokens: the p95 frame time while
// orbiting (target ≤ 33 ms) and the time for a one-cell edit to update (target ≤ 16 ms).
//   npx tsx bench/height-view.ts
// SwiftShader draws on the CPU, so wall-clock times grow with whatever else the machine runs; the
// CPU time Chromium spent per frame is printed beside them as the load-independent figure.
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { build, type Rolldown } from 'vite'
import { launchChromium } from '../tests/e2e/chromium'
import type * as InPage from './height-view.browser'

export const HEIGHT_VIEW_TARGETS = { orbitP95Ms: 33, editP95Ms: 16 }

type BenchOptions = InPage.BenchOptions

const DEFAULTS: BenchOptions = {
  side: 64,
  walls: 300,
  tokens: 30,
  orbitFrames: 240,
  edits: 60,
  width: 800,
  height: 520,
}

declare global {
  interface Window {
    HeightBench?: typeof InPage
  }
}

export interface Stats {
  p50: number
  p95: number
  max: number
}

export interface HeightViewBenchResult {
  scene: Awaited<ReturnType<typeof InPage.setup>>
  orbit: Stats & { frames: number; cpuMsPerFrame: number | null }
  orbitFullResolution: Stats
  editUpdate: Stats & { edits: number }
  editShown: Stats
  loadAverage: number
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return Math.round(sorted[index] * 100) / 100
}

function stats(values: readonly number[]): Stats {
  return { p50: percentile(values, 50), p95: percentile(values, 95), max: percentile(values, 100) }
}

/** CPU milliseconds Chromium's processes (browser, renderer, GPU) have used so far, or null. */
async function chromiumCpuMs(browser: Browser): Promise<number | null> {
  try {
    const session = await browser.newBrowserCDPSession()
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { cpuTime: number }[]
    }
    await session.detach()
    return processInfo.reduce((sum, p) => sum + p.cpuTime, 0) * 1000
  } catch {
    return null
  }
}

/** Bundles the in-page half into one classic script (the blank page has no module loader). */
async function bundle(): Promise<string> {
  const entry = fileURLToPath(new URL('./height-view.browser.ts', import.meta.url))
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['iife'], name: 'HeightBench', fileName: 'height-bench' },
    },
  })
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[]
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error('the bench bundle has no code')
  return chunk.code
}

export async function runHeightViewBench(
  options: Partial<BenchOptions> = {},
): Promise<HeightViewBenchResult> {
  const merged = { ...DEFAULTS, ...options }
  const code = await bundle()
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.setContent('<!doctype html><html><body></body></html>')
    await page.addScriptTag({ content: code })
    const scene = await page.evaluate((o) => window.HeightBench!.setup(o), merged)
    const cpuBefore = await chromiumCpuMs(browser)
    const frames = await page.evaluate(() => window.HeightBench!.orbit(true))
    const cpuAfter = await chromiumCpuMs(browser)
    const fullFrames = await page.evaluate(() => window.HeightBench!.orbit(false))
    const edited = await page.evaluate(() => window.HeightBench!.edits())
    await page.evaluate(() => window.HeightBench!.teardown())
    if (errors.length) throw new Error(errors.join('\n'))
    const cpu =
      cpuBefore !== null && cpuAfter !== null
        ? Math.round(((cpuAfter - cpuBefore) / frames.length) * 10) / 10
        : null
    return {
      scene,
      orbit: { frames: frames.length, ...stats(frames), cpuMsPerFrame: cpu },
      orbitFullResolution: stats(fullFrames),
      editUpdate: { edits: edited.update.length, ...stats(edited.update) },
      editShown: stats(edited.shown),
      loadAverage: Math.round(loadavg()[0] * 10) / 10,
    }
  } finally {
    await browser.close()
  }
}

export function formatHeightViewBench(r: HeightViewBenchResult): string {
  const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'OVER TARGET')
  const side = Math.sqrt(r.scene.cells)
  return [
    `height view: ${side}×${side} map, ${r.scene.walls} edges, ${r.scene.tokens} tokens; canvas ${r.scene.canvas}; ${r.scene.renderer}; load average ${r.loadAverage}`,
    `  orbit frame (as the view orbits: 60 % resolution on a software renderer)  p50 ${r.orbit.p50} ms  p95 ${r.orbit.p95} ms  max ${r.orbit.max} ms  over ${r.orbit.frames} frames` +
      `  (target p95 ≤ ${HEIGHT_VIEW_TARGETS.orbitP95Ms} ms: ${verdict(r.orbit.p95, HEIGHT_VIEW_TARGETS.orbitP95Ms)});` +
      ` Chromium CPU ${r.orbit.cpuMsPerFrame ?? '?'} ms per frame`,
    `  orbit, every frame at full resolution  p50 ${r.orbitFullResolution.p50} ms  p95 ${r.orbitFullResolution.p95} ms  max ${r.orbitFullResolution.max} ms`,
    `  one-cell edit    p50 ${r.editUpdate.p50} ms  p95 ${r.editUpdate.p95} ms  max ${r.editUpdate.max} ms  over ${r.editUpdate.edits} edits` +
      `  (target ≤ ${HEIGHT_VIEW_TARGETS.editP95Ms} ms: ${verdict(r.editUpdate.p95, HEIGHT_VIEW_TARGETS.editP95Ms)})`,
    `  edit + its frame p50 ${r.editShown.p50} ms  p95 ${r.editShown.p95} ms  max ${r.editShown.max} ms`,
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(formatHeightViewBench(await runHeightViewBench()))
}
