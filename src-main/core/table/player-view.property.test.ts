// Property: whatever the map, the player view's JSON never carries anything GM-only. 1,000 random
// maps with rooms, doors (some secret), hidden and stealthy tokens, notes, traps, dark areas and
// light sources, names known or not, GM-only and shown conditions, a fight (the turn banner); some
// moves first so explored cells exist. The allowed cells are computed through an independent path:
// the public scenario contract (mapScenario → runScenario "visible").
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
import { TokenAliases } from './token-aliases'
import type { FramePlan } from './frame'

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
  // The generator's low bits cycle (an LCG): a fair coin comes from its higher bits.
  const coin = (): boolean => rand(1024) >= 512
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
    // Another side's name reaches players only once the GM marks the token known (issue 23).
    const known = !hidden && !stealth && rand(3) === 0
    const label = coin() ? `L${serial}q` : undefined
    if (hidden || stealth) secrets.push(id, name)
    if (!known) secrets.push(name, ...(label ? [label] : []))
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
      ...(label ? { label } : {}),
      ...(known ? { known: true } : {}),
      ...(hidden ? { hidden: true } : {}),
      ...(stealth ? { states: ['stealth'] } : {}),
      ...hp,
    })
  }
  // Conditions (schema 6): a GM-only one never reaches players, a shown one only on a seen token.
  const conditions: NonNullable<CampaignMap['conditions']> = []
  for (const token of tokens) {
    if (coin()) continue
    const shown = coin()
    const name = word(shown ? 'condshown' : 'condgm', serial++)
    if (!shown) secrets.push(name)
    conditions.push({
      id: `cond-${serial++}`,
      tokenId: token.id,
      name,
      ...(shown ? { shownToPlayers: true } : {}),
    })
  }
  // A fight over every token: the banner may only name combatants the players see.
  const fight: CampaignMap['fight'] =
    tokens.length > 0 && coin()
      ? {
          round: rand(4),
          turn: rand(tokens.length),
          order: tokens.map((t, i) => ({ tokenId: t.id, count: 20 - i })),
          unaware: [],
          acted: [],
          delaying: [],
          readied: [],
          showOrder: coin(),
          showRolls: false,
          expired: [],
        }
      : undefined
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
    conditions,
    ...(fight ? { fight } : {}),
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
    let withKnownName = 0
    let withShownCondition = 0
    let withFight = 0
    fc.assert(
      fc.property(mapArbitrary, ({ campaign, map, secrets }) => {
        const aliases = new TokenAliases()
        const view = toPlayerView(campaign, map.id, { aliases })!
        playerMapSchema.parse(view)
        const sourceOf = new Map(
          map.tokens.map((t) => [aliases.aliasOf(campaign.id, map.id, t.id), t]),
        )
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
          const source = sourceOf.get(t.id)!
          expect(t.hpBar !== undefined, `hpBar of ${t.id}`).toBe(source.hp?.shownToPlayers === true)
          if (source.hp?.shownToPlayers) withShownBar++
          // a name (party, or marked known) or a number, never both; a label only with the name
          const named = source.faction === 'party' || source.known === true
          expect(t.name).toBe(named ? source.name : undefined)
          expect(t.number !== undefined).toBe(!named)
          if (t.label !== undefined) expect(named && t.label === source.label).toBe(true)
          if (named && source.faction !== 'party') withKnownName++
          const shown = (map.conditions ?? [])
            .filter((c) => c.tokenId === source.id && c.shownToPlayers)
            .map((c) => c.name)
          expect(t.conditions ?? []).toEqual(shown)
          if (shown.length > 0) withShownCondition++
        }
        // numbers: 1, 2, 3 … in the order seen, so they count only tokens the players saw
        const numbers = view.tokens.filter((t) => t.side === 'other' && t.number !== undefined)
        expect(numbers.map((t) => t.number)).toEqual(numbers.map((_, i) => i + 1))
        // the banner names only combatants the players see
        if (map.fight) {
          withFight++
          const seen = new Set(view.tokens.map((t) => t.id))
          expect(view.fight?.round).toBe(map.fight.round)
          for (const id of [view.fight?.now, view.fight?.next])
            if (id) expect(seen.has(id)).toBe(true)
          const current = map.fight.order[map.fight.turn].tokenId
          const currentAlias = aliases.aliasOf(campaign.id, map.id, current)
          expect(view.fight?.now).toBe(seen.has(currentAlias) ? currentAlias : null)
        } else expect(view.fight).toBeUndefined()
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
          /"(radius|level|notes|hidden|faction|traps|elevation|light|secret|revealed|privateStats|hp|current|max|shownToPlayers|known|tokenId|rounds|since|hideRollLog|showOrder|showRolls|count)"/,
        )
      }),
      { numRuns: 1000, seed: 20250208 },
    )
    // the generator really exercised what the property is about
    expect(withHidden).toBeGreaterThan(200)
    expect(withSecretDoor).toBeGreaterThan(200)
    expect(withExplored).toBeGreaterThan(100)
    expect(withShownBar).toBeGreaterThan(20)
    expect(withKnownName).toBeGreaterThan(50)
    expect(withShownCondition).toBeGreaterThan(100)
    expect(withFight).toBeGreaterThan(200)
  }, 120_000)
})

/** A fight over every token of the map, at a random turn (the host builds the highlight from it). */
function fightingAt(campaign: Campaign, turn: number): Campaign {
  const map = campaign.maps[0]
  const order = map.tokens.map((t) => ({ tokenId: t.id, count: null }))
  return {
    ...campaign,
    maps: [
      {
        ...map,
        fight: {
          round: 1,
          turn: turn % order.length,
          order,
          unaware: [],
          acted: [],
          delaying: [],
          readied: [],
          showOrder: true,
          showRolls: false,
          expired: [],
        },
      },
    ],
  }
}

const framePlanArbitrary: fc.Arbitrary<FramePlan> = fc.record({
  screen: fc.record({
    widthPx: fc.constantFrom(1920, 1280),
    heightPx: fc.constantFrom(1080, 720),
    squarePx: fc.option(fc.constantFrom(38, 60, 96), { nil: null }),
  }),
  setting: fc.record({
    centre: fc.option(
      fc
        .tuple(fc.integer({ min: 0, max: 28 }), fc.integer({ min: 0, max: 24 }))
        .map(([x, y]) => [x / 2, y / 2] as const),
      { nil: null },
    ),
    zoom: fc.constantFrom(0.5, 1, 2, 4),
  }),
  followTurn: fc.boolean(),
})

describe('the turn and the frame read only what the players get (issue 23)', () => {
  it('are the same with every unseen token taken off the map', () => {
    let followedSomeone = 0
    fc.assert(
      fc.property(mapArbitrary, fc.nat(20), framePlanArbitrary, ({ campaign }, turn, frame) => {
        const fought = fightingAt(campaign, turn)
        const aliases = new TokenAliases()
        const view = toPlayerView(fought, 'map-1', { frame, aliases })!
        playerMapSchema.parse(view)
        expect(view.frame).not.toBeNull()
        // the highlight is a token the players see, or nothing
        if (view.turn !== null) expect(view.tokens.some((t) => t.id === view.turn)).toBe(true)
        if (view.turn !== null && frame.followTurn) followedSomeone++
        // Hidden, stealthy and unseen enemies gone: not a byte of the payload changes, so
        // neither the highlight nor the frame (following the party or the turn) can give one away.
        const seen = new Set(view.tokens.map((t) => t.id))
        const map = fought.maps[0]
        const without = {
          ...fought,
          maps: [
            {
              ...map,
              tokens: map.tokens.filter(
                (t) => t.faction === 'party' || seen.has(aliases.aliasOf(fought.id, map.id, t.id)),
              ),
            },
          ],
        }
        expect(toPlayerView(without, 'map-1', { frame, aliases })).toEqual(view)
      }),
      { numRuns: 400, seed: 20260523 },
    )
    expect(followedSomeone).toBeGreaterThan(40)
  }, 120_000)
})
