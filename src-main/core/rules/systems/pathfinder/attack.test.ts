// The `attack` and `provokes` queries: the situational modifiers the battlefield decides (003
// 戦闘における修正値) and the attacks of opportunity an action provokes (表『戦闘中のアクション』).
import { describe, expect, it } from 'vitest'
import { runScenario } from '../../scenario/run'
import { ask, askError, scenarioDoc } from './test-support'

type Modifier = {
  code: string
  attack?: number
  ac?: number
  missChance?: number
  dexToAc?: string
  source?: string
}
const attack = (
  map: string,
  kind: 'melee' | 'ranged',
  tokens: Record<string, Record<string, unknown>> = {},
  extra: Record<string, unknown> = {},
  cells: Record<string, unknown>[] = [],
) =>
  ask(
    { map, tokens, cells },
    { type: 'attack', attacker: 'a', target: 'T', attack: kind, ...extra },
  )
const codes = (answer: Record<string, unknown>) =>
  (answer.modifiers as Modifier[]).map((m) => m.code)

describe('attack: cover and concealment', () => {
  it('遮蔽の後ろにいる +4 AC; 部分遮蔽 +2; soft cover from a creature in the way', () => {
    const pillar = attack('a . . .\n\n. . # T\n\n. . . .', 'ranged')
    expect(pillar).toMatchObject({ allowed: true, ac: 4 })
    expect(pillar.modifiers).toContainEqual({ code: 'cover', ac: 4, source: 'cover' })
    expect(attack('a . . .\n\n. . . .\n      -\n. . . T', 'ranged')).toMatchObject({
      ac: 2,
      modifiers: [{ code: 'partial-cover', ac: 2 }],
    })
    expect(codes(attack('a . b T\n\n. . . .', 'ranged'))).toContain('soft-cover')
  })

  it('「君は完全遮蔽を持つ目標に対して攻撃を行うことができない」', () => {
    expect(attack('a|T', 'melee')).toMatchObject({
      allowed: false,
      reason: 'total-cover',
      provokes: [],
    })
  })

  it('良好な遮蔽: 「狭間窓から覗いている目標に対して…ACと反応セーヴのボーナスを2倍(AC+8…)」; the archer behind the slit shoots out freely', () => {
    const map = { map: 'a . . T . .', tokens: {} }
    const doc = scenarioDoc(map, { type: 'attack', attacker: 'a', target: 'T', attack: 'ranged' })
    const withSlit = (d: Record<string, unknown>) => ({
      ...d,
      map: {
        ...(d.map as object),
        edges: [
          {
            between: [
              [2, 0],
              [3, 0],
            ],
            kind: 'arrow-slit',
          },
        ],
      },
    })
    const inward = runScenario(withSlit(doc))
    expect(inward).toMatchObject({
      ok: true,
      answer: { ac: 8, modifiers: [{ code: 'improved-cover', ac: 8 }] },
    })
    const outward = runScenario(
      withSlit(scenarioDoc(map, { type: 'attack', attacker: 'T', target: 'a', attack: 'ranged' })),
    )
    expect(outward).toMatchObject({ ok: true, answer: { ac: 0, modifiers: [] } })
  })

  it('視認困難 20 %, and 不可視状態 gives total concealment (50 %)', () => {
    expect(attack('a . . T', 'ranged', {}, {}, [{ at: [3, 0], light: 1 }])).toMatchObject({
      missChance: 20,
      concealment: 'concealment',
    })
    expect(attack('a . . T', 'ranged', { T: { states: ['invisible'] } })).toMatchObject({
      missChance: 50,
      concealment: 'total',
    })
  })
})

describe('attack: position and states', () => {
  it('挟撃 +2 with the ally as its source, for melee only', () => {
    const map = 'a T b'
    expect(attack(map, 'melee').modifiers).toContainEqual({
      code: 'flanking',
      attack: 2,
      source: 'b',
    })
    expect(codes(attack(map, 'ranged'))).not.toContain('flanking')
  })

  it('高い場所にいる +1 to melee, nothing to ranged', () => {
    const high = { at: [0, 0], elevation: 5 }
    expect(attack('a T', 'melee', {}, {}, [high]).modifiers).toContainEqual({
      code: 'higher-ground',
      attack: 1,
    })
    expect(codes(attack('a T', 'ranged', {}, {}, [high]))).not.toContain('higher-ground')
  })

  it('近接戦闘中の敵に遠隔攻撃を行う −4; 《精密射撃》 none; 10 ft from the nearest ally none; 2 sizes larger −2', () => {
    const melee = 'a . . T b'
    expect(attack(melee, 'ranged').modifiers).toContainEqual({
      code: 'shooting-into-melee',
      attack: -4,
      source: 'b',
    })
    expect(codes(attack(melee, 'ranged', { a: { preciseShot: true } }))).not.toContain(
      'shooting-into-melee',
    )
    expect(codes(attack(melee, 'ranged', {}, { preciseShot: true }))).not.toContain(
      'shooting-into-melee',
    )
    // b has a reach weapon and stands 10 ft away: engaged, but 「10フィート以上離れていれば」 no penalty.
    expect(codes(attack('a . . T . b', 'ranged', { b: { reachWeapon: true } }))).not.toContain(
      'shooting-into-melee',
    )
    // A Huge target against a Medium ally: two categories, −2.
    const huge = attack(
      'a . . . . . .\n\n. . . . . . .\n\n. . . T . . .\n\n. . b . . . .\n\n. . . . . . .',
      'ranged',
      { T: { size: 'huge' } },
    )
    expect(huge.modifiers).toContainEqual({ code: 'shooting-into-melee', attack: -2, source: 'b' })
  })

  it('突撃 +2 to hit, −2 AC; 無理矢理入り込んでいる −4; prone and helpless targets; flat-footed and blinded lose their 【敏捷力】 bonus', () => {
    expect(attack('a T', 'melee', {}, { charge: true }).modifiers).toContainEqual({
      code: 'charge',
      attack: 2,
      attackerAc: -2,
    })
    expect(attack('a T', 'melee', {}, { squeezing: true })).toMatchObject({ attack: -4 })
    expect(attack('a T', 'melee', { T: { states: ['prone'] } })).toMatchObject({ ac: -4 })
    expect(attack('a . T', 'ranged', { T: { states: ['prone'] } })).toMatchObject({ ac: 4 })
    expect(attack('a T', 'melee', { T: { states: ['helpless'] } })).toMatchObject({
      ac: -4,
      dexToAc: 'zero',
    })
    expect(attack('a T', 'melee', { T: { flatFooted: true } })).toMatchObject({ dexToAc: 'lost' })
    expect(attack('a T', 'melee', { T: { states: ['blinded'] } })).toMatchObject({
      ac: -2,
      dexToAc: 'lost',
    })
    expect(attack('a T', 'melee', { a: { states: ['invisible'] } })).toMatchObject({
      attack: 2,
      dexToAc: 'lost',
    })
    expect(attack('a T', 'melee', { a: { states: ['prone'] } })).toMatchObject({ attack: -4 })
  })

  it('reach: out of reach, a reach weapon cannot hit the adjacent square, a 0 ft creature must enter the square', () => {
    expect(attack('a . T', 'melee')).toMatchObject({ allowed: false, reason: 'out-of-reach' })
    expect(attack('a T', 'melee', { a: { reachWeapon: true } })).toMatchObject({
      allowed: false,
      reason: 'reach-weapon-adjacent',
    })
    expect(attack('a T', 'melee', { a: { size: 'tiny' } })).toMatchObject({
      allowed: false,
      reason: 'must-enter-square',
    })
  })

  it('needs both tokens and the kind of attack', () => {
    expect(askError({ map: 'a T' }, { type: 'attack', attacker: 'a', target: 'T' }).code).toBe(
      'missing-field',
    )
    expect(
      askError({ map: 'a T' }, { type: 'attack', attacker: 'a', target: 'x', attack: 'melee' })
        .code,
    ).toBe('unknown-token')
  })
})

describe('attack: does it provoke?', () => {
  it('a ranged attack provokes from every enemy that threatens the shooter; a melee attack does not', () => {
    const map = 'a G . T'
    expect(attack(map, 'ranged').provokes).toEqual(['G'])
    expect(attack('a T', 'melee').provokes).toEqual([])
  })

  it('「素手で攻撃を行うと、攻撃の対象となるキャラクターが武装していた場合には、相手からの機会攻撃を誘発する」', () => {
    expect(attack('a T', 'melee', {}, { unarmed: true }).provokes).toEqual(['T'])
    expect(attack('a T', 'melee', { T: { armed: false } }, { unarmed: true }).provokes).toEqual([])
  })
})

describe('provokes: 表『戦闘中のアクション』', () => {
  const provokes = (
    action: string,
    tokens: Record<string, Record<string, unknown>> = {},
    extra: Record<string, unknown> = {},
  ) => ask({ map: 'a G .', tokens }, { type: 'provokes', token: 'a', action, ...extra })

  it('「呪文を発動した場合には、君を機会攻撃範囲内に収めている敵からの機会攻撃を誘発する」; 防御的発動 does not', () => {
    expect(provokes('cast-spell')).toMatchObject({
      action: 'cast-spell',
      type: 'standard',
      rule: 'yes',
      source: '003',
      provokes: true,
      by: ['G'],
    })
    expect(provokes('cast-defensively')).toMatchObject({ provokes: false, by: [] })
  })

  it('「伏せ状態の姿勢から立ち上がる行為は1回の移動アクションを要し、機会攻撃を誘発する」', () => {
    expect(provokes('stand-up')).toMatchObject({ type: 'move', provokes: true, by: ['G'] })
  })

  it('戦技 provoke only from their target, not with the Improved feat', () => {
    expect(provokes('trip', {}, { target: 'G' })).toMatchObject({
      rule: 'target',
      provokes: true,
      by: ['G'],
    })
    expect(provokes('trip', {}, { target: 'G', improved: true })).toMatchObject({ provokes: false })
  })

  it('nobody threatening, unarmed, flat-footed, or out of attacks of opportunity: no provocation', () => {
    expect(
      ask({ map: 'a . G' }, { type: 'provokes', token: 'a', action: 'cast-spell' }),
    ).toMatchObject({ provokes: false })
    expect(provokes('cast-spell', { G: { armed: false } })).toMatchObject({ provokes: false })
    expect(provokes('cast-spell', { G: { flatFooted: true } })).toMatchObject({ provokes: false })
    const used = runScenario({
      ...scenarioDoc({ map: 'a G .' }, { type: 'provokes', token: 'a', action: 'cast-spell' }),
      round: { aooMade: { G: 1 } },
    })
    expect(used).toMatchObject({ ok: true, answer: { provokes: false } })
  })

  it('an unknown action is an invalid query', () => {
    expect(askError({ map: 'a G' }, { type: 'provokes', token: 'a', action: 'dance' }).code).toBe(
      'invalid-query',
    )
  })
})
