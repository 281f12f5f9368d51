// A big campaign in the GM page, through the Node host and headless Chromium (issue 13): a
// 51-map campaign (50 maps of ~190 KB and one 200×200 Arianrhod map with 5,000 walls and 40
// tokens). Measured in the page: opening the campaign to the first board frame; a wall click on
// the big map until the wall is drawn and the overlays have their answers, with the longest task
// the page ran meanwhile (PerformanceObserver 'longtask') and the rules queries the edit caused
// (WebSocket frames). The host runs as its own process (`npm run web`'s entry), so main's CPU per
// click is read from /proc for that process alone (clock ticks: averaged over all clicks).
//   npx tsx bench/campaign-page.ts [--no-build]
import { execFileSync } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CampaignMap } from '@core/campaign/schema'
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { arianrhodBenchMap } from './arianrhod'
import { BENCH_CAMPAIGN, benchDataFolder, campaignMapOf } from './bench-campaign'
import { heavyMap } from './save-stall'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, findChromium } from '../tests/e2e/chromium'

export interface CampaignPageBench {
  megabytes: number
  openMs: number[]
  clickMs: number[]
  longestTaskMs: number[]
  /** Main's CPU over all clicks divided by their number (the /proc counters tick every 10 ms). */
  cpuMsPerClick: number
  queriesPerClick: number[]
}

/** The Node host in a child process, as `npm run web` runs it; answers its URL. */
async function startHostProcess(
  repo: string,
  dataDir: string,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repo, 'src-main/host/cli.ts'), '--data', dataDir, '--port', '0'],
    { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /running at (http:\/\/[^ ]+\/)gm\.html/.exec(out)
      if (match) resolve(match[1])
    })
    child.on('exit', (code) => reject(new Error(`host exited (${code}): ${out}`)))
  })
  return { child, url }
}

/** User + system CPU of a process so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

function bigMap(): CampaignMap {
  const { map, tokens } = arianrhodBenchMap()
  return campaignMapOf(
    'big',
    'arianrhod',
    { ...map, cells: [] },
    tokens.map((t) => ({ ...t, move: 10 })),
  )
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]

export async function runCampaignPageBench(
  options: { build?: boolean; opens?: number; clicks?: number } = {},
): Promise<CampaignPageBench> {
  const repo = fileURLToPath(new URL('../', import.meta.url))
  if (options.build !== false)
    execFileSync('npx', ['electron-vite', 'build'], { cwd: repo, stdio: 'ignore' })
  const maps = [bigMap(), ...Array.from({ length: 50 }, (_, i) => heavyMap(i))]
  const megabytes = JSON.stringify(maps).length / 1e6
  const dataDir = await benchDataFolder('grid-gm-page-bench-', maps)
  const host = await startHostProcess(repo, dataDir)
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [...CHROMIUM_FLAGS],
  })
  const result: CampaignPageBench = {
    megabytes,
    openMs: [],
    clickMs: [],
    longestTaskMs: [],
    cpuMsPerClick: 0,
    queriesPerClick: [],
  }
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } })
    await page.addInitScript(() => {
      const w = window as unknown as { longTasks: number[]; __gmTestHooks: boolean }
      w.__gmTestHooks = true // the board's probe (gm/board/test-hook.ts)
      w.longTasks = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longTasks.push(entry.duration)
      }).observe({ type: 'longtask', buffered: true })
    })
    let queries = 0
    page.on('websocket', (ws) =>
      ws.on('framesent', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"rules.query"')) queries++
      }),
    )
    for (let i = 0; i < (options.opens ?? 5); i++) {
      await page.goto(`${host.url}gm.html`)
      await page.locator('[data-testid="status"][data-connection="open"]').waitFor()
      await page
        .locator(`li[data-campaign-id="${BENCH_CAMPAIGN}"] [data-testid="open-campaign"]`)
        .waitFor()
      const ms = await page.evaluate(async (id) => {
        const button = document.querySelector(
          `li[data-campaign-id="${id}"] [data-testid="open-campaign"]`,
        ) as HTMLButtonElement
        const t0 = performance.now()
        button.click()
        while (!document.querySelector('[data-testid="map-grid"]'))
          await new Promise((resolve) => requestAnimationFrame(resolve))
        await new Promise((resolve) => requestAnimationFrame(resolve))
        return performance.now() - t0
      }, BENCH_CAMPAIGN)
      result.openMs.push(ms)
    }
    await page.locator('[data-testid="map-grid"][data-map-id="big"]').waitFor()
    await page.locator('[data-testid="tool-wall"]').click()
    // Zoom to 100 % or more (around the board's centre) so an edge is a GM-sized target.
    for (let i = 0; i < 20; i++) {
      const zoom = Number(await page.locator('[data-testid="board"]').getAttribute('data-zoom'))
      if (zoom >= 1) break
      await page.locator('[data-testid="zoom-in"]').click()
    }
    const grid = page.locator('[data-testid="map-grid"]')
    const board = await page.locator('[data-testid="board"]').boundingBox()
    if (!board) throw new Error('no board')
    const walls = new Set(maps[0].edges.map((e) => JSON.stringify(e.between)))
    let cpuTotal = 0
    for (let i = 0; i < (options.clicks ?? 20); i++) {
      const box = await grid.boundingBox()
      if (!box) throw new Error('no board')
      const cell = box.width / 200
      // A free vertical edge near the board's centre.
      const cy = Math.floor((board.y + board.height / 2 - box.y) / cell)
      let cx = Math.floor((board.x + board.width / 2 - box.x) / cell) - 10 + i
      while (
        walls.has(
          JSON.stringify([
            [cx, cy],
            [cx + 1, cy],
          ]),
        )
      )
        cx++
      walls.add(
        JSON.stringify([
          [cx, cy],
          [cx + 1, cy],
        ]),
      )
      const x = box.x + (cx + 1) * cell
      const y = box.y + (cy + 0.5) * cell
      await page.evaluate(() => {
        ;(window as unknown as { longTasks: number[] }).longTasks = []
      })
      queries = 0
      const cpuBefore = cpuOf(host.child.pid!)
      const t0 = Date.now()
      await page.mouse.click(x, y)
      await page.waitForFunction(
        (id) => window.__gmBoard?.edge(id)?.kind === 'wall',
        `${cx},${cy},${cx + 1},${cy}`,
      )
      const clickMs = Date.now() - t0
      await page.waitForTimeout(300) // overlays' answers and any trailing work
      cpuTotal += cpuOf(host.child.pid!) - cpuBefore
      result.clickMs.push(clickMs)
      result.queriesPerClick.push(queries)
      result.longestTaskMs.push(
        await page.evaluate(() =>
          Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks),
        ),
      )
    }
    result.cpuMsPerClick = cpuTotal / result.clickMs.length
    return result
  } finally {
    await browser.close()
    host.child.kill('SIGTERM')
    await new Promise((resolve) => host.child.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
  }
}

export function formatCampaignPageBench(r: CampaignPageBench): string {
  const f = (v: number) => v.toFixed(0)
  return [
    `51 maps (${r.megabytes.toFixed(1)} MB), 1366×768, headless Chromium through the Node host; ${r.openMs.length} opens, ${r.clickMs.length} wall clicks on the 200×200 map.`,
    '',
    '| measurement | median | p95 | target |',
    '| --- | ---: | ---: | --- |',
    `| open the campaign to the first board frame | ${f(percentile(r.openMs, 0.5))} ms | ${f(percentile(r.openMs, 0.95))} ms | ≤ 150 ms |`,
    `| wall click until the wall is drawn | ${f(percentile(r.clickMs, 0.5))} ms | ${f(percentile(r.clickMs, 0.95))} ms | overlays ≤ 100 ms p95 |`,
    `| longest page task during a wall click (0: none over 50 ms) | ${f(percentile(r.longestTaskMs, 0.5))} ms | ${f(percentile(r.longestTaskMs, 0.95))} ms | none over 50 ms |`,
    `| main-process CPU per wall click (the host's own process, mean) | ${r.cpuMsPerClick.toFixed(1)} ms | — | ≤ 20 ms |`,
    `| rules queries per wall click | ${percentile(r.queriesPerClick, 0.5)} | ${percentile(r.queriesPerClick, 0.95)} | reported |`,
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(
    formatCampaignPageBench(
      await runCampaignPageBench({ build: !process.argv.includes('--no-build') }),
    ),
  )
}
