// Benchmark: map art (issue 16). Through the app's own paths on the real Node host:
//  - importing a ~30 MB Universal VTT file (walls and a noisy 3,000 × 3,000 picture) with
//    the map.importUvtt verb over the GM WebSocket, as the import dialog sends it;
//  - the time until the players' copy of that picture is ready (worker decode, resample, tiles);
//  - panning the GM board over a 100 × 100 map with an 8,000 × 8,000 picture, 5,000 walls and
//    100 tokens in headless Chromium, one pointer move per frame, no vsync (as bench/board-pan.ts).
// Target: pan p95 ≤ 16 ms.
//   npx tsx bench/map-art.ts [--no-build]
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { encode } from 'fast-png'
import type { CampaignMap } from '@core/campaign/schema'
import { startHost } from '../src-main/host/server'
import { gmClient } from '../tests/e2e/player-fixture'
import { BOARD_PAN_TARGET_P95_MS, panAtZooms, type PanStats } from './board-pan'
import { benchDataFolder, openBenchCampaign } from './bench-campaign'
import { randomEdges, seededRandom } from './random-map'

const SIDE = 100
const PICTURE_PX = 8000
const WALLS = 5_000
const TOKENS = 100

export interface MapArtBench {
  importMb: number
  importMs: number
  playerArtMs: number
  pan: PanStats[]
}

/** An RGBA picture: a colour per 80 px square, plus `noise` bits of per-pixel noise. */
function picture(width: number, height: number, noise: number, seed: number): Uint8Array {
  const rand = seededRandom(seed)
  const data = new Uint8Array(width * height * 4)
  const mask = (1 << noise) - 1
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      const cx = (x / 80) | 0
      const cy = (y / 80) | 0
      const n = noise ? (rand() * 0x1000000) | 0 : 0
      data[i] = ((cx * 37) & 255) ^ (n & mask)
      data[i + 1] = ((cy * 53) & 255) ^ ((n >> 8) & mask)
      data[i + 2] = (((cx + cy) * 11) & 255) ^ ((n >> 16) & mask)
      data[i + 3] = 255
    }
  }
  return encode({ width, height, data, channels: 4, depth: 8 }, { zlib: { level: 1 } })
}

function artMap(hash: string): CampaignMap {
  const rand = seededRandom(23)
  const edges = randomEdges(rand, SIDE, WALLS, (kind) =>
    kind < 0.9 ? { kind: 'wall' } : { kind: 'door', state: 'closed' },
  )
  const tokens: CampaignMap['tokens'] = []
  for (let i = 0; i < TOKENS; i++) {
    tokens.push({
      id: `t${i}`,
      name: `Token ${i}`,
      at: [Math.floor(rand() * 40) + 50, Math.floor(rand() * 40) + 50],
      faction: i % 3 === 0 ? 'party' : 'enemy',
    })
  }
  return {
    id: 'art',
    name: 'Art 100 × 100',
    system: 'pathfinder',
    width: SIDE,
    height: SIDE,
    cells: [],
    edges,
    light: { sources: [] },
    tokens,
    notes: '',
    art: {
      asset: hash,
      type: 'png',
      width: PICTURE_PX,
      height: PICTURE_PX,
      pixelsPerSquare: PICTURE_PX / SIDE,
      offsetX: 0,
      offsetY: 0,
    },
  }
}

export async function runMapArtBench(options: { build?: boolean } = {}): Promise<MapArtBench> {
  const repo = fileURLToPath(new URL('../', import.meta.url))
  if (options.build !== false)
    execFileSync('npx', ['electron-vite', 'build'], { cwd: repo, stdio: 'ignore' })
  const big = picture(PICTURE_PX, PICTURE_PX, 0, 5)
  const hash = createHash('sha256').update(big).digest('hex')
  const dataDir = await benchDataFolder('grid-gm-art-bench-', [artMap(hash)])
  await mkdir(join(dataDir, 'assets'), { recursive: true })
  await writeFile(join(dataDir, 'assets', `${hash}.png`), big)
  const host = await startHost({ dataDir, port: 0, staticDir: join(repo, 'out', 'renderer') })
  const gm = await gmClient(host.port)
  try {
    // Import: a UVTT of about 30 MB, most of it the picture.
    const uvttPicture = Buffer.from(picture(3000, 3000, 4, 9)).toString('base64')
    const rand = seededRandom(3)
    const walls = Array.from({ length: 2000 }, () => {
      const x = Math.floor(rand() * 60)
      const y = Math.floor(rand() * 60)
      return [
        { x, y },
        { x: x + 1 + Math.floor(rand() * 4), y: y + Math.floor(rand() * 3) },
      ]
    })
    const uvtt = JSON.stringify({
      format: 0.3,
      resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: 60, y: 60 }, pixels_per_grid: 50 },
      line_of_sight: walls,
      portals: [],
      lights: [],
      environment: { baked_lighting: false, ambient_light: 'ffffffff' },
      image: uvttPicture,
    })
    const started = performance.now()
    await gm.call('map.importUvtt', {
      campaignId: 'bench',
      json: uvtt,
      name: 'Imported',
      system: 'pathfinder',
    })
    const importMs = performance.now() - started

    // The players' copy of the 8,000 px picture: from showing the map to a payload naming tiles.
    const shown = performance.now()
    await gm.call('campaign.dispatch', {
      id: 'bench',
      command: { type: 'fog.settings', mapId: 'art', mode: 'manual' },
    })
    const everyCell = Array.from({ length: SIDE * SIDE }, (_, i) => [
      i % SIDE,
      Math.floor(i / SIDE),
    ])
    await gm.call('campaign.dispatch', {
      id: 'bench',
      command: { type: 'fog.reveal', mapId: 'art', cells: everyCell, reveal: true },
    })
    await gm.call('player.show', { target: { campaignId: 'bench', mapId: 'art' } })
    let playerArtMs = Number.NaN
    for (let i = 0; i < 1200; i++) {
      const view = (await gm.call('player.current')) as { map: { art?: unknown } | null }
      if (view.map?.art) {
        playerArtMs = performance.now() - shown
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }

    const { browser, page } = await openBenchCampaign(host.url)
    try {
      await page.locator('[data-testid="map-tab"][data-map-id="art"]').click()
      await page
        .locator('[data-testid="board-canvas"][data-art="ready"]')
        .waitFor({ timeout: 120_000 })
      await page.locator('[data-testid="tool-select"]').click()
      const pan = await panAtZooms(page, [1, 0.25])
      return { importMb: uvtt.length / 1e6, importMs, playerArtMs, pan }
    } finally {
      await browser.close()
    }
  } finally {
    gm.close()
    await host.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export function formatMapArtBench(result: MapArtBench): string {
  const rows = result.pan.map(
    (s) =>
      `| pan @ ${Math.round(s.zoom * 100)} % | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.max.toFixed(1)} | ${s.paints} |`,
  )
  const main = result.pan[0]
  return [
    `${SIDE} × ${SIDE} map with a ${PICTURE_PX} × ${PICTURE_PX} px picture, ${WALLS} walls / doors, ${TOKENS} tokens; scripted pan, one move per frame, no vsync.`,
    '',
    '| measurement | p50 ms | p95 ms | max ms | canvas paints |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Import of a ${result.importMb.toFixed(1)} MB Universal VTT file (map.importUvtt over the WebSocket): ${result.importMs.toFixed(0)} ms.`,
    `Players' copy of the ${PICTURE_PX} px picture ready (worker decode, resample, tiles): ${result.playerArtMs.toFixed(0)} ms.`,
    `pan p95 at 100 %: ${main.p95.toFixed(1)} ms (target ≤ ${BOARD_PAN_TARGET_P95_MS} ms): ${main.p95 <= BOARD_PAN_TARGET_P95_MS ? 'OK' : 'OVER'}`,
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(
    formatMapArtBench(await runMapArtBench({ build: !process.argv.includes('--no-build') })),
  )
}
