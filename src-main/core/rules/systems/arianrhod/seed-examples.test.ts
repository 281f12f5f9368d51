// The worked examples of the rule text (shared/seeds/000_*.txt), one named test each.
import { describe, expect, it } from 'vitest'
import { answerOf, scenarioOf } from '../../testing/scenario'

type Cells = { cells: [number, number][] }

describe('Arianrhod 2E grid rule — the seed text’s own examples', () => {
  it('distance table (戦闘移動): 2 m orthogonal, 3 m diagonal, the 5×5 table around ★', () => {
    const table = [
      [6, 5, 4, 5, 6],
      [5, 3, 2, 3, 5],
      [4, 2, 0, 2, 4],
      [5, 3, 2, 3, 5],
      [6, 5, 4, 5, 6],
    ]
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 5; x++) {
        const doc = scenarioOf(
          'arianrhod',
          '. . . . .\n\n. . . . .\n\n. . . . .\n\n. . . . .\n\n. . . . .',
          {},
          {
            type: 'distance',
            from: [2, 2],
            to: [x, y],
          },
        )
        expect(answerOf(doc)).toEqual({ distance: table[y][x], unit: 'm' })
      }
    }
  })

  it('the 3×3 engagement (エンゲージ): ZOC is the square and every square within 3 m', () => {
    const doc = scenarioOf(
      'arianrhod',
      `
      . . . . .
      
      . . . . .
      
      . . a . .
      
      . . . . .
      
      . . . . .
    `,
      {},
      { type: 'zoc', token: 'a' },
    )
    const { cells } = answerOf<Cells>(doc)
    expect(cells).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [1, 2],
      [2, 2],
      [3, 2],
      [1, 3],
      [2, 3],
      [3, 3],
    ])
    // and its distances are the 3 | 2 | 3 table
    const dist = (to: [number, number]) =>
      answerOf<{ distance: number }>(
        scenarioOf(
          'arianrhod',
          '. . .\n\n. . .\n\n. . .',
          {},
          { type: 'distance', from: [1, 1], to },
        ),
      ).distance
    expect([dist([0, 0]), dist([1, 0]), dist([2, 0]), dist([0, 1]), dist([2, 1])]).toEqual([
      3, 2, 3, 2, 2,
    ])
  })

  it('the 2-square pit (跳躍移動): 3 squares of movement, 6 m, STR DC 8', () => {
    const map = `
      a _ _ .
    `
    const path = (move: number, mode = 'jump') =>
      answerOf<Record<string, unknown>>(
        scenarioOf(
          'arianrhod',
          map,
          { a: { move } },
          { type: 'path', token: 'a', to: [3, 0], mode },
        ),
      )
    expect(path(6)).toEqual({
      reachable: true,
      cost: 6,
      steps: [
        { at: [1, 0], cost: 2, action: 'jump' },
        { at: [2, 0], cost: 4, action: 'jump' },
        { at: [3, 0], cost: 6, action: 'jump' },
      ],
      checks: [{ kind: 'jump', ability: 'STR', dc: 8 }],
      provokes: [],
      lost: ['minor'],
    })
    expect(path(5)).toEqual({ reachable: false, reason: 'out-of-reach' })
    expect(path(10, 'combat')).toEqual({ reachable: false, reason: 'out-of-reach' })
  })

  it('the 16 m climb (登攀移動): move 2 m, climb a 6 m wall and stand on top = 2 + (6 + 1) × 2', () => {
    const map = `
      a . 6
    `
    const path = (move: number) =>
      answerOf<Record<string, unknown>>(
        scenarioOf(
          'arianrhod',
          map,
          { a: { move } },
          { type: 'path', token: 'a', to: [2, 0], mode: 'climb' },
        ),
      )
    expect(path(16)).toEqual({
      reachable: true,
      cost: 16,
      steps: [
        { at: [1, 0], cost: 2, action: 'move' },
        { at: [2, 0], cost: 16, action: 'climb' },
      ],
      checks: [
        // 「【筋力】判定に成功すれば［【移動力】÷2］ｍ登ることができる」: (16 − 2) ÷ 2 = 7 m, the whole wall.
        {
          kind: 'climb',
          ability: 'STR',
          dc: 10,
          climbs: 6,
          onSuccess: { at: [2, 0], elevation: 6 },
        },
        {
          kind: 'climb',
          ability: 'AGI',
          dc: 10,
          ifFailed: 'STR',
          onSuccess: { at: [1, 0], elevation: 0 },
          onFailure: { at: [1, 0], elevation: 0 },
          // Failing the first check leaves it on the floor: nothing to fall.
          drops: { onSuccess: 0, onFailure: 0 },
        },
      ],
      provokes: [],
      lost: ['minor'],
    })
    expect(path(15)).toEqual({ reachable: false, reason: 'out-of-reach' })
  })

  it('the 6 m melee area (近接攻撃の「範囲（選択）」): origin in リーチ, enemies up to 6 m away', () => {
    const map = `
      . . . . . . .
      
      . . . . . . .
      
      . . . . . . .
      
      . . . a . . .
      
      . . . . . . .
      
      . . . . . . .
      
      . . . . . . .
    `
    let farthest = 0
    for (let y = 0; y < 7; y++) {
      for (let x = 0; x < 7; x++) {
        const area = answerOf<{ valid: boolean; cells: [number, number][] }>(
          scenarioOf(
            'arianrhod',
            map,
            {},
            { type: 'area', token: 'a', origin: [x, y], range: 'reach' },
          ),
        )
        const inReach = Math.abs(x - 3) <= 1 && Math.abs(y - 3) <= 1
        expect(area.valid).toBe(inReach)
        if (!area.valid) continue
        for (const [cx, cy] of area.cells) {
          const dx = Math.abs(cx - 3)
          const dy = Math.abs(cy - 3)
          farthest = Math.max(
            farthest,
            3 * Math.min(dx, dy) + 2 * (Math.max(dx, dy) - Math.min(dx, dy)),
          )
        }
      }
    }
    expect(farthest).toBe(6)
    // the corner origin reaches the enemy two diagonals away
    const targets = answerOf<{ tokens: string[] }>(
      scenarioOf(
        'arianrhod',
        map.replace('. . . . . . .\n', '. . . . . Z .\n'),
        {},
        { type: 'area', token: 'a', origin: [4, 2], range: 'reach' },
      ),
    )
    expect(targets.tokens).toContain('a')
  })
})
