// Issue 24, 明度 everywhere (spec decisions 5 and 7): 「明度2以下：全ての行為判定のダイスが1個減少する」.
// Over random maps, every query that lists a check or a reaction is asked twice: in full light
// (明度 6) and at 明度 2 everywhere. Nothing else may change between the two answers, and every
// check, hit check and reaction of the dark one must carry exactly one die less. A query that
// lists rolls without its die change — or a new query nobody sorted into the two lists below —
// fails here.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runScenario } from '../../scenario/run'
import { arianrhod } from './index'
import { MOVE_MODES } from './movement'

/** Queries whose answers list checks or reactions (and so dice). */
const ROLL_QUERIES = ['reach', 'path', 'cover', 'targets', 'trap-reach', 'dismount', 'light']
/** Queries with no roll in their answer. */
const NO_ROLL_QUERIES = [
  'distance',
  'zoc',
  'flanking',
  'visible',
  'engagement',
  'area',
  'board',
  'fall',
  'forced-move',
  'protect',
  'duel',
  'stealth',
]

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Cell = [number, number]

const battlefield = fc
  .record({ width: fc.integer({ min: 2, max: 6 }), height: fc.integer({ min: 2, max: 6 }) })
  .chain(({ width, height }) => {
    const cell = fc.tuple(
      fc.integer({ min: 0, max: width - 1 }),
      fc.integer({ min: 0, max: height - 1 }),
    )
    const edge = fc
      .tuple(cell, fc.boolean(), fc.constantFrom('wall', 'door', 'low-wall'))
      .filter(([[x, y], east]) => (east ? x + 1 < width : y + 1 < height))
      .map(([[x, y], east, kind]) => ({
        between: [[x, y], east ? [x + 1, y] : [x, y + 1]],
        kind,
        ...(kind === 'door' ? { state: 'closed' } : {}),
      }))
    return fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      cells: fc.uniqueArray(
        fc.record({
          at: cell,
          terrain: fc.constantFrom('floor', 'floor', 'pit', 'solid'),
          elevation: fc.constantFrom(0, 0, 1, 4, 6),
          blockade: fc.boolean(),
        }),
        { maxLength: Math.floor((width * height) / 2), selector: (c) => c.at.join(',') },
      ),
      edges: fc.array(edge, { maxLength: width * height }),
      tokens: fc.uniqueArray(
        fc.record({
          at: cell,
          faction: fc.constantFrom('party', 'enemy'),
          move: fc.integer({ min: 2, max: 14 }),
          blockade: fc.boolean(),
        }),
        { minLength: 2, maxLength: 5, selector: (t) => t.at.join(',') },
      ),
      /** A rider (mounted) with a passenger on its square, for 曲芸下乗. */
      rider: fc.option(cell, { nil: undefined }),
      /** Enemies on every square around the rider, so the passenger must dismount acrobatically. */
      crowd: fc.boolean(),
      chest: cell,
      door: edge,
    })
  })
  .map((s) => {
    const taken = new Set(s.tokens.map((t) => t.at.join(',')))
    const tokens: Record<string, Json>[] = s.tokens.map((t, i) => ({
      id: `t${i}`,
      at: t.at,
      faction: t.faction,
      move: t.move,
      ...(t.blockade ? { blockade: true } : {}),
    }))
    if (s.rider && !taken.has(s.rider.join(','))) {
      const [rx, ry] = s.rider
      tokens.push({ id: 'rider', at: s.rider, faction: 'party', states: ['mounted'] })
      tokens.push({ id: 'passenger', at: s.rider, faction: 'party', move: 6 })
      for (let dy = -1; s.crowd && dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const at: Cell = [rx + dx, ry + dy]
          if (at[0] < 0 || at[1] < 0 || at[0] >= s.width || at[1] >= s.height) continue
          if ((dx || dy) && !taken.has(at.join(',')))
            tokens.push({ id: `crowd${tokens.length}`, at, faction: 'enemy', move: 4 })
        }
      }
    }
    // Tokens stand on floor squares (a pit or a solid square would be malformed for a path).
    const standing = new Set(tokens.map((t) => (t.at as Cell).join(',')))
    const cells = s.cells.map((c) =>
      standing.has(c.at.join(',')) ? { ...c, terrain: 'floor' } : c,
    )
    return {
      map: { width: s.width, height: s.height, cells, edges: s.edges },
      tokens,
      chest: s.chest,
      door: s.door.between as [Cell, Cell],
    }
  })

type Battlefield = typeof battlefield extends fc.Arbitrary<infer T> ? T : never

function answer(s: Battlefield, ambient: number, query: Record<string, Json>): Json {
  const result = runScenario({
    format: 'gm-scenario/1',
    system: 'arianrhod',
    map: { ...s.map, light: { ambient } },
    tokens: s.tokens,
    query,
  })
  return result.ok ? (result.answer as Json) : { error: result.error.code }
}

/** Every query of the roll list, for every token, mode and square of the map. */
function queriesOf(s: Battlefield): Record<string, Json>[] {
  const ids = s.tokens.map((t) => t.id as string)
  const out: Record<string, Json>[] = []
  for (const token of ids) {
    for (const mode of MOVE_MODES) {
      out.push({ type: 'reach', token, mode })
      for (let y = 0; y < s.map.height; y++)
        for (let x = 0; x < s.map.width; x++) out.push({ type: 'path', token, mode, to: [x, y] })
    }
    out.push({ type: 'targets', token, attack: 'melee' })
    out.push({ type: 'targets', token, attack: 'ranged', range: 20 })
    out.push({ type: 'targets', token, attack: 'ranged', range: 'scene' })
    out.push({ type: 'dismount', token })
    for (const other of ids) out.push({ type: 'cover', from: token, to: other, attack: 'ranged' })
  }
  for (const extended of [false, true]) {
    out.push({ type: 'trap-reach', object: { at: s.chest }, extended })
    out.push({ type: 'trap-reach', object: { between: s.door }, extended })
  }
  out.push({ type: 'light', at: [0, 0] })
  return out
}

/** The keys that hold a die change, and how a roll object is recognised. */
const DICE_NUMBERS = new Set(['hitDice', 'reactionDice', 'checkDice'])
const isCheck = (o: { [key: string]: Json }) => typeof o.kind === 'string' && 'ability' in o
const ROLLER_LISTS = new Set(['reactions', 'detection'])

/**
 * Compares a lit answer with the dark one: equal everywhere except that every die change is one
 * less in the dark. Returns the JSON pointers where that does not hold.
 */
function darkDifferences(lit: Json, dark: Json, path = '', out: string[] = []): string[] {
  if (Array.isArray(lit) && Array.isArray(dark)) {
    if (lit.length !== dark.length) out.push(`${path} (length)`)
    else lit.forEach((v, i) => darkDifferences(v, dark[i], `${path}/${i}`, out))
    return out
  }
  if (lit && dark && typeof lit === 'object' && typeof dark === 'object') {
    const l = lit as { [key: string]: Json }
    const d = dark as { [key: string]: Json }
    if (isCheck(d) && d.dice !== ((l.dice as number | undefined) ?? 0) - 1)
      out.push(`${path}/dice (a check without its die change)`)
    for (const key of new Set([...Object.keys(l), ...Object.keys(d)])) {
      if (key === 'dice' && isCheck(d)) continue
      if (DICE_NUMBERS.has(key)) {
        if (d[key] !== (l[key] as number) - 1) out.push(`${path}/${key}`)
      } else if (ROLLER_LISTS.has(key)) {
        // Listed only when some roll changes: in the dark, every roller with −1.
        const rollers = d[key] as { id: string; dice: number }[] | undefined
        if (!rollers || rollers.length === 0 || rollers.some((r) => r.dice !== -1))
          out.push(`${path}/${key}`)
      } else darkDifferences(l[key], d[key], `${path}/${key}`, out)
    }
    return out
  }
  if (lit !== dark) out.push(path)
  return out
}

describe('明度2以下: every roll any query lists loses one die (issue 24)', () => {
  it('the two lists name every query arianrhod answers', () => {
    expect([...ROLL_QUERIES, ...NO_ROLL_QUERIES].sort()).toEqual(
      Object.keys(arianrhod.queries).sort(),
    )
  })

  it('lit and dark answers differ only by one die on every check and reaction', () => {
    let rolls = 0
    fc.assert(
      fc.property(battlefield, (s) => {
        for (const query of queriesOf(s)) {
          const lit = answer(s, 6, query)
          const dark = answer(s, 2, query)
          // The light answer's level and effects are what changed; its checkDice is the roll.
          const differences =
            query.type === 'light'
              ? darkDifferences(
                  { checkDice: (lit as { checkDice: number }).checkDice },
                  {
                    checkDice: (dark as { checkDice: number }).checkDice,
                  },
                )
              : darkDifferences(lit, dark)
          expect(differences, `${JSON.stringify(query)}\n${JSON.stringify(dark)}`).toEqual([])
          rolls +=
            JSON.stringify(dark).match(/"(dice|hitDice|reactionDice|checkDice)"/g)?.length ?? 0
        }
      }),
      { numRuns: 40 },
    )
    // The maps did list rolls (checks, contests, targets, traps), so the comparison meant something.
    expect(rolls).toBeGreaterThan(100)
  })

  it('contests, dismounts and trap detections were among them', () => {
    let contests = 0
    let dismounts = 0
    let detections = 0
    fc.assert(
      fc.property(battlefield, (s) => {
        for (const query of queriesOf(s)) {
          const text = JSON.stringify(answer(s, 2, query))
          if (text.includes('"contest"')) contests++
          if (text.includes('"acrobatic-dismount"')) dismounts++
          if (text.includes('"detection"')) detections++
        }
      }),
      { numRuns: 40, seed: 24 },
    )
    expect(contests).toBeGreaterThan(0)
    expect(dismounts).toBeGreaterThan(0)
    expect(detections).toBeGreaterThan(0)
  })
})
