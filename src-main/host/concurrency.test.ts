// Issue 11.3: two GM clients editing at the same moment never lose each other's edits. Two
// WebSocket clients of the real host each place 50 items of every list kind, pipelined and
// interleaved; afterwards all 100 of each are there, in memory and in the saved file.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { campaignSchema, type Campaign } from '@core/campaign/schema'
import { startHost, type RunningHost } from './server'

let root: string
let host: RunningHost
const sockets: WebSocket[] = []

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'grid-gm-concurrency-'))
  host = await startHost({
    dataDir: join(root, 'data'),
    port: 0,
    staticDir: join(root, 'static'),
    autosaveDelayMs: 10_000,
  })
})

afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate()
  await host.close()
  await rm(root, { recursive: true, force: true })
})

interface Client {
  call(
    verb: string,
    args?: unknown,
  ): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>
}

function connect(port: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { origin: `http://127.0.0.1:${port}` })
    sockets.push(ws)
    let nextId = 1
    const pending = new Map<number, (result: never) => void>()
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { id?: number; result?: never }
      if (typeof message.id === 'number' && message.result)
        pending.get(message.id)?.(message.result)
    })
    ws.once('error', reject)
    ws.once('open', () =>
      resolve({
        call(verb, args) {
          const id = nextId++
          ws.send(JSON.stringify({ id, verb, args }))
          return new Promise((done) => pending.set(id, done))
        },
      }),
    )
  })
}

const CAMPAIGN = 'sample-campaign'
const MAP = 'arianrhod-sample'
const at = '2026-11-24T20:00:00.000Z'

/** The n-th item of every list kind, as client `who` places it. */
function commandsFor(who: 'a' | 'b', n: number): unknown[] {
  const x = n % 12
  const y = who === 'a' ? Math.floor(n / 12) % 5 : 5 + (Math.floor(n / 12) % 5)
  const id = `${who}${n}`
  return [
    {
      type: 'light.add',
      mapId: MAP,
      source: { id: `light-${id}`, at: [x, y], level: 4, radius: 2 },
    },
    { type: 'trap.set', mapId: MAP, trap: { id: `trap-${id}`, at: [x, y], name: id } },
    {
      type: 'condition.add',
      mapId: MAP,
      condition: { id: `cond-${id}`, tokenId: 'pc-mage', name: id },
    },
    { type: 'deploy.cells', mapId: MAP, faction: who, add: [[x, y]], remove: [] },
    { type: 'guild.item.add', at, item: { id: `item-${id}`, name: id } },
    { type: 'guild.member.add', member: { id: `pc-${id}`, name: id, cl: 1 } },
  ]
}

describe('two clients at the same moment', () => {
  it('lose none of 100 items of every list kind', async () => {
    const [a, b] = await Promise.all([connect(host.port), connect(host.port)])
    await a.call('campaign.open', { id: CAMPAIGN })
    await b.call('campaign.open', { id: CAMPAIGN })
    expect(
      (
        await a.call('campaign.dispatch', {
          id: CAMPAIGN,
          command: { type: 'guild.create', name: 'G' },
        })
      ).ok,
    ).toBe(true)
    const before = (await a.call('campaign.open', { id: CAMPAIGN })).value as { campaign: Campaign }
    const map0 = before.campaign.maps.find((m) => m.id === MAP)!
    const tokensBefore = map0.tokens.length
    const lightsBefore = map0.light.sources.length
    const sends: Array<Promise<{ ok: boolean; error?: { message: string } }>> = []
    for (let n = 0; n < 50; n++) {
      const tokens = [
        {
          type: 'token.add',
          mapId: MAP,
          token: { id: `tok-a${n}`, at: [n % 12, n % 10], faction: 'party' },
        },
        {
          type: 'token.add',
          mapId: MAP,
          token: { id: `tok-b${n}`, at: [(n + 6) % 12, (n + 3) % 10], faction: 'enemy' },
        },
      ]
      for (const [client, command] of [
        ...commandsFor('a', n).map((c) => [a, c] as const),
        [a, tokens[0]] as const,
        ...commandsFor('b', n).map((c) => [b, c] as const),
        [b, tokens[1]] as const,
      ]) {
        sends.push(client.call('campaign.dispatch', { id: CAMPAIGN, command }) as never)
      }
    }
    const results = await Promise.all(sends)
    expect(results.filter((r) => !r.ok).map((r) => r.error?.message)).toEqual([])

    await host.flush()
    const saved = campaignSchema.parse(
      JSON.parse(await readFile(join(root, 'data', 'campaigns', `${CAMPAIGN}.json`), 'utf8')),
    )
    const map = saved.maps.find((m) => m.id === MAP)!
    expect(map.light.sources.length - lightsBefore).toBe(100)
    expect(map.traps).toHaveLength(100)
    expect(map.conditions).toHaveLength(100)
    expect(map.tokens.length - tokensBefore).toBe(100)
    expect((map.deploy?.a ?? []).length + (map.deploy?.b ?? []).length).toBe(100)
    expect(saved.guild!.items).toHaveLength(100)
    expect(saved.guild!.members).toHaveLength(100)
  }, 60_000)
})
