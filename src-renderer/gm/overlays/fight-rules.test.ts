import { describe, expect, it } from 'vitest'
import type { CampaignMap, CampaignToken } from '@core/campaign/schema'
import {
  LINE_DIRECTIONS,
  costColour,
  coverLines,
  directionTowards,
  foesOf,
  isDystopiaRange,
  modeFor,
  readArea,
  readCover,
  readPath,
  readReach,
  tokenAt,
  type LineDirection,
} from './fight-rules'

function token(
  id: string,
  at: [number, number],
  extra: Partial<CampaignToken> = {},
): CampaignToken {
  return { id, at, faction: 'party', name: '', ...extra }
}

function map(tokens: CampaignToken[]): CampaignMap {
  return {
    id: 'm',
    name: 'm',
    system: 'pathfinder',
    width: 10,
    height: 10,
    cells: [],
    edges: [],
    light: { sources: [] },
    tokens,
    notes: '',
  }
}

describe('reading engine answers', () => {
  it('reads a reach answer and keeps arianrhod refusals', () => {
    expect(readReach({ cells: [{ at: [1, 2], cost: 3, extra: 1 }] })).toEqual({
      cells: [{ at: [1, 2], cost: 3 }],
      allowed: true,
    })
    // The shared schema (src-main/core/rules/answers.ts) refuses a malformed answer as a whole.
    expect(() => readReach({ cells: [{ at: 'x', cost: 1 }] })).toThrow(/reach/)
    expect(readReach({ cells: [], allowed: false, reason: 'climbing' })).toEqual({
      cells: [],
      allowed: false,
      reason: 'climbing',
    })
    expect(() => readReach({ error: 1 })).toThrow(/reach/)
  })

  it('reads a path with its checks, and an unreachable one with its reason', () => {
    const answer = readPath({
      reachable: true,
      cost: 14,
      steps: [{ at: [8, 3], cost: 14, action: 'climb' }],
      checks: [
        { kind: 'climb', ability: 'AGI', dc: 10, ifFailed: 'STR' },
        { kind: 'contest', against: ['orc'] },
      ],
      provokes: ['orc'],
    })
    expect(answer).toEqual({
      reachable: true,
      cost: 14,
      steps: [{ at: [8, 3], cost: 14, action: 'climb' }],
      checks: [
        { kind: 'climb', ability: 'AGI', dc: 10, ifFailed: 'STR' },
        { kind: 'contest', against: ['orc'] },
      ],
      provokes: ['orc'],
    })
    expect(readPath({ reachable: false, reason: 'pit' })).toEqual({
      reachable: false,
      reason: 'pit',
    })
  })

  it('keeps the squeeze mark of a pathfinder step (issue 14: the panel said "walk")', () => {
    const answer = readPath({
      reachable: true,
      cost: 10,
      steps: [{ at: [2, 2], cost: 10, action: 'move', squeeze: true, space: [1, 2] }],
      checks: [],
      provokes: [],
    })
    expect(answer.reachable && answer.steps[0]).toEqual({
      at: [2, 2],
      cost: 10,
      action: 'move',
      squeeze: true,
    })
  })

  it('a pathfinder spread answer lists its creatures as the template units', () => {
    expect(
      readArea({ cells: [{ at: [1, 1], reflex: 0 }], tokens: ['A', 'C'], targets: [] }).tokens,
    ).toEqual(['A', 'C'])
  })

  it('reads every template answer shape into cells and units', () => {
    expect(
      readArea({
        valid: false,
        reason: 'origin-out-of-range',
        radius: 3,
        cells: [[1, 1]],
        tokens: ['a'],
      }),
    ).toEqual({
      cells: [[1, 1]],
      tokens: ['a'],
      valid: false,
      reason: 'origin-out-of-range',
      radius: 3,
    })
    expect(readArea({ cells: [[0, 0]], units: ['u1', 'u2'] }).tokens).toEqual(['u1', 'u2'])
    expect(readArea({ cells: [{ at: [2, 3], reflex: true }] }).cells).toEqual([[2, 3]])
  })
})

describe('fight helpers', () => {
  it('falls back to the system default mode for a mode of another system', () => {
    expect(modeFor('arianrhod', null)).toBe('combat')
    expect(modeFor('arianrhod', 'climb')).toBe('climb')
    expect(modeFor('dystopia', 'climb')).toBe('sub')
    expect(modeFor('pathfinder', 'double')).toBe('double')
  })

  it('points each DysTopiA line letter back at itself', () => {
    for (const [letter, [dx, dy]] of Object.entries(LINE_DIRECTIONS)) {
      expect(directionTowards([2, 2], [2 + dx * 2, 2 + dy * 2])).toBe(letter as LineDirection)
    }
    expect(directionTowards([2, 2], [2, 2])).toBeNull()
    // Clockwise from west: A is west, C north, E east, G south.
    expect(directionTowards([3, 3], [0, 3])).toBe('A')
    expect(directionTowards([3, 3], [3, 0])).toBe('C')
  })

  it('accepts the range inputs the DysTopiA README accepts', () => {
    expect(isDystopiaRange('0-3')).toBe(true)
    expect(isDystopiaRange('2')).toBe(true)
    expect(isDystopiaRange('自身')).toBe(true)
    expect(isDystopiaRange('3-')).toBe(false)
  })

  it('finds tokens by any square of their footprint', () => {
    const ogre = token('ogre', [4, 4], { size: 'large', faction: 'enemy' })
    const m = map([token('pc', [1, 1]), ogre])
    expect(tokenAt(m, [5, 5])?.id).toBe('ogre')
    expect(tokenAt(m, [6, 6])).toBeUndefined()
    expect(tokenAt(m, [1, 1], 'pc')).toBeUndefined()
    expect(foesOf(m, m.tokens[0]).map((t) => t.id)).toEqual(['ogre'])
  })

  it('draws one centre line in arianrhod and four corner lines in pathfinder', () => {
    const a = token('a', [0, 0])
    const b = token('b', [5, 0], { size: 'large' })
    expect(coverLines('arianrhod', a, b)).toEqual([{ x1: 0.5, y1: 0.5, x2: 6, y2: 1 }])
    const lines = coverLines('pathfinder', a, b)
    expect(lines).toHaveLength(4)
    // From the attacker's corner nearest the target to each corner of the 2 × 2 footprint.
    expect(new Set(lines.map((l) => `${l.x1},${l.y1}`))).toEqual(new Set(['1,1']))
    expect(lines.map((l) => `${l.x2},${l.y2}`).sort()).toEqual(['5,0', '5,2', '7,0', '7,2'])
  })

  it('colours costs from green to red and clamps', () => {
    expect(costColour(0)).toBe('hsl(120 75% 45%)')
    expect(costColour(1)).toBe('hsl(0 75% 45%)')
    expect(costColour(7)).toBe(costColour(1))
  })
})

describe('readCover', () => {
  it('keeps the Arianrhod reaction dice (部分遮蔽: 「リアクションの判定に＋1D」)', () => {
    expect(readCover({ cover: 'partial', targetable: true, reactionDice: 1 })).toEqual({
      cover: 'partial',
      targetable: true,
      reactionDice: 1,
    })
    expect(readCover({ cover: 'none', soft: false })).toEqual({ cover: 'none', soft: false })
  })
})
