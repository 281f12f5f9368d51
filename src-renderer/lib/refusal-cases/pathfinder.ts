// Pathfinder and D&D 3.5 refusals: movement, the round so far and the creature's state, attacks.
import { type Cause, pf, attack, path, reach } from './cases'

export const PATHFINDER_CAUSES: Cause[] = [
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
