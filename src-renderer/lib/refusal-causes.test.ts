// Issue 24, "refusals that name the real cause": for every refusal code the engine can give, a
// scenario that triggers it (answered through the real scenario runner), and the sentence the page
// shows for it in English and in Japanese names that cause — its own words below — and no other
// code's. A new code fails the completeness test until it has a scenario and words here.
import { describe, expect, it } from 'vitest'
import { runScenario } from '@core/rules/scenario/run'
import { scenarioOf, type TokenOptions } from '@core/rules/testing/scenario'
import type { SystemId } from '@core/rules/model'
import { systems } from '@core/rules/systems'
import { translate, type MessageKey, type MessageParams } from './i18n'
import { reasonText, type ReasonContext } from './engine-reasons'

interface Case {
  system: SystemId
  map: string
  tokens?: Record<string, Partial<TokenOptions>>
  query: Record<string, unknown>
  extras?: Record<string, unknown>
  round?: Record<string, unknown>
}

interface Cause {
  code: string
  context?: ReasonContext
  /** Words that name this cause, in the English and the Japanese sentence. */
  en: RegExp
  ja: RegExp
  cases: Case[]
}

const path = (token: string, to: [number, number], mode: string, extra = {}) => ({
  type: 'path',
  token,
  to,
  mode,
  ...extra,
})
const reach = (token: string, mode: string) => ({ type: 'reach', token, mode })
const attack = (extra: Record<string, unknown> = {}) => ({
  type: 'attack',
  attacker: 'a',
  target: 'T',
  attack: 'melee',
  ...extra,
})
const pf = (map: string, query: Record<string, unknown>, more: Partial<Case> = {}): Case => ({
  system: 'pathfinder',
  map,
  query,
  ...more,
})
const ar = (map: string, query: Record<string, unknown>, more: Partial<Case> = {}): Case => ({
  system: 'arianrhod',
  map,
  query,
  ...more,
})
const dy = (map: string, query: Record<string, unknown>, more: Partial<Case> = {}): Case => ({
  system: 'dystopia',
  map,
  query,
  ...more,
})
const BOARD = (row0: string) =>
  [row0, ...Array.from({ length: 5 }, () => '. . . . . .')].join('\n\n')

const CAUSES: Cause[] = [
  // Arianrhod: the move mode from here.
  {
    code: 'in-enemy-zoc',
    en: /is in an enemy’s ZOC/,
    ja: /敵のZOC内にいます/,
    cases: [ar('a B . .', reach('a', 'combat'), { tokens: { a: { move: 6 } } })],
  },
  {
    code: 'not-in-enemy-zoc',
    en: /not in an enemy’s ZOC/,
    ja: /ZOC内にいない/,
    cases: [ar('a . . B', reach('a', 'disengage'))],
  },
  {
    code: 'move-below-1m',
    en: /【移動力】 of 1 m or more/,
    ja: /【移動力】1m以上/,
    cases: [ar('a . .', reach('a', 'full'), { tokens: { a: { move: 0 } } })],
  },
  {
    code: 'swimming',
    en: /a swimming token/,
    ja: /游泳状態/,
    cases: [ar('a B .', reach('a', 'disengage'), { tokens: { a: { states: ['swimming'] } } })],
  },
  // A square that cannot be reached.
  {
    code: 'start',
    en: /the token is already on that square/,
    ja: /すでにそのマスにいます/,
    cases: [
      ar('a . .', path('a', [0, 0], 'combat'), { tokens: { a: { move: 6 } } }),
      dy(BOARD('a . . . . .'), path('a', [0, 0], 'main')),
    ],
  },
  {
    code: 'solid',
    en: /solid \(a thick wall\)/,
    ja: /壁で埋まったマス/,
    cases: [ar('a # .', path('a', [1, 0], 'combat'), { tokens: { a: { move: 6 } } })],
  },
  {
    code: 'pit',
    en: /is a pit/,
    ja: /穴のマス/,
    cases: [ar('a _ .', path('a', [1, 0], 'combat'), { tokens: { a: { move: 6 } } })],
  },
  {
    code: 'occupied',
    en: /someone is already on that square/,
    ja: /ほかのキャラクターがいるマス/,
    cases: [
      ar('a b .', path('a', [1, 0], 'combat'), { tokens: { a: { move: 6 } } }),
      pf('a b .', path('a', [1, 0], 'move')),
    ],
  },
  {
    code: 'out-of-reach',
    en: /too far for this move/,
    ja: /この移動では届きません/,
    cases: [
      ar('a . . . . .', path('a', [5, 0], 'combat'), { tokens: { a: { move: 4 } } }),
      pf('a . . . . . . . .', path('a', [8, 0], 'move'), { tokens: { a: { move: 20 } } }),
      dy(BOARD('a . . . . .'), path('a', [4, 0], 'main')),
    ],
  },
  // Arianrhod targets (cover) and areas.
  {
    code: 'full-cover',
    en: /full cover blocks the line of fire/,
    ja: /完全遮蔽で射線が通りません/,
    cases: [ar('a . .|b', { type: 'cover', from: 'a', to: 'b', attack: 'ranged' })],
  },
  {
    code: 'ranged-inside-reach',
    en: /ranged attack cannot target someone inside/,
    ja: /射撃攻撃はリーチ内/,
    cases: [ar('a b', { type: 'cover', from: 'a', to: 'b', attack: 'ranged' })],
  },
  {
    code: 'too-dark-beyond-reach',
    en: /at 明度 1 line of fire/,
    ja: /明度1では射線/,
    cases: [
      ar(
        'a . . b',
        { type: 'cover', from: 'a', to: 'b', attack: 'ranged' },
        { extras: { light: { ambient: 1 } } },
      ),
    ],
  },
  {
    code: 'origin-outside-reach',
    en: /must be inside the user’s リーチ/,
    ja: /使用者のリーチ内から/,
    cases: [ar('a . . .', { type: 'area', origin: [3, 0], token: 'a', range: 'reach' })],
  },
  {
    code: 'origin-out-of-range',
    en: /beyond the range/,
    ja: /射程外/,
    cases: [ar('a . . . .', { type: 'area', origin: [4, 0], token: 'a', range: 4 })],
  },
  {
    code: 'origin-not-in-sight',
    en: /cannot see the centre of the origin square/,
    ja: /中心が視界に入っていません/,
    cases: [ar('a . .|.', { type: 'area', origin: [3, 0], token: 'a', range: 20 })],
  },
  {
    code: 'origin-too-dark',
    en: /at 明度 1 the origin square/,
    ja: /明度1では起点マス/,
    cases: [
      ar(
        'a . . .',
        { type: 'area', origin: [3, 0], token: 'a', range: 20 },
        { extras: { light: { ambient: 1 } } },
      ),
    ],
  },
  {
    code: 'fate-over-luck',
    en: /more fate than the token’s 【幸運】/,
    ja: /フェイトの使用上限/,
    cases: [
      ar(
        'a . .',
        { type: 'area', origin: [1, 0], token: 'a', fate: 3 },
        { tokens: { a: { luck: 1 } } },
      ),
    ],
  },
  // Arianrhod 同乗.
  {
    code: 'same-token',
    en: /cannot ride with itself/,
    ja: /自分自身には同乗/,
    cases: [
      ar(
        'r .',
        { type: 'board', token: 'r', rider: 'r' },
        { tokens: { r: { states: ['mounted'] } } },
      ),
    ],
  },
  {
    code: 'rider-not-mounted',
    en: /rider is not mounted/,
    ja: /騎乗状態ではありません/,
    cases: [ar('p r', { type: 'board', token: 'p', rider: 'r' })],
  },
  {
    code: 'rider-outside-reach',
    en: /rider must be inside the passenger’s リーチ/,
    ja: /騎乗者がリーチ内にいません/,
    cases: [
      ar(
        'p . . r',
        { type: 'board', token: 'p', rider: 'r' },
        { tokens: { r: { states: ['mounted'] } } },
      ),
    ],
  },
  {
    code: 'rider-behind-full-cover',
    en: /rider is behind full cover/,
    ja: /騎乗者が完全遮蔽の向こう/,
    cases: [
      ar(
        'p|r',
        { type: 'board', token: 'p', rider: 'r' },
        { tokens: { r: { states: ['mounted'] } } },
      ),
    ],
  },
  {
    code: 'not-sharing-a-square',
    en: /not riding with anyone/,
    ja: /誰にも同乗していません/,
    cases: [ar('p r', { type: 'dismount', token: 'p' })],
  },
  {
    code: 'no-free-square',
    en: /no free square to put the token on/,
    ja: /再配置できるマスがありません/,
    cases: [
      ar(
        'r',
        { type: 'dismount', token: 'p' },
        { tokens: { r: { states: ['mounted'] }, p: { at: [0, 0] } } },
      ),
    ],
  },
  // DysTopiA.
  {
    code: 'square-full',
    en: /already holds 4 units/,
    ja: /人数制限は4体まで/,
    cases: [
      dy(BOARD('a B . . . .'), path('a', [1, 0], 'sub'), {
        tokens: { C: { at: [1, 0] }, D: { at: [1, 0] }, E: { at: [1, 0] } },
      }),
    ],
  },
  // Pathfinder / D&D 3.5 movement.
  {
    code: 'occupied-by-enemy',
    en: /an enemy occupies that square/,
    ja: /そのマスには敵がいます/,
    cases: [
      pf('a . G', path('a', [2, 0], 'move')),
      { ...pf('a . G', path('a', [2, 0], 'move')), system: 'dnd35' },
    ],
  },
  {
    code: 'cannot-enter',
    en: /a wall, solid rock, a pit or the map’s edge/,
    ja: /壁・岩・穴・マップの端/,
    cases: [pf('a . #', path('a', [2, 0], 'move')), pf('a . _', path('a', [2, 0], 'move'))],
  },
  {
    code: 'no-path',
    en: /no way there/,
    ja: /経路がありません/,
    cases: [pf('a . .|.\n      -\n. . . .', path('a', [3, 0], 'move'))],
  },
  {
    code: 'no-five-foot-step-at-this-speed',
    en: /speed of 5 ft or less/,
    ja: /移動速度5フィート以下/,
    cases: [pf('a .', path('a', [1, 0], 'five-foot-step'), { tokens: { a: { move: 5 } } })],
  },
  {
    code: 'five-foot-step-one-clear-square',
    en: /a 5-foot step moves one square/,
    ja: /5フィート・ステップは1マスだけ/,
    cases: [pf('a . .', path('a', [2, 0], 'five-foot-step'))],
  },
  {
    code: 'no-straight-run',
    en: /a run goes in a straight line/,
    ja: /疾走は、見えていて/,
    cases: [pf('a . .|. .', path('a', [4, 0], 'run'))],
  },
  {
    code: 'charge-self',
    en: /cannot charge itself/,
    ja: /自分自身には突撃/,
    cases: [pf('a . .', path('a', [2, 0], 'charge', { target: 'a' }))],
  },
  {
    code: 'charge-target-unseen',
    en: /must see the target/,
    ja: /目標が見えていなければ/,
    cases: [
      pf('a . . . G', path('a', [3, 0], 'charge', { target: 'G' }), {
        tokens: { G: { states: ['invisible'] } },
      }),
    ],
  },
  {
    code: 'charge-no-square-to-attack-from',
    en: /no square from which the charger could attack/,
    ja: /目標を攻撃できるマスがありません/,
    // Seen through a window, which stops threat as a wall does: nowhere to attack it from.
    cases: [
      pf('a . . G', path('a', [2, 0], 'charge', { target: 'G' }), {
        extras: {
          edges: [
            {
              between: [
                [2, 0],
                [3, 0],
              ],
              kind: 'window',
            },
          ],
        },
      }),
    ],
  },
  {
    code: 'charge-already-adjacent',
    en: /can already attack the target without moving/,
    ja: /動かずに目標を攻撃できます/,
    cases: [pf('a G .', path('a', [2, 0], 'charge', { target: 'G' }))],
  },
  {
    code: 'charge-too-short',
    en: /at least 10 ft/,
    ja: /最低10フィート/,
    cases: [pf('a . G', path('a', [1, 0], 'charge', { target: 'G' }))],
  },
  {
    code: 'charge-too-far',
    en: /beyond twice the speed/,
    ja: /移動速度の2倍より遠く/,
    cases: [
      pf('a . . . . . G', path('a', [5, 0], 'charge', { target: 'G' }), {
        tokens: { a: { move: 10 } },
      }),
    ],
  },
  {
    code: 'charge-line-blocked',
    en: /straight line to the nearest square to attack from is blocked/,
    ja: /への直線がふさがれています/,
    cases: [pf('a ~ . . G', path('a', [3, 0], 'charge', { target: 'G' }))],
  },
  {
    code: 'charge-not-end-square',
    en: /a charge ends on the nearest square/,
    ja: /突撃は目標を攻撃できる最寄りのマスで終わります/,
    cases: [pf('a . . . G', path('a', [2, 0], 'charge', { target: 'G' }))],
  },
  // The round so far and the creature's state (mode-limits.ts).
  {
    code: 'five-foot-step-after-moving',
    en: /already moved this round: no 5-foot step/,
    ja: /すでに移動しています：5フィート・ステップ/,
    cases: [pf('a .', reach('a', 'five-foot-step'), { round: { moved: ['a'] } })],
  },
  {
    code: 'second-five-foot-step',
    en: /only one 5-foot step a round/,
    ja: /1ラウンドに1回まで/,
    cases: [pf('a .', reach('a', 'five-foot-step'), { round: { stepped: ['a'] } })],
  },
  {
    code: 'moved-after-five-foot-step',
    en: /after a 5-foot step it cannot move/,
    ja: /5フィート・ステップをしたラウンドはほかに移動できません/,
    cases: [pf('a .', reach('a', 'move'), { round: { stepped: ['a'] } })],
  },
  {
    code: 'blinded-no-withdraw',
    en: /blinded creature cannot withdraw/,
    ja: /盲目状態では撤退/,
    cases: [pf('a .', reach('a', 'withdraw'), { tokens: { a: { states: ['blinded'] } } })],
  },
  {
    code: 'resting-after-run',
    en: /resting after running/,
    ja: /疾走後の休憩中/,
    cases: [pf('a .', reach('a', 'run'), { round: { resting: ['a'] } })],
  },
  {
    code: 'no-swim-speed',
    en: /without a swim speed/,
    ja: /水泳移動速度なし/,
    cases: [pf('a .', reach('a', 'withdraw'), { tokens: { a: { states: ['swimming'] } } })],
  },
  {
    code: 'full-round-after-move',
    en: /already moved with a move action this round: no full-round action/,
    ja: /移動アクションで移動しています：全ラウンド・アクション/,
    cases: [pf('a .', reach('a', 'run'), { round: { moved: ['a'] } })],
  },
  {
    code: 'one-move-action-left',
    en: /only one more move action/,
    ja: /残りは移動アクション1回/,
    cases: [pf('a .', reach('a', 'double'), { round: { moved: ['a'] } })],
  },
  {
    code: 'cannot-act',
    en: /takes no action this round/,
    ja: /アクションを行えないので移動できません/,
    cases: [pf('a .', reach('a', 'move'), { tokens: { a: { states: ['stunned'] } } })],
  },
  {
    code: 'cannot-move',
    en: /does not move on its own/,
    ja: /自分では移動できません/,
    cases: [pf('a .', reach('a', 'move'), { tokens: { a: { states: ['grappled'] } } })],
  },
  {
    code: 'one-action-a-round',
    en: /one move or standard action a round/,
    ja: /移動アクションか標準アクション1回だけ/,
    cases: [pf('a .', reach('a', 'double'), { tokens: { a: { states: ['staggered'] } } })],
  },
  {
    code: 'prone-stands-up-first',
    en: /standing up from prone/,
    ja: /伏せ状態から立ち上がる/,
    cases: [pf('a .', reach('a', 'run'), { tokens: { a: { states: ['prone'] } } })],
  },
  // Pathfinder / D&D 3.5 attacks (the attack panel's own wording where a code is shared).
  {
    code: 'total-cover',
    context: 'attack',
    en: /the target has total cover/,
    ja: /完全遮蔽を得ています/,
    cases: [pf('a|T', attack())],
  },
  {
    code: 'out-of-reach',
    context: 'attack',
    en: /beyond the attacker’s reach/,
    ja: /攻撃側の間合いの外/,
    cases: [pf('a . T', attack())],
  },
  {
    code: 'corner-blocks-attack',
    context: 'attack',
    en: /corner between them blocks/,
    ja: /壁の角にさえぎられ/,
    cases: [pf('a|.\n\n. T', attack()), { ...pf('a|.\n\n. T', attack()), system: 'dnd35' }],
  },
  {
    code: 'reach-weapon-adjacent',
    context: 'attack',
    en: /reach weapon cannot hit an adjacent foe/,
    ja: /間合いの長い武器は隣接する敵/,
    cases: [pf('a T', attack(), { tokens: { a: { reachWeapon: true } } })],
  },
  {
    code: 'must-enter-square',
    context: 'attack',
    en: /with 0 ft reach/,
    ja: /間合い0フィート/,
    cases: [pf('a T', attack(), { tokens: { a: { size: 'tiny' } } })],
  },
  {
    code: 'escape-artist-squeeze',
    context: 'attack',
    en: /squeezing with Escape Artist/,
    ja: /〈脱出術〉で入り込んでいる/,
    cases: [pf('a T', attack({ escapeArtist: true }))],
  },
  {
    code: 'self',
    context: 'attack',
    en: /cannot attack itself/,
    ja: /自分自身は攻撃できません/,
    cases: [pf('a T', attack({ target: 'a' }))],
  },
]

const en = (key: MessageKey, params?: MessageParams) => translate('en', key, params)
const ja = (key: MessageKey, params?: MessageParams) => translate('ja', key, params)
const sentence = (cause: Cause, t: typeof en) => reasonText(t, cause.code, cause.context)

function answerOf(c: Case): Record<string, unknown> {
  const doc = scenarioOf(c.system, c.map, c.tokens ?? {}, c.query, c.extras)
  const result = runScenario(c.round ? { ...doc, round: c.round } : doc)
  if (!result.ok) throw new Error(`scenario error ${JSON.stringify(result.error)}`)
  return result.answer as Record<string, unknown>
}

const label = (cause: Cause) => `${cause.context === 'attack' ? 'attack ' : ''}${cause.code}`

describe('every refusal names its real cause, in English and Japanese (issue 24)', () => {
  it.each(
    CAUSES.flatMap((cause) => cause.cases.map((c) => [label(cause), c.system, cause, c] as const)),
  )('%s (%s): a scenario triggers it', (_label, _system, cause, c) => {
    const answer = answerOf(c)
    expect(answer.reason, JSON.stringify(answer)).toBe(cause.code)
  })

  it.each(CAUSES.map((cause) => [label(cause), cause] as const))(
    '%s: the page names that cause and no other',
    (_label, cause) => {
      const words = { en: sentence(cause, en), ja: sentence(cause, ja) }
      expect(words.en).toMatch(cause.en)
      expect(words.ja).toMatch(cause.ja)
      for (const other of CAUSES) {
        if (other === cause) continue
        expect(words.en, `${label(cause)} also reads as ${label(other)}`).not.toMatch(other.en)
        expect(words.ja, `${label(cause)} also reads as ${label(other)}`).not.toMatch(other.ja)
      }
    },
  )

  it('every code every system gives has a case here, in that system', () => {
    const covered = new Set(
      CAUSES.flatMap((cause) => cause.cases.map((c) => `${c.system}:${cause.code}`)),
    )
    const family = (id: SystemId) => (id === 'dnd35' ? 'pathfinder' : id)
    const missing = Object.values(systems).flatMap((system) =>
      system.reasons
        .filter(
          (code) =>
            !covered.has(`${family(system.id)}:${code}`) && !covered.has(`${system.id}:${code}`),
        )
        .map((code) => `${system.id}:${code}`),
    )
    expect(missing).toEqual([])
  })
})
