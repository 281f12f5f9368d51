// The dystopia system through the headless contract (scenario/run.ts): whole documents in,
// answers or `{error}` out, as the CLI prints them.
import { describe, expect, it } from 'vitest'
import { runScenario } from '../../scenario/run'

function scenario(query: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    format: 'gm-scenario/1',
    system: 'dystopia',
    map: { width: 6, height: 6 },
    tokens: [
      { id: 'pc1', at: [2, 2], faction: 'party' },
      { id: 'cultist', at: [2, 0], faction: 'cult' },
      { id: 'wolf', at: [1, 1], faction: 'beasts' },
      { id: 'pc2', at: [1, 1], faction: 'party' },
    ],
    query,
    ...extra,
  }
}

describe('dystopia through runScenario', () => {
  it('範囲(選択) on a distance-2 square offers friend and foe on the three squares', () => {
    expect(
      runScenario(
        scenario({ type: 'targets', token: 'pc1', shape: 'area', range: '0-3', pick: [[2, 0]] }),
      ),
    ).toEqual({
      ok: true,
      answer: {
        cells: [
          [2, 0],
          [1, 1],
          [3, 1],
        ],
        units: ['cultist', 'pc2', 'wolf'],
      },
    })
  })

  it('distance is Manhattan squares and reach lists sub moves', () => {
    expect(runScenario(scenario({ type: 'distance', from: [0, 0], to: [2, 3] }))).toEqual({
      ok: true,
      answer: { distance: 5, unit: 'squares' },
    })
    expect(runScenario(scenario({ type: 'reach', token: 'cultist', mode: 'sub' }))).toEqual({
      ok: true,
      answer: {
        cells: [
          { at: [1, 0], cost: 1 },
          { at: [3, 0], cost: 1 },
          { at: [2, 1], cost: 1 },
        ],
      },
    })
  })

  it('front row follows the "dystopia" foes setting', () => {
    const answer = runScenario(
      scenario({ type: 'front-row', token: 'pc1' }, { dystopia: { foes: [['party', 'cult']] } }),
    )
    expect(answer).toEqual({ ok: true, answer: { cells: [[2, 0]] } })
  })

  it('a bad pick is an error with a JSON pointer', () => {
    const result = runScenario(
      scenario({
        type: 'targets',
        token: 'pc1',
        shape: 'squares',
        range: '0-3',
        n: 2,
        pick: [
          [2, 0],
          [5, 5],
        ],
      }),
    )
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'pick-out-of-range', path: '/query/pick/1' },
    })
  })

  it('a fifth unit on a square and a board that is not 6 × 6 are refused', () => {
    const crowded = scenario({ type: 'front-row', token: 'pc1' })
    crowded.tokens.push(
      { id: 'a', at: [1, 1], faction: 'cult' },
      { id: 'b', at: [1, 1], faction: 'cult' },
      { id: 'c', at: [1, 1], faction: 'cult' },
    )
    expect(runScenario(crowded)).toMatchObject({
      ok: false,
      error: { code: 'tokens-overlap', path: '/tokens/6/at' },
    })
    const big = { ...scenario({ type: 'front-row', token: 'pc1' }), map: { width: 8, height: 6 } }
    expect(runScenario(big)).toMatchObject({
      ok: false,
      error: { code: 'board-size', path: '/map/width' },
    })
  })
})
