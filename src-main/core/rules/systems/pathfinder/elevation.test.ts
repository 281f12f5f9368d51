// Height in movement (003 地形と障害物, 移動): a change of floor under 5 ft is an obstacle
// (「障害物が移動を阻害するが完全に移動を阻むわけではない場合…2マス分の移動と数える」); 5 ft or more is
// climbed (「登攀(移動速度の1/4の距離まで)」, a 〈登攀〉 check) or, going down, jumped (a fall).
import { describe, expect, it } from 'vitest'
import { ask, reachMap } from './test-support'

// A 10-ft dais on columns 2–3; the fighter walks from (0, 0).
const dais = (height: number) => ({
  map: 'f . . . .\n\n. . . . .',
  tokens: { f: { move: 30 } },
  cells: [2, 3].flatMap((x) => [0, 1].map((y) => ({ at: [x, y], elevation: height }))),
})

describe('walking onto and off a dais (issue 14: it was a plain walk)', () => {
  it('climbing 10 ft costs 40 ft of movement (a quarter of speed), with a Climb check in the path', () => {
    const path = ask(dais(10), { type: 'path', token: 'f', to: [2, 0], mode: 'double' })
    expect(path).toMatchObject({ reachable: true, cost: 5 + 5 + 40 })
    expect((path.steps as { action: string }[]).map((s) => s.action)).toEqual(['move', 'climb'])
    expect(path.checks).toEqual([
      { kind: 'climb', ability: 'STR', skill: 'climb', at: [2, 0], height: 10, direction: 'up' },
    ])
    // A single move action (30 ft) cannot get up there.
    expect(
      reachMap(ask(dais(10), { type: 'reach', token: 'f', mode: 'move' }))['2,0'],
    ).toBeUndefined()
  })

  it("「登攀速度の上昇」: at half speed with −5 on the check; the GM gives the surface's DC", () => {
    const path = ask(dais(10), {
      type: 'path',
      token: 'f',
      to: [2, 0],
      mode: 'move',
      fastClimb: true,
      climbDc: 15,
    })
    expect(path).toMatchObject({ reachable: true, cost: 5 + 5 + 20 })
    expect(path.checks).toEqual([
      {
        kind: 'climb',
        ability: 'STR',
        skill: 'climb',
        at: [2, 0],
        height: 10,
        direction: 'up',
        dc: 15,
        modifier: -5,
      },
    ])
  })

  it('coming down: climbing down by default, or jumping down (a fall the GM resolves)', () => {
    const input = {
      ...dais(10),
      tokens: { f: { move: 30, at: [3, 0] } },
      map: '. . . . .\n\n. . . . .',
    }
    const climb = ask(input, { type: 'path', token: 'f', to: [4, 0], mode: 'double' })
    expect(climb).toMatchObject({ reachable: true, cost: 45 })
    expect(climb.checks).toEqual([
      { kind: 'climb', ability: 'STR', skill: 'climb', at: [4, 0], height: 10, direction: 'down' },
    ])
    const jump = ask(input, { type: 'path', token: 'f', to: [4, 0], mode: 'move', descend: 'jump' })
    expect(jump).toMatchObject({
      reachable: true,
      cost: 5,
      falls: [{ at: [4, 0], height: 10, damage: 'gm' }],
    })
    expect((jump.steps as { action: string }[])[0].action).toBe('jump')
    expect(jump.checks).toEqual([
      {
        kind: 'jump',
        ability: 'AGI',
        skill: 'acrobatics',
        at: [4, 0],
        height: 10,
        direction: 'down',
      },
    ])
  })

  it('a step under 5 ft is an obstacle: two squares of movement, and no 5-foot step over it', () => {
    const path = ask(dais(3), { type: 'path', token: 'f', to: [2, 0], mode: 'move' })
    expect(path).toMatchObject({ reachable: true, cost: 15, checks: [] })
    const step = {
      ...dais(3),
      tokens: { f: { move: 30, at: [1, 0] } },
      map: '. . . . .\n\n. . . . .',
    }
    expect(
      ask(step, { type: 'path', token: 'f', to: [2, 0], mode: 'five-foot-step' }).reachable,
    ).toBe(false)
  })

  it('flyers ignore height; running and charging never climb', () => {
    const fly = { ...dais(10), tokens: { f: { move: 30, states: ['flying'] } } }
    expect(ask(fly, { type: 'path', token: 'f', to: [2, 0], mode: 'move' })).toMatchObject({
      reachable: true,
      cost: 10,
    })
    expect(
      reachMap(ask(dais(10), { type: 'reach', token: 'f', mode: 'run' }))['3,0'],
    ).toBeUndefined()
  })
})
