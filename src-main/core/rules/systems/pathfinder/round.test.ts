// The turn state (optional scenario field `round`) and the creature states that limit movement
// and attacks of opportunity (003 移動, 5フィート・ステップ, 疾走, 撤退, 這い進む, 機会攻撃).
import { describe, expect, it } from 'vitest'
import { runScenario } from '../../scenario/run'
import { ask, cellKeys, reachMap, scenarioDoc } from './test-support'
import type { ScenarioInput } from './test-support'

function withRound(
  input: ScenarioInput,
  query: Record<string, unknown>,
  round: Record<string, unknown>,
) {
  const result = runScenario({ ...scenarioDoc(input, query), round })
  if (!result.ok) throw new Error(result.error.message)
  return result.answer as Record<string, unknown>
}

const open = { map: 'f . . .\n\n. . . .\n\n. . . .', tokens: { f: { move: 30 } } }

describe('one 5-foot step a round, and none with other movement', () => {
  it('「そのラウンドにこれ以外で実際にいくばくかの距離を移動するのであれば、5フィート・ステップを行うことはできない」', () => {
    expect(
      withRound(open, { type: 'reach', token: 'f', mode: 'five-foot-step' }, { moved: ['f'] }),
    ).toEqual({
      cells: [],
      allowed: false,
      reason: 'five-foot-step-after-moving',
    })
  })

  it('「1ラウンドには2回以上の5フィート・ステップを行うことはできない」, and after one no other movement', () => {
    expect(
      withRound(
        open,
        { type: 'path', token: 'f', to: [1, 0], mode: 'five-foot-step' },
        { stepped: ['f'] },
      ),
    ).toEqual({
      reachable: false,
      reason: 'second-five-foot-step',
    })
    expect(
      withRound(open, { type: 'reach', token: 'f', mode: 'move' }, { stepped: ['f'] }),
    ).toMatchObject({ allowed: false, reason: 'moved-after-five-foot-step' })
    // Someone else's round state changes nothing for f.
    expect(
      reachMap(
        withRound(open, { type: 'reach', token: 'f', mode: 'five-foot-step' }, { moved: ['g'] }),
      ),
    ).toHaveProperty('1,0', 5)
  })

  it('a bad round field is a scenario error pointing at it', () => {
    const result = runScenario({
      ...scenarioDoc(open, { type: 'reach', token: 'f', mode: 'move' }),
      round: { moved: 'f' },
    })
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-scenario', path: '/round/moved' },
    })
  })
})

describe('running limits', () => {
  const runner = { map: 'f . . . . . . .', tokens: { f: { move: 30, constitution: 12 } } }

  it('「【耐久力】の値と同じラウンド数までは問題なく疾走…その後…【耐久力】判定(DC10)…成功するごとに1ずつ上昇」', () => {
    const query = { type: 'path', token: 'f', to: [6, 0], mode: 'run' }
    expect(withRound(runner, query, { ranRounds: { f: 11 } }).checks).toEqual([])
    expect(withRound(runner, query, { ranRounds: { f: 12 } }).checks).toEqual([
      { kind: 'run', ability: 'CON', dc: 10 },
    ])
    expect(withRound(runner, query, { ranRounds: { f: 14 } }).checks).toEqual([
      { kind: 'run', ability: 'CON', dc: 12 },
    ])
  })

  it('「休憩している間、キャラクターは通常の移動アクションより早く移動することはできない」', () => {
    expect(
      withRound(runner, { type: 'reach', token: 'f', mode: 'run' }, { resting: ['f'] }),
    ).toMatchObject({ allowed: false, reason: 'resting-after-run' })
    expect(
      withRound(runner, { type: 'reach', token: 'f', mode: 'double' }, { resting: ['f'] }),
    ).toMatchObject({ allowed: false, reason: 'resting-after-run' })
    expect(
      reachMap(withRound(runner, { type: 'reach', token: 'f', mode: 'move' }, { resting: ['f'] })),
    ).toHaveProperty('6,0', 30)
  })
})

describe('states that limit movement', () => {
  it('「君は盲目状態にある場合、戦闘からの撤退を行えない」', () => {
    const blind = { ...open, tokens: { f: { move: 30, states: ['blinded'] } } }
    expect(ask(blind, { type: 'reach', token: 'f', mode: 'withdraw' })).toMatchObject({
      allowed: false,
      reason: 'blinded-no-withdraw',
    })
  })

  it('「…非実体クリーチャーにとっては、移動困難な地形も移動の支障とはならない」', () => {
    const bog = { map: 'f ~ ~ .', tokens: { f: { move: 30, states: ['incorporeal'] } } }
    expect(ask(bog, { type: 'path', token: 'f', to: [3, 0], mode: 'move' })).toMatchObject({
      reachable: true,
      cost: 15,
    })
    expect(
      ask(
        { ...bog, tokens: { f: { move: 30 } } },
        { type: 'path', token: 'f', to: [3, 0], mode: 'move' },
      ),
    ).toMatchObject({ cost: 25 })
  })

  it('「不可視状態の敵は君に対して機会攻撃を得る」: a withdraw from an invisible enemy provokes it; no charge at what one cannot see', () => {
    const input = {
      map: 'f G . . . . .\n\n. . . . . . .',
      tokens: { f: { move: 30 }, G: { states: ['invisible'] } },
    }
    expect(ask(input, { type: 'path', token: 'f', to: [0, 1], mode: 'withdraw' }).provokes).toEqual(
      ['G'],
    )
    const seen = { ...input, tokens: { f: { move: 30 } } }
    expect(ask(seen, { type: 'path', token: 'f', to: [0, 1], mode: 'withdraw' }).provokes).toEqual(
      [],
    )
    const lane = { map: 'f . . . . G .', tokens: { f: { move: 30 }, G: { states: ['invisible'] } } }
    expect(ask(lane, { type: 'reach', token: 'f', mode: 'charge', target: 'G' }).cells).toEqual([])
  })

  it('a blinded creature sees only its own square, and cannot run (「移動する先を見ることができない場合にも疾走は行えない」)', () => {
    const blind = { map: 'f . . .', tokens: { f: { move: 30, states: ['blinded'] } } }
    expect(ask(blind, { type: 'visible', token: 'f' }).cells).toEqual([[0, 0]])
    expect(ask(blind, { type: 'reach', token: 'f', mode: 'run' }).cells).toEqual([])
  })

  it('「水泳(移動速度の1/4の距離まで)」; no withdraw or 5-foot step swimming without a swim speed', () => {
    const swim = { ...open, tokens: { f: { move: 40, states: ['swimming'] } } }
    expect(
      Math.max(...Object.values(reachMap(ask(swim, { type: 'reach', token: 'f', mode: 'move' })))),
    ).toBe(10)
    expect(ask(swim, { type: 'reach', token: 'f', mode: 'withdraw' })).toMatchObject({
      allowed: false,
      reason: 'no-swim-speed',
    })
    const fish = { ...open, tokens: { f: { move: 40, swimSpeed: 30, states: ['swimming'] } } }
    expect(reachMap(ask(fish, { type: 'reach', token: 'f', mode: 'move' }))).toHaveProperty(
      '3,2',
      20,
    )
    expect(ask(fish, { type: 'reach', token: 'f', mode: 'withdraw' }).allowed).toBeUndefined()
  })

  it('a climb speed climbs at that speed, without a check, and may withdraw up a wall', () => {
    const cells = [{ at: [2, 0], elevation: 10 }]
    const gecko = { map: 'f . . .', tokens: { f: { move: 30, climbSpeed: 30 } }, cells }
    const path = ask(gecko, { type: 'path', token: 'f', to: [2, 0], mode: 'move' })
    expect(path).toMatchObject({ reachable: true, cost: 5 + 5 + 10, checks: [] })
    expect(ask(gecko, { type: 'path', token: 'f', to: [2, 0], mode: 'withdraw' }).reachable).toBe(
      true,
    )
    const human = { ...gecko, tokens: { f: { move: 30 } } }
    expect(ask(human, { type: 'path', token: 'f', to: [2, 0], mode: 'withdraw' }).reachable).toBe(
      false,
    )
  })

  it('這い進む: 5 ft as a move action, and 「経路上で君を機会攻撃範囲に含むすべての攻撃者から機会攻撃を誘発する」', () => {
    // Crawling from (0, 0) into (1, 0), which G threatens: G gets its attack, though f never leaves a threatened square.
    const input = { map: 'f . . G', tokens: { f: { move: 30 }, G: { reach: 10 } } }
    expect(ask(input, { type: 'path', token: 'f', to: [1, 0], mode: 'crawl' })).toMatchObject({
      reachable: true,
      cost: 5,
      provokes: ['G'],
    })
    expect(ask(input, { type: 'path', token: 'f', to: [1, 0], mode: 'move' }).provokes).toEqual([])
    expect(reachMap(ask(input, { type: 'reach', token: 'f', mode: 'crawl' }))).toEqual({ '1,0': 5 })
  })
})

describe('who makes attacks of opportunity', () => {
  const fight = { map: 'f G . .\n\n. . . .', tokens: { f: { move: 30 } } }

  it('「君が素手の場合、ふつうはいずれのマス目も機会攻撃範囲に収めない」: an unarmed creature threatens nothing', () => {
    const unarmed = { ...fight, tokens: { ...fight.tokens, G: { armed: false } } }
    expect(ask(unarmed, { type: 'zoc', token: 'G' }).cells).toEqual([])
    expect(ask(unarmed, { type: 'path', token: 'f', to: [0, 1], mode: 'move' }).provokes).toEqual(
      [],
    )
    expect(cellKeys(ask(fight, { type: 'zoc', token: 'G' })).length).toBe(5)
  })

  it('one attack of opportunity a round; 《迎え討ち》 adds the 【敏捷力】 modifier', () => {
    const query = { type: 'path', token: 'f', to: [0, 1], mode: 'move' }
    expect(ask(fight, query).provokes).toEqual(['G'])
    expect(withRound(fight, query, { aooMade: { G: 1 } }).provokes).toEqual([])
    const reflexes = {
      ...fight,
      tokens: { ...fight.tokens, G: { combatReflexes: true, dexModifier: 2 } },
    }
    expect(withRound(reflexes, query, { aooMade: { G: 2 } }).provokes).toEqual(['G'])
    expect(withRound(reflexes, query, { aooMade: { G: 3 } }).provokes).toEqual([])
  })
})

describe('passing enemies: 蹴散らし and 〈軽業〉 as path options (issue 14)', () => {
  const corridor = { map: 'f G .\n\n# # #', tokens: { f: { move: 30 }, G: { cmd: 15 } } }

  it('「君は移動の途中で敵が占めているマス目を通過しようと試みることができる(『蹴散らし』を参照)」: a combat maneuver against its CMD; a failure ends the move before it', () => {
    expect(ask(corridor, { type: 'path', token: 'f', to: [2, 0], mode: 'move' }).reachable).toBe(
      false,
    )
    const overrun = ask(corridor, {
      type: 'path',
      token: 'f',
      to: [2, 0],
      mode: 'move',
      through: 'overrun',
    })
    expect(overrun).toMatchObject({ reachable: true, cost: 10, provokes: ['G'] })
    expect(overrun.checks).toEqual([
      {
        kind: 'overrun',
        skill: 'combat-maneuver',
        against: ['G'],
        dc: 15,
        onFailure: { at: [0, 0] },
      },
    ])
    // 「君は自分より1段階大きいかそれより小さいサイズの相手にのみ蹴散らしを行なうことができる」
    const huge = {
      map: 'f G . . .\n\n. . . . .\n\n. . . . .\n\n# # # # #',
      tokens: { f: { move: 30 }, G: { size: 'huge' } },
    }
    expect(
      ask(huge, { type: 'path', token: 'f', to: [4, 0], mode: 'move', through: 'overrun' })
        .reachable,
    ).toBe(false)
  })

  it('〈軽業〉: through the square at half speed, DC CMD + 5; past a threatened square, DC CMD', () => {
    const tumble = ask(corridor, {
      type: 'path',
      token: 'f',
      to: [2, 0],
      mode: 'move',
      through: 'acrobatics',
    })
    expect(tumble).toMatchObject({ reachable: true, cost: 20, provokes: ['G'] })
    expect(tumble.checks).toEqual([
      {
        kind: 'acrobatics',
        ability: 'AGI',
        skill: 'acrobatics',
        against: ['G'],
        dc: 20,
        onSuccess: 'no-attack-of-opportunity',
      },
    ])
    const past = ask(
      { map: 'f . .\n\n. G .', tokens: { f: { move: 30 }, G: { cmd: 15 } } },
      { type: 'path', token: 'f', to: [2, 0], mode: 'move', through: 'acrobatics' },
    )
    expect(past.checks).toEqual([
      {
        kind: 'acrobatics',
        ability: 'AGI',
        skill: 'acrobatics',
        against: ['G'],
        dc: 15,
        onSuccess: 'no-attack-of-opportunity',
      },
    ])
  })

  it('overrun takes the standard action: only with a move action', () => {
    const result = runScenario(
      scenarioDoc(corridor, {
        type: 'path',
        token: 'f',
        to: [2, 0],
        mode: 'double',
        through: 'overrun',
      }),
    )
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-query', path: '/query/through' },
    })
  })
})

// Issue 24: 「1回の通常ラウンド中に、君は1回の標準アクションと1回の移動アクションを行うか、あるいは1回の
// 全ラウンド・アクションを行うことができる」 — after a move action that moved, no full-round action.
describe('a full-round action cannot follow a move action', () => {
  const foe = {
    map: 'f . . . . . .\n\n. . . . . . G',
    tokens: { f: { move: 30 }, G: {} },
  }
  it.each(['run', 'withdraw'])(
    '疾走 / 撤退: %s after moving is refused with the reason',
    (mode) => {
      expect(withRound(open, { type: 'reach', token: 'f', mode }, { moved: ['f'] })).toEqual({
        cells: [],
        allowed: false,
        reason: 'full-round-after-move',
      })
      expect(
        withRound(open, { type: 'path', token: 'f', to: [3, 0], mode }, { moved: ['f'] }),
      ).toEqual({ reachable: false, reason: 'full-round-after-move' })
      // Without a move this round, the same mode is allowed.
      expect(withRound(open, { type: 'reach', token: 'f', mode }, {})).not.toHaveProperty('allowed')
    },
  )

  it('突撃 (a full-round action) too', () => {
    expect(
      withRound(
        foe,
        { type: 'path', token: 'f', to: [5, 1], mode: 'charge', target: 'G' },
        { moved: ['f'] },
      ),
    ).toEqual({ reachable: false, reason: 'full-round-after-move' })
  })

  it('a double move is two move actions: after one, only a single move remains', () => {
    expect(
      withRound(open, { type: 'reach', token: 'f', mode: 'double' }, { moved: ['f'] }),
    ).toMatchObject({ allowed: false, reason: 'one-move-action-left' })
    expect(
      reachMap(withRound(open, { type: 'reach', token: 'f', mode: 'move' }, { moved: ['f'] })),
    ).toHaveProperty('3,0', 15)
  })
})
