// The GM side of bench/pictures.ts, in processes of their own so that building, encoding and
// sending the big payloads never counts against the host: a sender that sends each input the
// parent names (over IPC) as the page does (a long argument in parts) and reports the answer and
// the round trip, and a pinger, another GM page asking `campaign.list` every 10 ms meanwhile.
//   (started by bench/pictures.ts) node --import tsx bench/pictures-client.ts <port> [pinger]
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'
import { zipSync, type Zippable } from 'fflate'
import { cellColourPicture } from '../src-main/art/art-fixtures'
import {
  htmlBehindPngHeader,
  jpegClaiming30000Squared,
  lyingEntry,
  onePixelPngInflatingTo2GB,
  png16384Squared,
  pngClaiming60000Squared,
  pngHeaderWithoutData,
  pngInflatingTo6GB,
  pngWith,
  rawZip,
  tinyWebpClaiming16384Squared,
} from '../src-main/art/hostile-pictures'
import { gmClient, type GmClient } from '../tests/e2e/player-fixture'

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')
const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64')

const BIG_WIDTH = 6_000
const BIG_HEIGHT = 4_000

/** The inputs, in order: a name and what to send. */
export const INPUTS: Array<[string, (gm: GmClient) => Promise<() => Promise<unknown>>]> = [
  ...(
    [
      ['2 MB PNG, 1 × 1 px, inflating to 2 GB', onePixelPngInflatingTo2GB],
      ['6.25 MB PNG inflating to 6.4 GB', pngInflatingTo6GB],
      ['1 MB PNG of 16,384 × 16,384 px', png16384Squared],
      ['437 KB PNG claiming 60,000 × 60,000', pngClaiming60000Squared],
      ['PNG header with no valid data', pngHeaderWithoutData],
      ['HTML behind a PNG header', htmlBehindPngHeader],
      ['34-byte WebP claiming 16,384²', tinyWebpClaiming16384Squared],
      ['1 MB JPEG claiming 30,000²', jpegClaiming30000Squared],
    ] as const
  ).map(
    ([name, make]) =>
      [
        name,
        async (gm: GmClient) => {
          const args = { base64: base64(make()) }
          return () => gm.call('asset.put', args)
        },
      ] as [string, (gm: GmClient) => Promise<() => Promise<unknown>>],
  ),
  [
    '8.3 MB pack: campaign.json announces 100 bytes, inflates to 8 GB',
    async (gm) => {
      const args = { base64: base64(rawZip([lyingEntry('campaign.json', 100, 8192)])) }
      return () => gm.call('campaign.importPack', args)
    },
  ],
  [
    'pack with 20,000 unused pictures',
    async (gm) => {
      const used = cellColourPicture(12, 10, 8).png
      const exported = JSON.parse((await gm.call('campaign.export', { id: 'bench' })) as string)
      exported.campaign.maps = [
        {
          ...blankMap('m', 12, 10),
          art: { ...art(sha256(used), 96, 80), pixelsPerSquare: 8 },
        },
      ]
      const files: Zippable = {
        'campaign.json': new TextEncoder().encode(JSON.stringify(exported)),
        [`assets/${sha256(used)}.png`]: [used, { level: 0 }],
      }
      for (let i = 0; i < 20_000; i++) {
        const bytes = Uint8Array.of(i & 255, i >> 8, 1, 2)
        files[`assets/${sha256(bytes)}.png`] = [bytes, { level: 0 }]
      }
      const args = { base64: base64(zipSync(files)), onConflict: 'keep-both' }
      return () => gm.call('campaign.importPack', args)
    },
  ],
  [
    '6,000 × 4,000 PNG stored (checked by a full decode)',
    async (gm) => {
      const args = { base64: base64(bigPicture()) }
      return () => gm.call('asset.put', args)
    },
  ],
  [
    'the same shown to players (the players’ copy made)',
    async (gm) => {
      await gm.call('campaign.open', { id: 'bench' })
      const mapId = `shown-${++shown}`
      return async () => {
        await gm.call('campaign.dispatch', {
          id: 'bench',
          command: {
            type: 'map.add',
            map: {
              ...blankMap(mapId, 30, 20),
              tokens: [{ id: 'pc', name: 'PC', at: [1, 1], faction: 'party' }],
              art: art(sha256(bigPicture()), BIG_WIDTH, BIG_HEIGHT),
            },
          },
        })
        await gm.call('player.show', { target: { campaignId: 'bench', mapId } })
        for (let i = 0; i < 4800; i++) {
          const view = (await gm.call('player.current')) as { map: { art?: unknown } | null }
          if (view.map?.art) return 'players’ copy ready'
          await new Promise((resolve) => setTimeout(resolve, 25))
        }
        throw new Error('the players’ copy was never ready')
      }
    },
  ],
]

let shown = 0
let big: Uint8Array | null = null
/** 6,000 × 4,000 RGBA, all zeros: 96 MB of pixels in a small file. */
function bigPicture(): Uint8Array {
  big ??= pngWith(
    BIG_WIDTH,
    BIG_HEIGHT,
    deflateSync(new Uint8Array(BIG_HEIGHT * (1 + BIG_WIDTH * 4)), { level: 1 }),
  )
  return big
}

function blankMap(id: string, width: number, height: number) {
  return {
    id,
    name: id,
    system: 'arianrhod',
    width,
    height,
    cells: [],
    edges: [],
    light: { sources: [] },
    tokens: [],
    notes: '',
  }
}

function art(hash: string, width: number, height: number) {
  return {
    asset: hash,
    type: 'png',
    width,
    height,
    pixelsPerSquare: width / 30,
    offsetX: 0,
    offsetY: 0,
  }
}

function describeAnswer(value: unknown): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object' && 'report' in value)
    return `imported, ${JSON.stringify((value as { report: unknown }).report)}`
  return 'accepted'
}

/**
 * The sender: for each input the parent names, builds the payload, says so, and sends it when
 * told; it reports the answer and the round trip.
 */
async function sender(port: number): Promise<void> {
  const gm = await gmClient(port)
  let send: (() => Promise<unknown>) | null = null
  let input = ''
  process.on('message', (message: { index: number } | { go: true }) => {
    void (async () => {
      if ('index' in message) {
        const [name, prepare] = INPUTS[message.index]
        input = name
        send = await prepare(gm)
        process.send!({ prepared: true })
        return
      }
      const started = performance.now()
      const answer = await send!().then(
        describeAnswer,
        (error: Error) => `refused: ${error.message}`,
      )
      process.send!({ input, answer, ms: performance.now() - started } satisfies SenderReport)
    })()
  })
  process.send!({ ready: true })
}

/**
 * Another GM page, in a process of its own (the sender's process is busy framing and masking
 * its parts, which would delay its own answers, not the host's): asks `campaign.list` every
 * 10 ms between a start and a stop, and reports the slowest answer.
 */
async function pinger(port: number): Promise<void> {
  const other = await gmClient(port)
  let running = false
  let pinging: Promise<number> = Promise.resolve(0)
  process.on('message', (message: { start: true } | { stop: true }) => {
    void (async () => {
      if ('start' in message) {
        running = true
        pinging = (async () => {
          let slowest = 0
          while (running) {
            const started = performance.now()
            await other.call('campaign.list')
            slowest = Math.max(slowest, performance.now() - started)
            await new Promise((resolve) => setTimeout(resolve, 10))
          }
          return slowest
        })()
        process.send!({ pinging: true })
        return
      }
      running = false
      process.send!({ otherRequestMaxMs: await pinging })
    })()
  })
  process.send!({ ready: true })
}

export interface SenderReport {
  input: string
  answer: string
  ms: number
}

if (process.send && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.argv[2])
  await (process.argv[3] === 'pinger' ? pinger(port) : sender(port))
}
