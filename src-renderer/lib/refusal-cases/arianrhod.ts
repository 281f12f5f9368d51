// Arianrhod's refusals: the move mode from here, unreachable squares, targets and areas, 同乗.
import { type Cause, ar, path, reach, pf, dy, BOARD } from './cases'

export const ARIANRHOD_CAUSES: Cause[] = [
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
]
