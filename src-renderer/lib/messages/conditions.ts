// Pathfinder / D&D 3.5 conditions as the fight panel names them (issue 24): each condition the
// engine knows (rules/systems/pathfinder/conditions.ts, 003's own words in Japanese), what it
// changed in a move (the `conditions` notes of a path) and the refusals it gives.
// conditions-messages.test.ts checks every condition and effect has both languages.
export const en = {
  'fight.condition.helpless': 'helpless',
  'fight.condition.flat-footed': 'flat-footed',
  'fight.condition.stunned': 'stunned',
  'fight.condition.paralyzed': 'paralyzed',
  'fight.condition.unconscious': 'unconscious',
  'fight.condition.dying': 'dying',
  'fight.condition.asleep': 'asleep',
  'fight.condition.bound': 'bound',
  'fight.condition.pinned': 'pinned',
  'fight.condition.grappled': 'grappled',
  'fight.condition.entangled': 'entangled',
  'fight.condition.dazzled': 'dazzled',
  'fight.condition.shaken': 'shaken',
  'fight.condition.frightened': 'frightened',
  'fight.condition.cowering': 'cowering',
  'fight.condition.staggered': 'staggered',
  'fight.condition.disabled': 'disabled',
  'fight.condition.prone': 'prone',
  'fight.condition.kneeling': 'kneeling or sitting',
  'fight.condition.blinded': 'blinded',
  'fight.condition.invisible': 'invisible',
  'fight.conditionEffect.heading': 'Conditions',
  'fight.conditionEffect.cannot-act': '{name} is {condition}: it takes no action',
  'fight.conditionEffect.cannot-move': '{name} is {condition}: it does not move on its own',
  'fight.conditionEffect.one-action-a-round':
    '{name} is {condition}: one move or standard action a round, so it moves at most its speed',
  'fight.conditionEffect.stands-up':
    '{name} is {condition}: it stands up first, a move action that provokes attacks of opportunity',
  'fight.conditionEffect.threatens-nothing':
    '{name} is {condition}: it takes no action and threatens nothing, so passing it provokes nothing',
  'fight.conditionEffect.no-attacks-of-opportunity':
    '{name} is {condition}: no attacks of opportunity (it has no Combat Reflexes)',
  'fight.conditionRefusal': '{reason} ({condition})',
  'fight.reason.cannot-act': 'the creature takes no action this round, so it cannot move',
  'fight.reason.cannot-move': 'the creature is held and does not move on its own',
  'fight.reason.one-action-a-round':
    'the creature has one move or standard action a round: no double move, run or full-round action',
  'fight.reason.prone-stands-up-first':
    'standing up from prone takes a move action, so no full-round action (run, withdraw, charge) follows',
  'fight.attack.dex': 'Dex {n}',
  'fight.attack.mod.attacker-dazzled': 'dazzled attacker',
  'fight.attack.mod.attacker-entangled': 'entangled attacker',
  'fight.attack.mod.attacker-shaken': 'shaken attacker',
  'fight.attack.mod.attacker-frightened': 'frightened attacker',
  'fight.attack.mod.target-stunned': 'stunned target',
  'fight.attack.mod.target-cowering': 'cowering target',
  'fight.attack.mod.target-pinned': 'pinned target',
  'fight.attack.mod.target-kneeling': 'kneeling or sitting target',
  'fight.attack.mod.target-entangled': 'entangled target',
} as const

export const ja = {
  'fight.condition.helpless': '無防備状態',
  'fight.condition.flat-footed': '立ちすくみ状態',
  'fight.condition.stunned': '朦朧状態',
  'fight.condition.paralyzed': '麻痺状態',
  'fight.condition.unconscious': '気絶状態',
  'fight.condition.dying': '瀕死状態',
  'fight.condition.asleep': '睡眠状態',
  'fight.condition.bound': '縛られている状態',
  'fight.condition.pinned': '押さえ込まれた状態',
  'fight.condition.grappled': '組みつき状態',
  'fight.condition.entangled': '絡みつかれた状態',
  'fight.condition.dazzled': '目がくらんだ状態',
  'fight.condition.shaken': '怯え状態',
  'fight.condition.frightened': '恐れ状態',
  'fight.condition.cowering': '戦慄状態',
  'fight.condition.staggered': 'よろめき状態',
  'fight.condition.disabled': '満身創痍状態',
  'fight.condition.prone': '伏せ状態',
  'fight.condition.kneeling': '膝をついているか座っている',
  'fight.condition.blinded': '盲目状態',
  'fight.condition.invisible': '不可視状態',
  'fight.conditionEffect.heading': '状態',
  'fight.conditionEffect.cannot-act': '{name}は{condition}：アクションを行えません',
  'fight.conditionEffect.cannot-move': '{name}は{condition}：自分では移動しません',
  'fight.conditionEffect.one-action-a-round':
    '{name}は{condition}：1ラウンドに移動アクションか標準アクション1回だけなので、移動は移動速度まで',
  'fight.conditionEffect.stands-up':
    '{name}は{condition}：まず立ち上がります（移動アクション、機会攻撃を誘発）',
  'fight.conditionEffect.threatens-nothing':
    '{name}は{condition}：アクションを行えず機会攻撃範囲を持たないので、そばを通っても機会攻撃を誘発しません',
  'fight.conditionEffect.no-attacks-of-opportunity':
    '{name}は{condition}：機会攻撃を行えません（《迎え討ち》なし）',
  'fight.conditionRefusal': '{reason}（{condition}）',
  'fight.reason.cannot-act': 'このラウンドはアクションを行えないので移動できません',
  'fight.reason.cannot-move': '押さえられていて自分では移動できません',
  'fight.reason.one-action-a-round':
    '1ラウンドに移動アクションか標準アクション1回だけです：2倍移動・疾走・全ラウンド・アクションはできません',
  'fight.reason.prone-stands-up-first':
    '伏せ状態から立ち上がるのに移動アクションを使うので、全ラウンド・アクション（疾走・撤退・突撃）はできません',
  'fight.attack.dex': '【敏捷力】{n}',
  'fight.attack.mod.attacker-dazzled': '攻撃側が目がくらんだ状態',
  'fight.attack.mod.attacker-entangled': '攻撃側が絡みつかれた状態',
  'fight.attack.mod.attacker-shaken': '攻撃側が怯え状態',
  'fight.attack.mod.attacker-frightened': '攻撃側が恐れ状態',
  'fight.attack.mod.target-stunned': '防御側が朦朧状態',
  'fight.attack.mod.target-cowering': '防御側が戦慄状態',
  'fight.attack.mod.target-pinned': '防御側が押さえ込まれた状態',
  'fight.attack.mod.target-kneeling': '防御側が膝をついているか座っている',
  'fight.attack.mod.target-entangled': '防御側が絡みつかれた状態',
} satisfies Record<keyof typeof en, string>
