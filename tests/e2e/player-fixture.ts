// A small campaign for the player view end-to-end tests, and a GM client that sends commands to
// the real host over its WebSocket (the same contract the GM page uses).
import WebSocket from 'ws'
import { requestTexts } from '@core/contract/long-message'
import type { Cell } from './gm-page'

export const FOG_CAMPAIGN = 'fog-test'
export const FOG_MAP = 'fog-dungeon'
export const HIDDEN_ID = 'assassin-hidden'
export const HIDDEN_NAME = 'Lurking Assassin'
export const GM_NOTE = 'GM ONLY: the assassin waits for the signal'
export const TORCH: Cell = [8, 3]
export const SECRET_DOOR: [Cell, Cell] = [
  [10, 3],
  [11, 3],
]

/** Pathfinder squares within `feet` of a point (5/10/5 diagonals). */
export function withinFeet(
  from: Cell,
  feet: number,
  xs: [number, number],
  ys: [number, number],
): string[] {
  const out: string[] = []
  for (let y = ys[0]; y <= ys[1]; y++) {
    for (let x = xs[0]; x <= xs[1]; x++) {
      const dx = Math.abs(x - from[0])
      const dy = Math.abs(y - from[1])
      if (5 * (Math.max(dx, dy) + Math.floor(Math.min(dx, dy) / 2)) <= feet) out.push(`${x},${y}`)
    }
  }
  return out.sort()
}

/**
 * 14 × 8, pathfinder, ambient darkness. Room A (x 0–4) is lit by its cells' own light; an open
 * door at y = 3 leads to room B (x 5–10), dark but for a torch at (8, 3) (normal 5 ft, dim 10 ft);
 * a secret door at y = 3 leads to room C (x 11–13), lit. A hidden assassin stands in the torch
 * light, a goblin next to it in plain view.
 */
export function fogCampaign(): Record<string, unknown> {
  const cells: { at: Cell; light: number }[] = []
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 5; x++) cells.push({ at: [x, y], light: 2 })
    for (let x = 11; x < 14; x++) cells.push({ at: [x, y], light: 2 })
  }
  const edges: Record<string, unknown>[] = []
  for (let y = 0; y < 8; y++) {
    edges.push(
      y === 3
        ? {
            between: [
              [4, y],
              [5, y],
            ],
            kind: 'door',
            state: 'open',
          }
        : {
            between: [
              [4, y],
              [5, y],
            ],
            kind: 'wall',
          },
    )
    edges.push(
      y === 3
        ? { between: SECRET_DOOR, kind: 'door', state: 'closed', secret: true }
        : {
            between: [
              [10, y],
              [11, y],
            ],
            kind: 'wall',
          },
    )
  }
  return {
    schemaVersion: 5,
    id: FOG_CAMPAIGN,
    name: 'Fog test',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    notes: '',
    maps: [
      {
        id: FOG_MAP,
        name: 'Dark dungeon',
        system: 'pathfinder',
        width: 14,
        height: 8,
        cells,
        edges,
        light: { ambient: 0, sources: [{ at: TORCH, level: 2, radius: 5 }] },
        tokens: [
          { id: 'pc-hero', name: 'Hero', at: [1, 3], faction: 'party', color: '#2563eb' },
          {
            id: HIDDEN_ID,
            name: HIDDEN_NAME,
            at: [8, 2],
            faction: 'enemy',
            hidden: true,
            notes: 'poisoned blade',
          },
          // Known: the players were told their names (issue 23 withholds them until then).
          { id: 'goblin', name: 'Goblin', at: [9, 3], faction: 'enemy', known: true },
          { id: 'treasure-keeper', name: 'Keeper', at: [12, 5], faction: 'enemy', known: true },
        ],
        notes: GM_NOTE,
      },
    ],
  }
}

export interface GmClient {
  call(verb: string, args?: unknown): Promise<unknown>
  close(): void
}

/**
 * A GM connection over the host's WebSocket. `ignoreEvents`: pushed events are not parsed (a
 * bench that times another connection's answers in this process must not spend its own time
 * reading a large event meant for the GM page).
 */
export function gmClient(port: number, { ignoreEvents = false } = {}): Promise<GmClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { origin: `http://127.0.0.1:${port}` })
    let nextId = 1
    const pending = new Map<
      number,
      (result: { ok: boolean; value?: unknown; error?: { message: string } }) => void
    >()
    ws.on('message', (raw: Buffer) => {
      if (ignoreEvents && raw.subarray(0, 9).toString() === '{"event":') return
      const message = JSON.parse(raw.toString()) as {
        id?: number
        result?: { ok: boolean; value?: unknown; error?: { message: string } }
      }
      if (typeof message.id === 'number' && message.result)
        pending.get(message.id)?.(message.result)
    })
    ws.once('error', reject)
    ws.once('open', () =>
      resolve({
        call(verb, args) {
          const id = nextId++
          // As the page sends it: a long argument (a picture, a pack) in parts.
          for (const text of requestTexts(id, verb, args)) ws.send(text)
          return new Promise((done, fail) =>
            pending.set(id, (result) =>
              result.ok ? done(result.value) : fail(new Error(result.error?.message)),
            ),
          )
        },
        close: () => ws.close(),
      }),
    )
  })
}
