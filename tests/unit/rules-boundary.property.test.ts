// The typed rules boundary (issue 28): every query the engine answers is declared once
// (core/rules/queries.ts); the battle built from a campaign map directly (core/campaign/
// map-battle.ts) equals the one the scenario runner builds from the map's scenario document
// (the CLI's format), on every sample map and on random maps; and `ask` on that battle gives
// what the CLI path gives, in the shape the query declares.
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { campaignSchema, type CampaignMap, type CampaignToken } from '@core/campaign/schema'
import { mapScenario, preparedBattleOf } from '@core/campaign/map-battle'
import { prepareScenario, runScenario } from '@core/rules/scenario/run'
import { ask, askUntrusted } from '@core/rules/ask'
import { QUERIES, QUERY_NAMES, type RulesQuery } from '@core/rules/queries'
import { systems } from '@core/rules/systems/index'
import { SYSTEM_FACTS } from '@core/rules/facts'
import { EDGE_KINDS, SIZES, SYSTEM_IDS, TOKEN_STATES, type Cell } from '@core/rules/model'

const SAMPLE_FILE = new URL('../../resources/sample-campaign.json', import.meta.url)
const campaign = campaignSchema.parse(JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')))

/** The battle as the runner builds it from the public document (schema-checked in full). */
function documentBattle(map: CampaignMap) {
  return prepareScenario(mapScenario(map))
}

function expectSameBattle(map: CampaignMap): void {
  const direct = preparedBattleOf(map)
  const viaDocument = documentBattle(map)
  expect(direct.ok).toBe(viaDocument.ok)
  if (!direct.ok || !viaDocument.ok) {
    expect(direct).toEqual(viaDocument)
    return
  }
  const a = direct.prepared
  const b = viaDocument.prepared
  expect(a.system).toBe(b.system)
  expect(a.battle.system).toBe(b.battle.system)
  expect(a.battle.grid).toEqual(b.battle.grid)
  expect(a.battle.tokens).toEqual(b.battle.tokens)
  expect([...a.battle.tokenById.entries()]).toEqual([...b.battle.tokenById.entries()])
  // prepareScenario stands a placeholder query in the document; the map's battle has none.
  expect(a.battle.scenario).toEqual({ ...b.battle.scenario, query: undefined })
}

/** Queries with arguments drawn from the map, for every query the map's system answers. */
function queriesFor(map: CampaignMap, pick: (n: number) => number): RulesQuery[] {
  const ids = map.tokens.map((t) => t.id)
  const id = () => ids[pick(ids.length)] ?? 'nobody'
  const cell = (): Cell => [pick(map.width), pick(map.height)]
  const facts = SYSTEM_FACTS[map.system]
  const mode = () => facts.moveModes[pick(facts.moveModes.length)]
  const all: RulesQuery[] = [
    { type: 'distance', from: cell(), to: cell() },
    { type: 'reach', token: id(), mode: mode() },
    { type: 'path', token: id(), to: cell(), mode: mode() },
    { type: 'zoc', token: id() },
    { type: 'cover', from: id(), to: id(), attack: 'ranged' },
    { type: 'attack', attacker: id(), target: id(), attack: pick(2) ? 'melee' : 'ranged' },
    { type: 'provokes', token: id(), action: 'move' },
    { type: 'flanking', target: id() },
    { type: 'flanking-all' },
    { type: 'light', at: cell() },
    { type: 'visible', token: id() },
    { type: 'engagement', token: id() },
    facts.family === 'dystopia'
      ? { type: 'targets', token: id(), shape: 'area', range: '0-3' }
      : { type: 'targets', token: id(), attack: 'melee' },
    { type: 'area', origin: cell(), fate: pick(3) },
    { type: 'spread', origin: cell(), radius: 5 * pick(4), shape: 'burst' },
    { type: 'trap-reach', object: { at: cell() } },
    { type: 'board', token: id(), rider: id() },
    { type: 'dismount', token: id() },
    { type: 'fall', token: id() },
    { type: 'forced-move', token: id(), to: cell() },
    { type: 'protect', token: id(), target: id() },
    { type: 'duel', token: id() },
    { type: 'stealth', token: id() },
    { type: 'initiative', dice: ids.map(() => 1 + pick(20)) },
    { type: 'front-row', token: id() },
    { type: 'knockback', token: id(), by: id(), x: pick(3) },
    { type: 'incapacitate', token: id(), by: id() },
    { type: 'deploy', token: id() },
    { type: 'skill-move', token: id() },
    { type: 'skills' },
  ]
  return all
}

/** Every query answered through `ask` equals the CLI path's answer and fits its declared schema. */
function expectSameAnswers(map: CampaignMap, seed: number): number {
  const prepared = preparedBattleOf(map)
  if (!prepared.ok) return 0
  let state = seed || 1
  const pick = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff
    return n > 0 ? (state >> 8) % n : 0
  }
  let answered = 0
  for (const query of queriesFor(map, pick)) {
    const cli = runScenario(mapScenario(map, query))
    expect(askUntrusted(prepared.prepared.battle, query)).toEqual(cli)
    if (!cli.ok) continue
    const { type, ...args } = query
    expect(ask(prepared.prepared.battle, type, args as never)).toEqual(cli.answer)
    const parsed = QUERIES[type].answer.safeParse(cli.answer)
    expect(parsed.success, `${map.system} ${JSON.stringify(query)}: ${parsed.error?.message}`).toBe(
      true,
    )
    answered++
  }
  return answered
}

const word = (prefix: string, n: number) => `${prefix}${n}`

/** A random campaign map: walls, doors, windows, terrain, light, tokens with GM-only fields. */
const mapArbitrary = fc
  .record({
    system: fc.constantFrom(...SYSTEM_IDS),
    width: fc.integer({ min: 2, max: 12 }),
    height: fc.integer({ min: 2, max: 10 }),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
    ambient: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
    crowded: fc.boolean(),
  })
  .map(({ system, width, height, seed, ambient, crowded }): CampaignMap => {
    let state = seed
    const rand = (n: number): number => {
      state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff
      return (state >> 8) % n
    }
    // DysTopiA plays on its 6×6 board (other sizes are refused alike by both paths).
    const [w, h] = system === 'dystopia' && rand(4) > 0 ? [6, 6] : [width, height]
    const edges: CampaignMap['edges'] = []
    const seen = new Set<string>()
    for (let k = 0; k < rand(w * h); k++) {
      const x = rand(w)
      const y = rand(h)
      const east = rand(2) === 0
      const b: Cell = east ? [x + 1, y] : [x, y + 1]
      if (b[0] >= w || b[1] >= h || seen.has(`${x},${y},${east}`)) continue
      seen.add(`${x},${y},${east}`)
      const kind = EDGE_KINDS[rand(EDGE_KINDS.length)]
      edges.push({
        between: [[x, y], b],
        kind,
        ...(kind === 'door' ? { state: (['open', 'closed', 'locked'] as const)[rand(3)] } : {}),
        ...(rand(5) === 0 ? { secret: true } : {}),
      })
    }
    const cells: CampaignMap['cells'] = []
    const used = new Set<string>()
    for (let k = 0; k < rand(8); k++) {
      const at: Cell = [rand(w), rand(h)]
      if (used.has(`${at}`)) continue
      used.add(`${at}`)
      const terrain = (['floor', 'difficult', 'pit', 'solid'] as const)[rand(4)]
      cells.push({
        at,
        terrain,
        ...(rand(2) ? { elevation: rand(7) - 3 } : {}),
        ...(rand(3) === 0 ? { light: rand(7) } : {}),
        ...(rand(4) === 0 ? { blockade: true } : {}),
      })
    }
    const sources = Array.from({ length: rand(3) }, (_, i) => ({
      id: `light-${i}`,
      at: [rand(w), rand(h)] as Cell,
      level: rand(7),
      radius: rand(12),
    }))
    const tokens: CampaignToken[] = []
    const count = 1 + rand(crowded ? 8 : 4)
    const taken = new Set<string>()
    for (let k = 0; k < count; k++) {
      const at: Cell = [rand(w), rand(h)]
      // Crowded maps may stack tokens (the GM's override): both paths must refuse them alike.
      if (!crowded && taken.has(`${at}`)) continue
      taken.add(`${at}`)
      const states = TOKEN_STATES.filter(() => rand(12) === 0)
      tokens.push({
        id: word('t', k),
        name: word('Name ', k),
        at,
        faction: rand(2) ? 'party' : 'foes',
        ...(rand(2) ? { move: 1 + rand(30) } : {}),
        ...(rand(3) === 0 ? { size: SIZES[rand(SIZES.length)] } : {}),
        ...(rand(4) === 0 ? { reach: rand(15) } : {}),
        ...(states.length ? { states } : {}),
        ...(rand(4) === 0 ? { elevation: rand(5) } : {}),
        ...(rand(2) ? { initiative: rand(20) - 5 } : {}),
        ...(rand(3) === 0 ? { hidden: true, notes: 'secret', color: '#123456' } : {}),
        ...(rand(4) === 0 ? { vision: 'darkvision' as const, darkvisionRange: 60 } : {}),
        ...(rand(5) === 0 ? { armed: true, combatReflexes: true } : {}),
      })
    }
    const conditions = tokens
      .filter(() => rand(4) === 0)
      .map((token, i) => ({
        id: `c${i}`,
        tokenId: token.id,
        name: ['prone', '麻痺', 'stunned', 'flat-footed', 'blessed'][rand(5)],
      }))
    return {
      id: 'random',
      name: 'Random',
      system,
      width: w,
      height: h,
      cells,
      edges,
      light: { ...(ambient !== undefined ? { ambient } : {}), sources },
      tokens,
      notes: '',
      ...(conditions.length ? { conditions } : {}),
      ...(system === 'dystopia' && rand(2)
        ? {
            deploy: {
              party: [
                [0, h - 1],
                [1, h - 1],
              ] as Cell[],
            },
          }
        : {}),
    } as CampaignMap
  })

describe('the typed rules boundary', () => {
  it('declares every query a system answers, and answers every declared query somewhere', () => {
    const declared = new Set<string>(QUERY_NAMES)
    for (const system of Object.values(systems)) {
      for (const name of Object.keys(system.queries)) expect(declared, name).toContain(name)
    }
    const answered = new Set(Object.values(systems).flatMap((s) => Object.keys(s.queries)))
    for (const name of QUERY_NAMES)
      if (!['distance', 'flanking-all', 'initiative'].includes(name))
        expect(answered, name).toContain(name)
  })

  it('builds the same battle from the campaign map as from its scenario document (sample maps)', () => {
    for (const map of campaign.maps) expectSameBattle(map)
  })

  it('answers through ask as the CLI path does, in the declared shape (sample maps)', () => {
    let answered = 0
    for (const map of campaign.maps) answered += expectSameAnswers(map, 7)
    expect(answered).toBeGreaterThan(20)
  })

  it('builds the same battle both ways after a wall edit (the grid derived from the one before)', () => {
    fc.assert(
      fc.property(mapArbitrary, fc.nat(), fc.boolean(), (map, at, remove) => {
        expectSameBattle(map)
        // The same squares and light objects with one edge drawn or erased, as a wall click does.
        const x = at % Math.max(1, map.width - 1)
        const y = Math.floor(at / map.width) % map.height
        const between: [Cell, Cell] = [
          [x, y],
          [x + 1, y],
        ]
        const others = map.edges.filter(
          (e) => !(e.between[0][0] === x && e.between[0][1] === y && e.between[1][0] === x + 1),
        )
        const edited: CampaignMap = {
          ...map,
          edges: remove || map.width < 2 ? others : [...others, { between, kind: 'wall' }],
        }
        expectSameBattle(edited)
      }),
      { numRuns: 100 },
    )
  })

  it('builds the same battle both ways and answers alike on random maps', () => {
    const seen = { battles: 0, refused: 0, answers: 0 }
    fc.assert(
      fc.property(mapArbitrary, fc.integer({ min: 1, max: 1000 }), (map, seed) => {
        expectSameBattle(map)
        if (preparedBattleOf(map).ok) seen.battles++
        else seen.refused++
        seen.answers += expectSameAnswers(map, seed)
      }),
      { numRuns: 150 },
    )
    // The generator reaches both outcomes and real answers, not only errors.
    expect(seen.battles).toBeGreaterThan(30)
    expect(seen.refused).toBeGreaterThan(5)
    expect(seen.answers).toBeGreaterThan(300)
  })

  it('refuses arguments that do not fit the declaration with the scenario codes', () => {
    const map = campaign.maps[0]
    const prepared = preparedBattleOf(map)
    if (!prepared.ok) throw new Error('the sample map has no battle')
    const battle = prepared.prepared.battle
    expect(askUntrusted(battle, { type: 'reach', mode: 'move' })).toMatchObject({
      ok: false,
      error: { code: 'missing-field', path: '/query/token' },
    })
    expect(askUntrusted(battle, { type: 'path', token: map.tokens[0].id, to: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-query', path: '/query/to' },
    })
    expect(askUntrusted(battle, { type: 'no-such-query' })).toMatchObject({
      ok: false,
      error: { code: 'unsupported-query', path: '/query/type' },
    })
  })
})
