// Issue 24: conditions feed the rules as 003 describes them, not as labels only. Each test quotes
// the row or sentence of 003 it comes from (conditions.ts lists them all).
import { describe, expect, it } from 'vitest'
import { runScenario } from '../../scenario/run'
import { ATTACK_MODIFIER_CODES } from './attack'
import { CONDITION_RULES, PATHFINDER_CONDITIONS } from './conditions'
import { ask, reachMap, scenarioDoc } from './test-support'
import { MOVEMENT_STATES, TOKEN_STATES } from '../../model'

type Modifier = {
  code: string
  attack?: number
  ac?: number
  dexToAc?: string
  dex?: number
  source?: string
}
const attack = (
  tokens: Record<string, Record<string, unknown>>,
  kind: 'melee' | 'ranged' = 'melee',
  map = kind === 'melee' ? 'a T' : 'a . . T',
) => ask({ map, tokens }, { type: 'attack', attacker: 'a', target: 'T', attack: kind })
const modifiers = (answer: Record<string, unknown>) => answer.modifiers as Modifier[]

// f walks east along the top row past the ghoul G, which stands below the second square.
const corridor = 'f . . . .\n\n. G . . .'
const walkPast = (ghoul: Record<string, unknown>, f: Record<string, unknown> = {}) =>
  ask(
    { map: corridor, tokens: { f: { move: 30, ...f }, G: ghoul } },
    { type: 'path', token: 'f', to: [4, 0], mode: 'move' },
  )

describe('朦朧状態 (stunned): takes no action, threatens nothing, −2 AC and no 【敏捷力】 bonus', () => {
  it('a path past a stunned ghoul provokes nothing, and says why', () => {
    expect(walkPast({})).toMatchObject({ reachable: true, provokes: ['G'] })
    const past = walkPast({ states: ['stunned'] })
    expect(past).toMatchObject({ reachable: true, provokes: [] })
    expect(past.conditions).toEqual([
      { token: 'G', condition: 'stunned', effect: 'threatens-nothing' },
    ])
  })

  it('it threatens no square and flanks nobody', () => {
    expect(
      ask({ map: 'f G', tokens: { G: { states: ['stunned'] } } }, { type: 'zoc', token: 'G' }),
    ).toEqual({ cells: [] })
    const flank = { map: 'a T b', tokens: { b: { states: ['stunned'] } } }
    expect(ask(flank, { type: 'flanking', target: 'T' })).toEqual({ pairs: [] })
  })

  it('it cannot move: every mode is refused, naming the condition', () => {
    const stunned = { map: 'f . .', tokens: { f: { states: ['stunned'] } } }
    for (const mode of ['move', 'double', 'five-foot-step', 'withdraw', 'run', 'crawl']) {
      expect(ask(stunned, { type: 'reach', token: 'f', mode })).toEqual({
        cells: [],
        allowed: false,
        reason: 'cannot-act',
        condition: 'stunned',
      })
    }
    expect(ask(stunned, { type: 'path', token: 'f', to: [1, 0], mode: 'move' })).toEqual({
      reachable: false,
      reason: 'cannot-act',
      condition: 'stunned',
    })
  })

  it('表『アーマー・クラスへの修正』 朦朧状態 -2 / -2, 【敏捷力】 bonus lost', () => {
    expect(modifiers(attack({ T: { states: ['stunned'] } }))).toContainEqual({
      code: 'target-stunned',
      ac: -2,
      dexToAc: 'lost',
    })
    expect(attack({ T: { states: ['stunned'] } }, 'ranged')).toMatchObject({
      ac: -2,
      dexToAc: 'lost',
    })
  })

  it('「目標が朦朧状態であったなら、戦技を試みる際の攻撃ロールに+4のボーナス」: overrunning it', () => {
    const answer = ask(
      { map: 'f G . .', tokens: { f: { move: 30 }, G: { states: ['stunned'], cmd: 15 } } },
      { type: 'path', token: 'f', to: [3, 0], mode: 'move', through: 'overrun' },
    )
    expect(answer.checks).toContainEqual(
      expect.objectContaining({
        kind: 'overrun',
        against: ['G'],
        dc: 15,
        modifier: 4,
        condition: 'stunned',
      }),
    )
  })
})

describe('無防備状態の敵: 「縛られている状態、睡眠状態、麻痺状態、気絶状態など」', () => {
  it.each(['paralyzed', 'unconscious', 'asleep', 'bound', 'dying'] as const)(
    '%s: helpless — −4 AC in melee, 【敏捷力】 0, the source named',
    (condition) => {
      const source = condition === 'dying' ? 'dying' : condition
      expect(modifiers(attack({ T: { states: [condition] } }))).toEqual([
        { code: 'target-helpless', ac: -4, dexToAc: 'zero', source },
      ])
      expect(modifiers(attack({ T: { states: [condition] } }, 'ranged'))).toEqual([
        { code: 'target-helpless', dexToAc: 'zero', source },
      ])
    },
  )

  it('「瀕死状態のキャラクターは即座に気絶状態となり、何らアクションを取ることはできない」', () => {
    expect(
      ask(
        { map: 'f .', tokens: { f: { states: ['dying'] } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    ).toMatchObject({ allowed: false, reason: 'cannot-act', condition: 'dying' })
  })

  it('its square may be passed, ended on and shared (移動の終了, decision 8)', () => {
    const map = 'f . G .'
    const answer = ask(
      { map, tokens: { f: { move: 30 }, G: { states: ['paralyzed'] } } },
      { type: 'path', token: 'f', to: [2, 0], mode: 'move' },
    )
    expect(answer).toMatchObject({ reachable: true, cost: 10, provokes: [] })
    const shared = runScenario(
      scenarioDoc(
        { map: 'f .', tokens: { f: {}, G: { at: [0, 0], states: ['unconscious'] } } },
        { type: 'zoc', token: 'f' },
      ),
    )
    expect(shared.ok).toBe(true)
  })

  it('「無防備状態のキャラクターは立ちすくみ状態としても扱う」: it makes no attack of opportunity', () => {
    expect(walkPast({ states: ['helpless'] })).toMatchObject({ provokes: [] })
  })
})

describe('立ちすくみ状態: 「《迎え討ち》特技を修得していない限り、機会攻撃を行えない」', () => {
  it('a path past a flat-footed ghoul provokes nothing, and says why; with Combat Reflexes it provokes', () => {
    const past = walkPast({ flatFooted: true })
    expect(past).toMatchObject({ provokes: [] })
    expect(past.conditions).toEqual([
      { token: 'G', condition: 'flat-footed', effect: 'no-attacks-of-opportunity' },
    ])
    expect(walkPast({ flatFooted: true, combatReflexes: true })).toMatchObject({ provokes: ['G'] })
  })
})

describe('組みつき状態 / 押さえ込まれた状態 (grappled, pinned)', () => {
  it('neither moves on its own', () => {
    for (const condition of ['grappled', 'pinned']) {
      expect(
        ask(
          { map: 'f .', tokens: { f: { states: [condition] } } },
          { type: 'reach', token: 'f', mode: 'move' },
        ),
      ).toEqual({ cells: [], allowed: false, reason: 'cannot-move', condition })
    }
  })

  it('押さえ込まれた状態 -4 melee / +0 ranged, 【敏捷力】 bonus lost; 組みつき状態 +0 / +0', () => {
    expect(modifiers(attack({ T: { states: ['pinned'] } }))).toEqual([
      { code: 'target-pinned', ac: -4, dexToAc: 'lost' },
    ])
    expect(modifiers(attack({ T: { states: ['pinned'] } }, 'ranged'))).toEqual([
      { code: 'target-pinned', dexToAc: 'lost' },
    ])
    expect(modifiers(attack({ T: { states: ['grappled'] } }))).toEqual([])
  })
})

describe('表『攻撃ロールの修正値』 (the attacker)', () => {
  it('目がくらんだ -1, 絡みつかれた -2 (【敏捷力】 -4), 怯え / 恐れ -2', () => {
    expect(modifiers(attack({ a: { states: ['dazzled'] } }))).toEqual([
      { code: 'attacker-dazzled', attack: -1 },
    ])
    expect(modifiers(attack({ a: { states: ['entangled'] } }, 'ranged'))).toEqual([
      { code: 'attacker-entangled', attack: -2, dex: -4 },
    ])
    expect(attack({ a: { states: ['shaken'] } })).toMatchObject({ attack: -2 })
    expect(attack({ a: { states: ['frightened'] } }, 'ranged')).toMatchObject({ attack: -2 })
  })
})

describe('表『アーマー・クラスへの修正』 (the defender)', () => {
  it('戦慄 -2 / -2, no 【敏捷力】 bonus; 膝をついている -2 melee / +2 ranged; 絡みつかれた 【敏捷力】 -4', () => {
    expect(attack({ T: { states: ['cowering'] } })).toMatchObject({ ac: -2, dexToAc: 'lost' })
    expect(attack({ T: { states: ['kneeling'] } })).toMatchObject({ ac: -2 })
    expect(attack({ T: { states: ['kneeling'] } }, 'ranged')).toMatchObject({ ac: 2 })
    expect(modifiers(attack({ T: { states: ['entangled'] } }))).toEqual([
      { code: 'target-entangled', dex: -4 },
    ])
  })

  it('every code a condition can give is one the page words (ATTACK_MODIFIER_CODES)', () => {
    const codes = new Set<string>(ATTACK_MODIFIER_CODES)
    for (const condition of PATHFINDER_CONDITIONS) {
      const rule = CONDITION_RULES[condition]
      if (rule.attack) expect(codes).toContain(`attacker-${condition}`)
      if (rule.ac || rule.dexToAc || rule.dex) expect(codes).toContain(`target-${condition}`)
    }
  })
})

describe('よろめき状態 / 満身創痍状態: 「1回の移動アクションか1回の標準アクションしか…全ラウンド・アクションも行なえない」', () => {
  const open = 'f . . . . . . . . . . . . . .'
  it.each(['staggered', 'disabled'])('%s: no double move or run', (condition) => {
    for (const mode of ['double', 'run'])
      expect(
        ask(
          { map: open, tokens: { f: { move: 30, states: [condition] } } },
          { type: 'reach', token: 'f', mode },
        ),
      ).toMatchObject({ allowed: false, reason: 'one-action-a-round', condition })
    expect(
      reachMap(
        ask(
          { map: open, tokens: { f: { move: 30, states: [condition] } } },
          { type: 'reach', token: 'f', mode: 'move' },
        ),
      ),
    ).toHaveProperty('6,0', 30)
  })

  it('「行動の制限と撤退…最大で自らの移動速度分の移動」: withdraw up to the speed, and the path says why', () => {
    const tokens = { f: { move: 30, states: ['staggered'] } }
    const reach = reachMap(
      ask({ map: open, tokens }, { type: 'reach', token: 'f', mode: 'withdraw' }),
    )
    expect(Math.max(...Object.values(reach))).toBe(30)
    const path = ask(
      { map: open, tokens },
      { type: 'path', token: 'f', to: [6, 0], mode: 'withdraw' },
    )
    expect(path.conditions).toEqual([
      { token: 'f', condition: 'staggered', effect: 'one-action-a-round' },
    ])
  })

  it('突撃: 「その際の移動は君の移動速度分の距離まで」', () => {
    const map = 'f . . . . . . . G'
    const charge = (states: string[]) =>
      ask(
        { map, tokens: { f: { move: 30, states } } },
        { type: 'path', token: 'f', to: [7, 0], mode: 'charge', target: 'G' },
      )
    expect(charge([])).toMatchObject({ reachable: true, cost: 35 })
    expect(charge(['staggered'])).toMatchObject({ reachable: false, reason: 'charge-too-far' })
  })
})

describe('伏せ状態: 「立ち上がる行為は1回の移動アクションを要し、機会攻撃を誘発する」', () => {
  const map = 'f . . . . . . . . . . . . . .\n\n. G'
  it('standing up provokes the enemies threatening its square, before it moves', () => {
    const path = ask(
      { map, tokens: { f: { move: 30, states: ['prone'] } } },
      {
        type: 'path',
        token: 'f',
        to: [4, 0],
        mode: 'move',
      },
    )
    expect(path).toMatchObject({ reachable: true, provokes: ['G'] })
    expect(path.conditions).toEqual([{ token: 'f', condition: 'prone', effect: 'stands-up' }])
    // A 5-foot step after standing up still provokes for the standing.
    expect(
      ask(
        { map: 'f . .\n\n. G .', tokens: { f: { states: ['prone'] } } },
        {
          type: 'path',
          token: 'f',
          to: [1, 0],
          mode: 'five-foot-step',
        },
      ),
    ).toMatchObject({ reachable: true, provokes: ['G'] })
  })

  it('a double move is standing up and one move; no full-round action after standing up', () => {
    const tokens = { f: { move: 30, states: ['prone'] } }
    const reach = reachMap(ask({ map, tokens }, { type: 'reach', token: 'f', mode: 'double' }))
    expect(Math.max(...Object.values(reach))).toBe(30)
    for (const mode of ['run', 'withdraw'])
      expect(ask({ map, tokens }, { type: 'reach', token: 'f', mode })).toMatchObject({
        allowed: false,
        reason: 'prone-stands-up-first',
        condition: 'prone',
      })
  })
})

describe('one list of conditions (issue 28)', () => {
  it('every condition a GM sets is a token state, and the token states are exactly the movement states, incorporeal and those conditions', () => {
    const settable = PATHFINDER_CONDITIONS.filter((c) => c !== 'flat-footed')
    for (const condition of settable) expect(TOKEN_STATES).toContain(condition)
    expect(TOKEN_STATES).not.toContain('flat-footed')
    expect(new Set(TOKEN_STATES)).toEqual(new Set([...MOVEMENT_STATES, 'incorporeal', ...settable]))
    expect(new Set(TOKEN_STATES).size).toBe(TOKEN_STATES.length)
  })
})
