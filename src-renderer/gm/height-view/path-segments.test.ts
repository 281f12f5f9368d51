import { describe, expect, it } from 'vitest'
import { pathOfAnswer, pathSegments, pathSummary, type PathAnswer } from './path-segments'
import { segmentLabel } from './path-labels'
import { buildCells } from './scene-data'
import { engineAnswer, sampleMap } from './test-support'
import { translate } from '../../lib/i18n'

const map = sampleMap('arianrhod-sample')
const cells = buildCells(map)

function segmentsFor(tokenId: string, to: [number, number], mode: string) {
  const token = map.tokens.find((t) => t.id === tokenId)!
  const answer = pathOfAnswer(engineAnswer(map, 'path', { token: tokenId, to, mode }))
  expect(answer.reachable).toBe(true)
  return pathSegments(cells, token.at, answer, 2)
}

describe('3D path segments from the engine answer', () => {
  it('walks to the ledge foot, then climbs the 6 m face for a total of 16 m', () => {
    const segments = segmentsFor('pc-climber', [8, 2], 'climb')
    expect(segments.map((s) => s.action)).toEqual(['move', 'climb'])
    const climb = segments[1]
    expect(climb).toMatchObject({ from: [7, 2], to: [8, 2], rise: 6, cost: 16 })
    expect(climb.checks.every((c) => c.kind === 'climb')).toBe(true)
    // Up the face: two points on the shared side x = 8, at the lower and the upper floor.
    const [, foot, top] = climb.points
    expect(foot[0]).toBeCloseTo(8)
    expect(top[0]).toBeCloseTo(8)
    expect(top[1] - foot[1]).toBeCloseTo(3) // 6 m at 2 m per scene unit
  })

  it('makes one jump arc over the pit carrying STR DC 8', () => {
    const segments = segmentsFor('pc-jumper', [5, 6], 'jump')
    expect(segments).toHaveLength(1)
    const jump = segments[0]
    expect(jump).toMatchObject({ action: 'jump', from: [2, 6], to: [5, 6], cost: 6, rise: 0 })
    // The sample dungeon is dark there: 明度 ≤ 2 takes one die off every check.
    expect(jump.checks).toEqual([{ kind: 'jump', ability: 'STR', dc: 8, dice: -1 }])
    const apex = Math.max(...jump.points.map((p) => p[1]))
    expect(apex).toBeGreaterThan(jump.points[0][1] + 0.5)
  })

  it('shows walking off the ledge as a 6 m fall at the face', () => {
    const segments = segmentsFor('goblin-ledge', [7, 2], 'combat')
    const fall = segments.find((s) => s.action === 'fall')!
    expect(fall).toMatchObject({ from: [8, 2], to: [7, 2], rise: -6 })
    expect(fall.points[1][0]).toBeCloseTo(8)
    expect(fall.points[1][1] - fall.points[2][1]).toBeCloseTo(3)
  })

  it('labels segments with action, cumulative cost and checks in both languages', () => {
    const [, climb] = segmentsFor('pc-climber', [8, 2], 'climb')
    const en = segmentLabel(climb, 'm', (k, p) => translate('en', k, p))
    expect(en).toMatch(/^climb 6 m · total 16 m · STR DC \d+/)
    const [jump] = segmentsFor('pc-jumper', [5, 6], 'jump')
    expect(segmentLabel(jump, 'm', (k, p) => translate('ja', k, p))).toBe(
      '跳躍 · 累計 6 m · STR 目標値8',
    )
  })

  it('summarises segments for the data-path attribute without drawing data', () => {
    const summary = pathSummary(segmentsFor('pc-jumper', [5, 6], 'jump'))
    expect(summary).toEqual([
      {
        action: 'jump',
        from: [2, 6],
        to: [5, 6],
        cost: 6,
        rise: 0,
        checks: [{ kind: 'jump', ability: 'STR', dc: 8 }],
      },
    ])
  })

  it('reads an unreachable answer with its reason', () => {
    expect(pathOfAnswer({ reachable: false, reason: 'blocked' })).toEqual({
      reachable: false,
      reason: 'blocked',
    })
  })

  it('gives each of several climbs its own check when counts match', () => {
    const answer: PathAnswer = {
      reachable: true,
      steps: [
        { at: [1, 0], cost: 4, action: 'climb' },
        { at: [2, 0], cost: 8, action: 'climb' },
      ],
      checks: [
        { kind: 'climb', ability: 'STR', dc: 9 },
        { kind: 'climb', ability: 'STR', dc: 11 },
      ],
    }
    const segments = pathSegments(cells, [0, 0], answer, 2)
    expect(segments.map((s) => s.checks.map((c) => c.dc))).toEqual([[9], [11]])
  })
})
