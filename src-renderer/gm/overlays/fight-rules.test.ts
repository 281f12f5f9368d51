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
  areaView,
  pathView,
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

describe('one shape for the screens from the declared answers', () => {
  it('reads a path with its checks, and an unreachable one with its reason', () => {
    const answer = pathView({
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
    expect(pathView({ reachable: false, reason: 'pit' })).toEqual({
      reachable: false,
      reason: 'pit',
    })
  })

  it('puts the fall before the move first among the falls and drops a word where a place was', () => {
    const answer = pathView({
      reachable: true,
      cost: 2,
      steps: [{ at: [1, 0], cost: 2 }],
      checks: [{ kind: 'acrobatics', onSuccess: 'no-attack-of-opportunity' }],
      fall: { at: [0, 0], height: 4, damage: 'gm', stoppedBy: [] },
      falls: [{ at: [1, 0], height: 2 }],
    })
    expect(answer).toEqual({
      reachable: true,
      cost: 2,
      steps: [{ at: [1, 0], cost: 2, action: 'move' }],
      checks: [{ kind: 'acrobatics' }],
      provokes: [],
      falls: [
        { at: [0, 0], height: 4, damage: 'gm', stoppedBy: [], start: true },
        { at: [1, 0], height: 2, damage: 'gm', stoppedBy: [] },
      ],
    })
  })

  it('keeps the squeeze mark of a pathfinder step (issue 14: the panel said "walk")', () => {
    const answer = pathView({
      reachable: true,
      cost: 10,
      steps: [{ at: [2, 2], cost: 10, action: 'move', squeeze: true }],
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
      areaView({ cells: [{ at: [1, 1], reflex: 0 }], tokens: ['A', 'C'], targets: [] }).tokens,
    ).toEqual(['A', 'C'])
  })

  it('reads every template answer shape into cells and units', () => {
    expect(
      areaView({
        valid: false,
        reason: 'origin-out-of-range',
        radius: 3,
        cells: [[1, 1]],
        solids: [],
        edges: [],
        tokens: ['a'],
      }),
    ).toEqual({
      cells: [[1, 1]],
      tokens: ['a'],
      valid: false,
      reason: 'origin-out-of-range',
      radius: 3,
    })
    expect(areaView({ cells: [[0, 0]], units: ['u1', 'u2'] }).tokens).toEqual(['u1', 'u2'])
    expect(
      areaView({ cells: [{ at: [2, 3], reflex: true }], tokens: [], targets: [] }).cells,
    ).toEqual([[2, 3]])
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
