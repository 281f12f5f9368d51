// Property tests over random small battlefields.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runScenario } from '../../scenario/run'
import { distance } from './metric'

const MODES = [
  'combat',
  'full',
  'disengage',
  'forced-disengage',
  'jump',
  'climb',
  'jump-climb',
] as const

const battlefield = fc
  .record({
    width: fc.integer({ min: 2, max: 8 }),
    height: fc.integer({ min: 2, max: 8 }),
  })
  .chain(({ width, height }) => {
    const cell = fc.tuple(
      fc.integer({ min: 0, max: width - 1 }),
      fc.integer({ min: 0, max: height - 1 }),
    )
    const edge = fc
      .tuple(
        cell,
        fc.boolean(),
        fc.constantFrom('wall', 'door', 'low-wall'),
        fc.constantFrom('open', 'closed', 'locked'),
      )
      .filter(([[x, y], east]) => (east ? x + 1 < width : y + 1 < height))
      .map(([[x, y], east, kind, state]) => ({
        between: [[x, y], east ? [x + 1, y] : [x, y + 1]],
        kind,
        ...(kind === 'door' ? { state } : {}),
      }))
    return fc.record({
      map: fc.record({
        width: fc.constant(width),
        height: fc.constant(height),
        cells: fc.array(
          fc.record({
            at: cell,
            terrain: fc.constantFrom('floor', 'floor', 'pit', 'solid', 'difficult'),
            elevation: fc.constantFrom(0, 0, 0, 1, 3, 6),
          }),
          { maxLength: Math.floor((width * height) / 2) },
        ),
        edges: fc.array(edge, { maxLength: Math.floor((width * height) / 2) }),
      }),
      tokens: fc.uniqueArray(
        fc.record({
          at: cell,
          faction: fc.constantFrom('party', 'enemy'),
          move: fc.integer({ min: 0, max: 14 }),
          flying: fc.boolean(),
        }),
        { minLength: 1, maxLength: 5, selector: (t) => `${t.at[0]},${t.at[1]}` },
      ),
      mode: fc.constantFrom(...MODES),
    })
  })
  .map(({ map, tokens, mode }) => ({
    doc: {
      format: 'gm-scenario/1',
      system: 'arianrhod',
      map,
      tokens: tokens.map((t, i) => ({
        id: `t${i}`,
        at: t.at,
        faction: t.faction,
        move: t.move,
        ...(t.flying ? { states: ['flying'] } : {}),
      })),
    },
    mode,
  }))

type Doc = { doc: Record<string, unknown>; mode: string }
function ask<T>(scenario: Doc, query: Record<string, unknown>): T {
  const result = runScenario({ ...scenario.doc, query })
  if (!result.ok) throw new Error(JSON.stringify(result.error))
  return result.answer as T
}
type ReachAnswer = { cells: { at: [number, number]; cost: number }[] }
type PathAnswer = {
  reachable: boolean
  cost: number
  steps: { at: [number, number]; cost: number; action: string }[]
}

const elevationOf = (doc: Record<string, unknown>, at: [number, number]): number => {
  const cells = (doc.map as { cells: { at: [number, number]; elevation: number }[] }).cells
  let e = 0
  for (const c of cells) if (c.at[0] === at[0] && c.at[1] === at[1]) e = c.elevation
  return e
}

describe('arianrhod movement properties', () => {
  it('a path’s cost equals the sum of its steps, and matches the reach set', () => {
    fc.assert(
      fc.property(battlefield, (s) => {
        const reach = ask<ReachAnswer>(s, { type: 'reach', token: 't0', mode: s.mode })
        const start = (s.doc.tokens as { at: [number, number] }[])[0].at
        for (const { at, cost } of reach.cells) {
          const path = ask<PathAnswer>(s, { type: 'path', token: 't0', to: at, mode: s.mode })
          expect(path.reachable).toBe(true)
          expect(path.cost).toBe(cost)
          let previous = start
          let sum = 0
          for (const step of path.steps) {
            // each step's own cost, computed here from the rule text: climbs 2 × h + 2, else the metric
            const stepCost =
              step.action === 'climb'
                ? 2 * Math.abs(elevationOf(s.doc, step.at) - elevationOf(s.doc, previous)) + 2
                : distance(previous, step.at)
            sum += stepCost
            expect(step.cost).toBe(sum)
            previous = step.at
          }
          expect(sum).toBe(path.cost)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('reach is monotone in 【移動力】 and never ends on an occupied square', () => {
    fc.assert(
      fc.property(battlefield, fc.integer({ min: 0, max: 8 }), (s, extra) => {
        const tokens = s.doc.tokens as { at: [number, number]; move: number }[]
        const small = ask<ReachAnswer>(s, { type: 'reach', token: 't0', mode: s.mode })
        const bigger = {
          ...s,
          doc: {
            ...s.doc,
            tokens: tokens.map((t, i) => (i === 0 ? { ...t, move: t.move + extra } : t)),
          },
        }
        const large = ask<ReachAnswer>(bigger, { type: 'reach', token: 't0', mode: s.mode })
        const largeCost = new Map(large.cells.map((c) => [c.at.join(','), c.cost]))
        for (const c of small.cells) expect(largeCost.get(c.at.join(','))).toBe(c.cost)
        const occupied = new Set(tokens.map((t) => t.at.join(',')))
        for (const c of large.cells) expect(occupied.has(c.at.join(','))).toBe(false)
      }),
      { numRuns: 200 },
    )
  })

  it('cover from A to B equals cover from B to A', () => {
    fc.assert(
      fc.property(battlefield, (s) => {
        const ids = (s.doc.tokens as { id: string }[]).map((t) => t.id)
        for (const a of ids) {
          for (const b of ids) {
            const ab = ask<{ cover: string }>(s, { type: 'cover', from: a, to: b, attack: 'melee' })
            const ba = ask<{ cover: string }>(s, { type: 'cover', from: b, to: a, attack: 'melee' })
            expect(ab.cover).toBe(ba.cover)
          }
        }
      }),
      { numRuns: 200 },
    )
  })
})
