// Property: whatever the map, the player view's JSON never carries anything GM-only. 1,000 random
// maps with rooms, doors (some secret), hidden and stealthy tokens, notes, traps, dark areas and
// light sources; some moves first so explored cells exist. The allowed cells are computed through
// an independent path: the public scenario contract (mapScenario → runScenario "visible").
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyCommand } from '../campaign/commands'
import { FOG_MODES, spansToMask } from '../campaign/fog'
import type { Campaign, CampaignEdge, CampaignMap, CampaignToken } from '../campaign/schema'
import { makeCampaign } from '../campaign/test-helpers'
import { mapScenario } from '../campaign/map-battle'
import { Grid } from '../rules/grid/grid'
import { fieldOfView } from '../rules/grid/vision'
import { SYSTEM_IDS, type Cell } from '../rules/model'
import { runScenario } from '../rules/scenario/run'
import { playerMapSchema } from './player-view-schema'
import { toPlayerView } from './player-view'

interface Generated {
  campaign: Campaign
  map: CampaignMap
  secrets: string[]
}

const word = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}q`

const mapArbitrary = fc
  .record({
    system: fc.constantFrom(...SYSTEM_IDS),
    width: fc.integer({ min: 5, max: 14 }),
    height: fc.integer({ min: 4, max: 12 }),
    mode: fc.constantFrom(...FOG_MODES),
    seed: fc.integer({ min: 0, max: 2 ** 30 }),
    ambient: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
  })
  .map(({ system, width, height, mode, seed, ambient }) =>
    build(system, width, height, mode, seed, ambient),
  )

/** A deterministic pseudo-random map from a seed (fast-check shrinks the seed and sizes). */
function build(
  system: CampaignMap['system'],
  width: number,
  height: number,
  mode: (typeof FOG_MODES)[number],
  seed: number,
  ambient: number | undefined,
): Generated {
  let state = seed || 1
  const rand = (n: number): number => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff
    return state % n
  }
  const secrets: string[] = []
  let serial = 0
  const edges: CampaignEdge[] = []
  const seenEdges = new Set<string>()
  // rooms: a few vertical and horizontal wall lines with doors in them
  const addEdge = (a: Cell, b: Cell, edge: Omit<CampaignEdge, 'between'>) => {
    const key = `${a}|${b}`
    if (seenEdges.has(key)) return
    seenEdges.add(key)
    edges.push({ between: [a, b], ...edge })
  }
  const doorEdge = (): Omit<CampaignEdge, 'between'> => {
    const roll = rand(6)
    const state = (['open', 'closed', 'locked'] as const)[rand(3)]
    if (roll < 3)
      return { kind: 'door', state, secret: true, ...(rand(3) === 0 ? { revealed: true } : {}) }
    if (roll < 5) return { kind: 'door', state }
    return { kind: 'low-wall' }
  }
  for (let k = 0; k < 1 + rand(3); k++) {
    const x = 1 + rand(width - 2)
    const door = rand(height)
    for (let y = 0; y < height; y++)
      addEdge([x - 1, y], [x, y], y === door ? doorEdge() : { kind: 'wall' })
  }
  for (let k = 0; k < rand(3); k++) {
    const y = 1 + rand(height - 2)
    const door = rand(width)
    for (let x = 0; x < width; x++)
      addEdge([x, y - 1], [x, y], x === door ? doorEdge() : { kind: 'wall' })
  }
  const cells: CampaignMap['cells'] = []
  const used = new Set<string>()
  for (let k = 0; k < rand(8); k++) {
    const at: Cell = [rand(width), rand(height)]
    if (used.has(`${at}`)) continue
    used.add(`${at}`)
    const r = rand(4)
    cells.push(
      r === 0
        ? { at, terrain: 'solid' }
        : r === 1
          ? { at, light: 0 }
          : r === 2
            ? { at, terrain: 'pit', elevation: -3 }
            : { at, terrain: 'difficult', elevation: 2 },
    )
  }
  const sources = Array.from({ length: rand(3) }, () => ({
    at: [rand(width), rand(height)] as Cell,
    level: 1 + rand(5),
    radius: 2 + rand(20),
  }))
  const tokens: CampaignToken[] = []
  const occupied = new Set<string>()
  const place = (): Cell | null => {
    for (let tries = 0; tries < 20; tries++) {
      const at: Cell = [rand(width), rand(height)]
      if (
        !occupied.has(`${at}`) &&
        !cells.some((c) => c.at[0] === at[0] && c.at[1] === at[1] && c.terrain === 'solid')
      ) {
        occupied.add(`${at}`)
        return at
      }
    }
    return null
  }
  for (let k = 0; k < 1 + rand(3); k++) {
    const at = place()
    if (at)
      tokens.push({
        id: word('pcid', serial),
        name: word('pcname', serial++),
        at,
        faction: 'party',
        ...(rand(4) === 0 ? { states: ['stealth'] } : {}),
      })
  }
  for (let k = 0; k < 1 + rand(5); k++) {
    const at = place()
    if (!at) continue
    const hidden = rand(2) === 0
    const id = word(hidden ? 'hidid' : 'monid', serial)
    const name = word(hidden ? 'hidname' : 'monname', serial++)
    const note = word('tokennote', serial++)
    secrets.push(note)
    const stealth = !hidden && rand(3) === 0
    if (hidden || stealth) secrets.push(id, name)
    // HP bars (schema 3): none, GM-only or shown; a GM-only one must never reach the players.
    const hpKind = rand(3)
    const hp =
      hpKind === 0
        ? {}
        : {
            hp: {
              current: rand(40) - 5,
              max: 1 + rand(40),
              ...(hpKind === 2 ? { shownToPlayers: true } : {}),
            },
          }
    tokens.push({
      id,
      name,
      at,
      faction: rand(2) ? 'enemy' : 'zqfaction',
      notes: note,
      ...(hidden ? { hidden: true } : {}),
      ...(stealth ? { states: ['stealth'] } : {}),
      ...hp,
    })
  }
  const mapNote = word('mapnote', serial++)
  const trapName = word('trapname', serial++)
  secrets.push(mapNote, trapName, 'zqfaction')
  const revealed: [number, number, number][] = []
  for (let y = 0; y < height; y++) if (rand(4) === 0) revealed.push([y, 0, rand(width)])
  const map: CampaignMap = {
    id: 'map-1',
    name: 'Random',
    system,
    width,
    height,
    cells,
    edges,
    light: { ...(ambient !== undefined ? { ambient } : {}), sources },
    tokens,
    notes: mapNote,
    traps: [{ id: word('trapid', serial++), at: [rand(width), rand(height)], name: trapName }],
    fog: { mode, explored: [], revealed },
  }
  let campaign = makeCampaign({ maps: [map], notes: word('campaignnote', serial) })
  secrets.push(campaign.notes)
  // a few party moves so explored cells build up
  for (let k = 0; k < rand(4); k++) {
    const pc = campaign.maps[0].tokens.find((t) => t.faction === 'party')
    const to = place()
    if (!pc || !to) break
    campaign = applyCommand(campaign, { type: 'token.move', mapId: map.id, tokenId: pc.id, to })
  }
  return { campaign, map: campaign.maps[0], secrets }
}

/** Cells some party token may see, by the public scenario contract: an upper bound of the view. */
function allowedCells(map: CampaignMap): Uint8Array {
  const allowed = new Uint8Array(map.width * map.height)
  const mark = ([x, y]: readonly number[]) => (allowed[y * map.width + x] = 1)
  const fog = map.fog!
  if (fog.mode !== 'vision')
    spansToMask(fog.revealed, map.width, map.height).forEach((v, i) => v && (allowed[i] = 1))
  if (fog.mode === 'manual') return allowed
  spansToMask(fog.explored, map.width, map.height).forEach((v, i) => v && (allowed[i] = 1))
  const grid = Grid.fromSpec({
    width: map.width,
    height: map.height,
    cells: map.cells,
    edges: map.edges,
  })
  for (const token of map.tokens.filter((t) => t.faction === 'party')) {
    mark(token.at)
    const outcome = runScenario(mapScenario(map, { type: 'visible', token: token.id }))
    if (outcome.ok) for (const at of (outcome.answer as { cells: Cell[] }).cells) mark(at)
    else if (outcome.error.code === 'unsupported-query')
      for (const i of fieldOfView(grid, grid.index(token.at[0], token.at[1]))) allowed[i] = 1
    else throw new Error(outcome.error.message)
  }
  return allowed
}

describe('toPlayerView never leaks GM-only data (1,000 random maps)', () => {
  it('holds for every generated map', () => {
    let withHidden = 0
    let withSecretDoor = 0
    let withExplored = 0
    let withShownBar = 0
    fc.assert(
      fc.property(mapArbitrary, ({ campaign, map, secrets }) => {
        const view = toPlayerView(campaign, map.id)!
        playerMapSchema.parse(view)
        const json = JSON.stringify(view)
        for (const secret of secrets) expect(json).not.toContain(secret)
        if (map.tokens.some((t) => t.hidden)) withHidden++
        if (map.fog!.explored.length > 0) withExplored++

        const allowed = allowedCells(map)
        const ok = ([x, y]: readonly number[]) => allowed[y * map.width + x] === 1
        const visible = spansToMask(view.visible, map.width, map.height)
        for (const [key, spans] of [
          ['visible', view.visible],
          ['explored', view.explored],
        ] as const) {
          for (const [y, x0, x1] of spans)
            for (let x = x0; x <= x1; x++) expect(ok([x, y]), `${key} ${x},${y}`).toBe(true)
        }
        for (const t of view.terrain) expect(ok(t.at)).toBe(true)
        for (const t of view.tokens) expect(visible[t.at[1] * map.width + t.at[0]]).toBe(1)
        // an HP bar only where the GM shows it, as a length; a GM-only bar never leaves main
        for (const t of view.tokens) {
          // Ids reaching players are aliases: the generated names are unique, so they name the source.
          const source = map.tokens.find((s) => s.name === t.name)!
          expect(t.hpBar !== undefined, `hpBar of ${t.id}`).toBe(source.hp?.shownToPlayers === true)
          if (source.hp?.shownToPlayers) withShownBar++
        }
        for (const e of view.edges) expect(ok(e.between[0]) || ok(e.between[1])).toBe(true)
        // light sources: only those on visible cells, position only
        for (const l of view.lights) expect(visible[l.at[1] * map.width + l.at[0]]).toBe(1)
        for (const s of map.light.sources) {
          if (!visible[s.at[1] * map.width + s.at[0]])
            expect(view.lights.some((l) => l.at[0] === s.at[0] && l.at[1] === s.at[1])).toBe(false)
        }
        // secret doors: never a door unless revealed or open
        for (const edge of map.edges) {
          if (!(edge.kind === 'door' && edge.secret)) continue
          withSecretDoor++
          const sent = view.edges.find((e) => `${e.between}` === `${edge.between}`)
          if (sent && !edge.revealed && edge.state !== 'open') expect(sent.kind).toBe('wall')
        }
        // no elevation of the map, no light levels or radii
        expect(json).not.toMatch(
          /"(radius|level|notes|hidden|faction|traps|elevation|light|secret|revealed|privateStats|hp|current|max|shownToPlayers)"/,
        )
      }),
      { numRuns: 1000, seed: 20250208 },
    )
    // the generator really exercised what the property is about
    expect(withHidden).toBeGreaterThan(200)
    expect(withSecretDoor).toBeGreaterThan(200)
    expect(withExplored).toBeGreaterThan(100)
    expect(withShownBar).toBeGreaterThan(20)
  }, 120_000)
})
