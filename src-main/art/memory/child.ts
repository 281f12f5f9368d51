// Child process of memory.test.ts: measures the resident memory of a process that does what the
// host does with pictures (issue 26: "the host's resident memory returns near its start after the
// players' copy is made"). It stores a big map picture (checked by a full decode), makes the
// players' copy of it and fetches a tile, then tries every hostile picture of the issues; it
// prints one JSON line of resident-set figures from /proc (peak: VmHWM).
// Usage: node --expose-gc --import tsx child.ts <dataDir>
import { readFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import { createArtWorkerClient } from '../art-worker-client'
import { cellColourPicture } from '../art-fixtures'
import { AssetStore } from '../assets'
import {
  htmlBehindPngHeader,
  jpegClaiming30000Squared,
  onePixelPngInflatingTo2GB,
  png16384Squared,
  pngClaiming60000Squared,
  pngHeaderWithoutData,
  pngInflatingTo6GB,
  pngWith,
  tinyWebpClaiming16384Squared,
} from '../hostile-pictures'
import { createPlayerArtService } from '../player-art-service'
import { sharedPictureDecoder } from '../picture-decoder'
import type { CampaignMap } from '@core/campaign/schema'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: child <dataDir>')
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')

function status(field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))
  return Number(match?.[1] ?? 0) * 1024
}

/** Resident memory once the garbage collector has run and the workers have settled. */
async function settledRss(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc!()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return status('VmRSS')
}

const store = new AssetStore(dataDir)
const tiles = createArtWorkerClient()
const art = createPlayerArtService(store, tiles)

/** Stores a picture, shows it under a map and fetches one tile of the players' copy. */
async function showToPlayers(png: Uint8Array, width: number, mapWidth: number, mapHeight: number) {
  const stored = await store.put(png)
  const map = {
    id: `map-${stored.hash.slice(0, 8)}`,
    width: mapWidth,
    height: mapHeight,
    art: {
      asset: stored.hash,
      type: stored.type,
      width: stored.width,
      height: stored.height,
      pixelsPerSquare: width / mapWidth,
      offsetX: 0,
      offsetY: 0,
    },
  } as CampaignMap
  const known = new Uint8Array(mapWidth * mapHeight).fill(1)
  let ready = art.tilesFor(map, known, 'memory-test')
  if (!ready) {
    await new Promise<void>((resolve) => {
      const stop = art.onReady(() => {
        stop()
        resolve()
      })
    })
    ready = art.tilesFor(map, known, 'memory-test')
  }
  if (!ready) throw new Error('the players’ copy was not made')
  await art.tileDataUrl(ready.tiles[0].id)
}

/** Waits until the decode worker has ended by itself (a large job ends it, idleness ends a small one). */
async function decodeWorkerEnded(): Promise<void> {
  while (sharedPictureDecoder().runner.alive)
    await new Promise((resolve) => setTimeout(resolve, 50))
}

// Warm-up: every module, both workers and the code paths, on a small picture.
const small = cellColourPicture(30, 20, 10)
await showToPlayers(small.png, small.width, 30, 20)
await decodeWorkerEnded()

// The hostile pictures of issues 26 and 27, made before the measurements start.
const hostile = Object.entries({
  onePixelPngInflatingTo2GB,
  pngInflatingTo6GB,
  png16384Squared,
  pngClaiming60000Squared,
  pngHeaderWithoutData,
  htmlBehindPngHeader,
  tinyWebpClaiming16384Squared,
  jpegClaiming30000Squared,
}).map(([name, make]) => [name, make()] as const)
// A 6,000 × 4,000 RGBA map picture: 96 MB of pixels to check, and to decode again for the players.
const width = 6_000
const height = 4_000
const big = pngWith(
  width,
  height,
  deflateSync(new Uint8Array(height * (1 + width * 4)), { level: 1 }),
)

const start = await settledRss()
const refused: Record<string, string> = {}
for (const [name, bytes] of hostile) {
  refused[name] = await store.put(bytes).then(
    () => 'accepted',
    (error: { code?: string }) => error.code ?? 'error',
  )
}
await decodeWorkerEnded()
const afterHostile = await settledRss()
const peakHostile = status('VmHWM')

await showToPlayers(big, width, 30, 20)
await decodeWorkerEnded()
const afterShow = await settledRss()
const peakShow = status('VmHWM')

process.stdout.write(
  `${JSON.stringify({ start, afterHostile, peakHostile, afterShow, peakShow, refused })}\n`,
)
tiles.dispose()
await sharedPictureDecoder().dispose()
