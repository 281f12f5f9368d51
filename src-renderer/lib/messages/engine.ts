// The rules engine's words: every reason it gives for a refusal and every error code, with the
// fix where there is one (src-main/core/rules/systems/*/reasons.ts, rules/system.ts). The fight
// overlays, the turn panel and the refusal notices all show them; engine-reasons.test.ts fails
// when one is missing. Keys keep their fight.* names so stored notices and tests still read.
export const en = {
  // Every engine reason and error code (src-main/core/rules/systems/*/reasons.ts, rules/system.ts), with
  // the fix where there is one; engine-reasons.test.ts fails when one is missing.
  'fight.reason.unknown': 'the rules engine refused ({reason})',
  'fight.reason.in-enemy-zoc':
    'the token is in an enemy’s ZOC; use 離脱 (disengage) or 強行離脱 (forced disengage) to leave the ZOC',
  'fight.reason.not-in-enemy-zoc':
    'the token is not in an enemy’s ZOC, and 離脱 / 強行離脱 only leave one; use 戦闘移動 (combat) or 全力移動 (full)',
  'fight.reason.move-below-1m':
    '全力移動 needs a 【移動力】 of 1 m or more; set the token’s 【移動力】 in the token panel',
  'fight.reason.swimming': 'a swimming token (游泳状態) cannot 離脱 or 強行離脱',
  'fight.reason.start': 'the token is already on that square',
  'fight.reason.solid': 'the square is solid (a thick wall), nobody can stand there',
  'fight.reason.pit': 'the square is a pit; jump over it with 跳躍移動 (jump)',
  'fight.reason.occupied':
    'someone is already on that square (a move may pass an ally but not end there)',
  'fight.reason.out-of-reach': 'too far for this move; a longer move mode may reach it',
  'fight.reason.full-cover': 'full cover blocks the line of fire',
  'fight.reason.ranged-inside-reach':
    'a ranged attack cannot target someone inside the attacker’s リーチ; attack in melee',
  'fight.reason.too-dark-beyond-reach': 'at 明度 1 line of fire reaches only inside リーチ',
  'fight.reason.origin-outside-reach':
    'the origin square must be inside the user’s リーチ (射程：至近)',
  'fight.reason.origin-out-of-range': 'the origin square is beyond the range',
  'fight.reason.origin-not-in-sight':
    'the user cannot see the centre of the origin square (full cover)',
  'fight.reason.origin-too-dark': 'at 明度 1 the origin square must be inside リーチ',
  'fight.reason.fate-over-luck': 'more fate than the token’s 【幸運】 allows; spend less',
  'fight.reason.same-token': 'a token cannot ride with itself',
  'fight.reason.rider-not-mounted': 'the rider is not mounted; tick its mounted state first',
  'fight.reason.rider-outside-reach': 'the rider must be inside the passenger’s リーチ',
  'fight.reason.rider-behind-full-cover': 'the rider is behind full cover',
  'fight.reason.not-sharing-a-square': 'the token is not riding with anyone',
  'fight.reason.no-free-square': 'there is no free square to put the token on',
  'fight.reason.cannot-enter':
    'the creature cannot be there: a wall, solid rock, a pit or the map’s edge is in its space',
  'fight.reason.no-path': 'no way there (walls, creatures or corners block every path)',
  'fight.reason.no-five-foot-step-at-this-speed':
    'a creature with a speed of 5 ft or less cannot take a 5-foot step',
  'fight.reason.five-foot-step-one-clear-square':
    'a 5-foot step moves one square, never into difficult terrain or darkness; use a move action',
  'fight.reason.no-straight-run':
    'a run goes in a straight line through clear squares the runner can see',
  'fight.reason.charge-self': 'a creature cannot charge itself',
  'fight.reason.charge-target-unseen': 'the charger must see the target',
  'fight.reason.charge-no-square-to-attack-from':
    'there is no square from which the charger could attack the target',
  'fight.reason.charge-already-adjacent':
    'the charger can already attack the target without moving, so no charge is needed',
  'fight.reason.charge-too-short': 'a charge must move at least 10 ft',
  'fight.reason.charge-too-far': 'the nearest square to attack from is beyond twice the speed',
  'fight.reason.charge-line-blocked':
    'the straight line to the nearest square to attack from is blocked (difficult terrain, a creature or a wall)',
  'fight.reason.charge-not-end-square':
    'a charge ends on the nearest square from which it can attack the target',
  'fight.reason.square-full': 'the square already holds 4 units (1マスの人数制限は4体まで)',
  'fight.error.detail': '{sentence} ({message})',
  'fight.error.invalid-scenario': 'the map could not be read by the rules engine',
  'fight.error.unknown-format': 'the rules engine does not know this format',
  'fight.error.unknown-system': 'the rules engine does not know this rule system',
  'fight.error.map-too-large':
    'the map is too large for the rules engine (at most 1000 squares a side)',
  'fight.error.too-many-tokens': 'too many tokens for the rules engine (at most 10,000)',
  'fight.error.cell-out-of-bounds': 'a square outside the map',
  'fight.error.invalid-edge': 'a wall or door that is not between two neighbouring squares',
  'fight.error.duplicate-token': 'two tokens share an id',
  'fight.error.tokens-overlap': 'two tokens stand on a square they may not share: move one of them',
  'fight.error.unsupported-query': 'this rule system does not answer that question',
  'fight.error.unknown-token': 'that token is not on this map',
  'fight.error.unknown-mode': 'this rule system has no such move mode',
  'fight.error.missing-field': 'something the question needs is missing (a target?)',
  'fight.error.invalid-query': 'the question is malformed',
  'fight.error.internal-error': 'the rules engine failed (a bug)',
  'fight.error.invalid-delay': 'a delay can only move a combatant to a lower count',
  'fight.error.unknown-combatant': 'that token is not in the turn order',
  'fight.error.invalid-dystopia': 'the DysTopiA fields of the map are malformed',
  'fight.error.board-size': 'a DysTopiA board is 6 × 6 squares',
  'fight.error.one-per-square': 'this shape takes one unit per square',
  'fight.error.square-full': 'the square already holds 4 units (1マスの人数制限は4体まで)',
  'fight.error.no-skill-move': 'this skill does not move the unit',
  'fight.error.illegal-destination': 'the unit cannot end there',
  'fight.error.invalid-range': 'the 射程 is malformed (e.g. 0-3, 2 or 自身)',
  'fight.error.invalid-shape': 'no such target shape',
  'fight.error.invalid-direction': 'a line direction is one of A–H',
  'fight.error.pick-count': 'the wrong number of squares was picked for this shape',
  'fight.error.duplicate-pick': 'the same square was picked twice',
  'fight.error.pick-out-of-range': 'a picked square is outside the 射程',
  'fight.error.not-in-shape': 'that unit is not inside the shape',
  'fight.error.not-a-target': 'that unit cannot be a target of this shape',
} as const

export const ja = {
  'fight.reason.unknown': 'ルールエンジンが受け付けません（{reason}）',
  'fight.reason.in-enemy-zoc': '敵のZOC内にいます。ZOCから出るには［離脱］か［強行離脱］を使います',
  'fight.reason.not-in-enemy-zoc':
    '敵のZOC内にいないので［離脱］［強行離脱］はできません。［戦闘移動］か［全力移動］を使います',
  'fight.reason.move-below-1m':
    '［全力移動］は【移動力】1m以上で行えます。「コマ」欄で【移動力】を設定してください',
  'fight.reason.swimming': '游泳状態では［離脱］［強行離脱］ができません',
  'fight.reason.start': 'すでにそのマスにいます',
  'fight.reason.solid': '壁で埋まったマスです。誰も入れません',
  'fight.reason.pit': '穴のマスです。［跳躍移動］で跳び越えます',
  'fight.reason.occupied':
    'ほかのキャラクターがいるマスでは移動を終えられません（味方のマスは通過できます）',
  'fight.reason.out-of-reach':
    'この移動では届きません。より長く動ける移動方法なら届くかもしれません',
  'fight.reason.full-cover': '完全遮蔽で射線が通りません',
  'fight.reason.ranged-inside-reach':
    '射撃攻撃はリーチ内のキャラクターを対象にできません。近接攻撃を使います',
  'fight.reason.too-dark-beyond-reach': '明度1では射線はリーチ内にしか通りません',
  'fight.reason.origin-outside-reach': '起点マスは使用者のリーチ内から選びます（射程：至近）',
  'fight.reason.origin-out-of-range': '起点マスが射程外です',
  'fight.reason.origin-not-in-sight': '起点マスの中心が視界に入っていません（完全遮蔽）',
  'fight.reason.origin-too-dark': '明度1では起点マスはリーチ内に限られます',
  'fight.reason.fate-over-luck':
    'フェイトの使用上限（【幸運】）を超えています。使う点数を減らしてください',
  'fight.reason.same-token': '自分自身には同乗できません',
  'fight.reason.rider-not-mounted': '騎乗者が騎乗状態ではありません。先に騎乗状態にしてください',
  'fight.reason.rider-outside-reach': '騎乗者がリーチ内にいません',
  'fight.reason.rider-behind-full-cover': '騎乗者が完全遮蔽の向こうにいます',
  'fight.reason.not-sharing-a-square': '誰にも同乗していません',
  'fight.reason.no-free-square': '再配置できるマスがありません',
  'fight.reason.cannot-enter': 'そのマスには入れません（接敵面に壁・岩・穴・マップの端があります）',
  'fight.reason.no-path': 'そこへ行く経路がありません（壁・クリーチャー・角にふさがれています）',
  'fight.reason.no-five-foot-step-at-this-speed':
    '移動速度5フィート以下のクリーチャーは5フィート・ステップできません',
  'fight.reason.five-foot-step-one-clear-square':
    '5フィート・ステップは1マスだけで、移動困難な地形や暗闇には入れません。移動アクションを使います',
  'fight.reason.no-straight-run': '疾走は、見えていて妨げのないマスをまっすぐ進みます',
  'fight.reason.charge-self': '自分自身には突撃できません',
  'fight.reason.charge-target-unseen': '突撃するには目標が見えていなければなりません',
  'fight.reason.charge-no-square-to-attack-from': '目標を攻撃できるマスがありません',
  'fight.reason.charge-already-adjacent': '動かずに目標を攻撃できます。突撃は不要です',
  'fight.reason.charge-too-short': '突撃は最低10フィート移動しなければなりません',
  'fight.reason.charge-too-far': '攻撃できる最寄りのマスが移動速度の2倍より遠くにあります',
  'fight.reason.charge-line-blocked':
    '攻撃できる最寄りのマスへの直線がふさがれています（移動困難な地形・クリーチャー・壁）',
  'fight.reason.charge-not-end-square': '突撃は目標を攻撃できる最寄りのマスで終わります',
  'fight.reason.square-full': '1マスの人数制限は4体までです',
  'fight.error.detail': '{sentence}（{message}）',
  'fight.error.invalid-scenario': 'ルールエンジンがマップを読めませんでした',
  'fight.error.unknown-format': 'ルールエンジンが知らない形式です',
  'fight.error.unknown-system': 'ルールエンジンが知らないルールシステムです',
  'fight.error.map-too-large': 'マップが大きすぎます（一辺1000マスまで）',
  'fight.error.too-many-tokens': 'コマが多すぎます（10,000個まで）',
  'fight.error.cell-out-of-bounds': 'マップの外のマスです',
  'fight.error.invalid-edge': '隣り合うマスの間にない壁や扉があります',
  'fight.error.duplicate-token': '同じIDのコマが2つあります',
  'fight.error.tokens-overlap':
    '同じマスにいられないコマが重なっています。どちらかを動かしてください',
  'fight.error.unsupported-query': 'このルールシステムはその問いに答えません',
  'fight.error.unknown-token': 'そのコマはこのマップにいません',
  'fight.error.unknown-mode': 'このルールシステムにその移動方法はありません',
  'fight.error.missing-field': '問いに必要なものが足りません（対象は？）',
  'fight.error.invalid-query': '問いの形が正しくありません',
  'fight.error.internal-error': 'ルールエンジンが失敗しました（不具合）',
  'fight.error.invalid-delay': '行動遅延では今より低いカウントにしか移れません',
  'fight.error.unknown-combatant': 'そのコマは行動順にいません',
  'fight.error.invalid-dystopia': 'マップのDysTopiA設定が正しくありません',
  'fight.error.board-size': 'DysTopiAの盤面は6×6マスです',
  'fight.error.one-per-square': 'この対象は各マス1体です',
  'fight.error.square-full': '1マスの人数制限は4体までです',
  'fight.error.no-skill-move': 'このスキルではユニットは移動しません',
  'fight.error.illegal-destination': 'ユニットはそこで移動を終えられません',
  'fight.error.invalid-range': '射程の書き方が正しくありません（例：0-3、2、自身）',
  'fight.error.invalid-shape': 'その対象の形はありません',
  'fight.error.invalid-direction': '方向はA～Hのいずれかです',
  'fight.error.pick-count': 'この形で選ぶマスの数が合いません',
  'fight.error.duplicate-pick': '同じマスを2回選んでいます',
  'fight.error.pick-out-of-range': '選んだマスが射程外です',
  'fight.error.not-in-shape': 'そのユニットは範囲に入っていません',
  'fight.error.not-a-target': 'そのユニットはこの形の対象になりません',
} satisfies Record<keyof typeof en, string>
