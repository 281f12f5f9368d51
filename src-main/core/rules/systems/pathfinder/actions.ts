// 表『戦闘中のアクション』 (003): each action's type and whether doing it while threatened provokes
// an attack of opportunity (the action itself, not the movement that comes with it: footnote 1).
// The seed's copy of the table lost its 機会攻撃 column; where the chapter's own text says it
// (`source: '003'`) that is the answer, the rest (`source: 'table'`) are the Core Rulebook
// table's values the seed reproduces without them.
import type { Battlefield, Creature } from './creatures'
import { canThreaten } from './threat'
import { provokingAmong } from './attack'

export type ActionType =
  'standard' | 'move' | 'full-round' | 'free' | 'swift' | 'immediate' | 'none' | 'varies'
/** yes / no; usually (1アクションかかる技能を使用する ふつうは有); target: only the action's target (combat maneuvers, unarmed attacks). */
export type Provokes = 'yes' | 'no' | 'usually' | 'target'

export interface ActionRule {
  type: ActionType
  provokes: Provokes
  source: '003' | 'table'
  /** The words the answer rests on, where the chapter gives them. */
  quote?: string
}

export const COMBAT_ACTIONS = {
  // 標準アクション
  'attack-melee': { type: 'standard', provokes: 'no', source: 'table' },
  'attack-ranged': {
    type: 'standard',
    provokes: 'yes',
    source: '003',
    quote:
      '角から隣接した敵に遠隔攻撃を行う場合、自身は隣接した相手に対する遮蔽を得ているために機会攻撃を受けず',
  },
  'attack-unarmed': {
    type: 'standard',
    provokes: 'target',
    source: '003',
    quote:
      '素手で攻撃を行うと、攻撃の対象となるキャラクターが武装していた場合には、相手からの機会攻撃を誘発する',
  },
  'activate-magic-item': {
    type: 'standard',
    provokes: 'no',
    source: '003',
    quote:
      '呪文解放型、合言葉型、単純使用型のアイテム:これらの種類のアイテムの起動には精神集中が不要であり、機会攻撃も誘発しない',
  },
  'activate-spell-completion-item': {
    type: 'standard',
    provokes: 'yes',
    source: '003',
    quote: '呪文完成型アイテム:…機会攻撃を誘発する',
  },
  'aid-another': {
    type: 'standard',
    provokes: 'no',
    source: 'table',
    quote:
      '君が、通常であれば機会攻撃を誘発するような誰かに対して援護を行ったなら、援護するという君の行動もまた、機会攻撃を誘発する',
  },
  'cast-spell': {
    type: 'standard',
    provokes: 'yes',
    source: '003',
    quote:
      '一般的に、呪文を発動した場合には、君を機会攻撃範囲内に収めている敵からの機会攻撃を誘発する',
  },
  'cast-defensively': {
    type: 'standard',
    provokes: 'no',
    source: '003',
    quote: '防御的発動では機会攻撃を誘発しない',
  },
  'cast-ranged-touch-spell': {
    type: 'standard',
    provokes: 'yes',
    source: '003',
    quote: '防御的発動を行ったとしても、遠隔接触攻撃は機会攻撃を誘発する',
  },
  'channel-energy': { type: 'standard', provokes: 'no', source: 'table' },
  'concentrate-on-spell': {
    type: 'standard',
    provokes: 'no',
    source: '003',
    quote: '呪文を維持するために精神集中を行う行為は、標準アクションであり、機会攻撃を誘発しない',
  },
  'dismiss-spell': {
    type: 'standard',
    provokes: 'no',
    source: '003',
    quote: '稼働中の呪文を解除する行為は機会攻撃を誘発しない1回の標準アクションである',
  },
  'draw-hidden-weapon': { type: 'standard', provokes: 'no', source: 'table' },
  'drink-potion': { type: 'standard', provokes: 'yes', source: 'table' },
  'escape-grapple': {
    type: 'standard',
    provokes: 'no',
    source: '003',
    quote: '戦技判定(DCは相手の戦技防御値に等しく、機会攻撃は誘発しない)',
  },
  feint: {
    type: 'standard',
    provokes: 'no',
    source: '003',
    quote: '戦闘において、フェイントは機会攻撃を誘発しない',
  },
  'light-torch-with-tindertwig': { type: 'standard', provokes: 'yes', source: 'table' },
  'lower-spell-resistance': { type: 'standard', provokes: 'no', source: 'table' },
  'read-scroll': { type: 'standard', provokes: 'yes', source: 'table' },
  ready: { type: 'standard', provokes: 'no', source: 'table' },
  'stabilize-dying-friend': { type: 'standard', provokes: 'yes', source: 'table' },
  'total-defense': { type: 'standard', provokes: 'no', source: 'table' },
  'use-extraordinary-ability': {
    type: 'standard',
    provokes: 'no',
    source: '003',
    quote: 'アクション扱いとなる変則的能力は…機会攻撃を誘発しない',
  },
  'use-skill': {
    type: 'standard',
    provokes: 'usually',
    source: '003',
    quote: '1アクションかかる技能を使用する ふつうは有',
  },
  'use-spell-like-ability': {
    type: 'standard',
    provokes: 'yes',
    source: '003',
    quote:
      '擬似呪文能力の使用は呪文の発動のように働く。つまり精神集中を必要とし、機会攻撃を誘発する',
  },
  'use-supernatural-ability': {
    type: 'standard',
    provokes: 'no',
    source: '003',
    quote: '超常能力の使用は中断されず、精神集中を必要とせず、機会攻撃を誘発しない',
  },
  // 移動アクション
  'control-frightened-mount': { type: 'move', provokes: 'yes', source: 'table' },
  'direct-spell': {
    type: 'move',
    provokes: 'no',
    source: '003',
    quote: '1つの呪文を向け直す行為は移動アクションであり、機会攻撃を誘発せず',
  },
  'draw-weapon': { type: 'move', provokes: 'no', source: 'table' },
  'load-hand-or-light-crossbow': { type: 'move', provokes: 'yes', source: 'table' },
  'open-close-door': { type: 'move', provokes: 'no', source: 'table' },
  'mount-dismount': { type: 'move', provokes: 'no', source: 'table' },
  'move-heavy-object': { type: 'move', provokes: 'yes', source: 'table' },
  'pick-up-item': { type: 'move', provokes: 'yes', source: 'table' },
  'sheathe-weapon': { type: 'move', provokes: 'yes', source: 'table' },
  'stand-up': {
    type: 'move',
    provokes: 'yes',
    source: '003',
    quote: '伏せ状態の姿勢から立ち上がる行為は1回の移動アクションを要し、機会攻撃を誘発する',
  },
  'ready-drop-shield': { type: 'move', provokes: 'no', source: 'table' },
  'retrieve-stored-item': { type: 'move', provokes: 'yes', source: 'table' },
  crawl: {
    type: 'move',
    provokes: 'yes',
    source: '003',
    quote:
      '這い進む行為は、君が這い進む経路上で君を機会攻撃範囲に含むすべての攻撃者から機会攻撃を誘発する',
  },
  // 全ラウンド・アクション
  'full-attack': { type: 'full-round', provokes: 'no', source: 'table' },
  charge: { type: 'full-round', provokes: 'no', source: 'table' },
  'coup-de-grace': {
    type: 'full-round',
    provokes: 'yes',
    source: '003',
    quote: 'とどめの一撃を加える行為は、攻撃者を機会攻撃範囲内に収めている敵から機会攻撃を誘発する',
  },
  'escape-net': { type: 'full-round', provokes: 'yes', source: 'table' },
  'extinguish-flames': { type: 'full-round', provokes: 'no', source: 'table' },
  'light-torch': { type: 'full-round', provokes: 'yes', source: 'table' },
  'load-heavy-or-repeating-crossbow': { type: 'full-round', provokes: 'yes', source: 'table' },
  'lock-unlock-locked-gauntlet': { type: 'full-round', provokes: 'yes', source: 'table' },
  'prepare-splash-weapon': { type: 'full-round', provokes: 'yes', source: 'table' },
  run: { type: 'full-round', provokes: 'yes', source: 'table' },
  'use-skill-full-round': {
    type: 'full-round',
    provokes: 'usually',
    source: '003',
    quote: '1ラウンドかかる技能を使用する ふつうは有',
  },
  'touch-six-allies': { type: 'full-round', provokes: 'yes', source: 'table' },
  withdraw: { type: 'full-round', provokes: 'no', source: 'table' },
  'cast-full-round-spell': {
    type: 'full-round',
    provokes: 'yes',
    source: '003',
    quote: '機会攻撃を誘発するのは呪文の発動を開始したときだけである',
  },
  // フリー・アクション
  'cease-concentration': { type: 'free', provokes: 'no', source: 'table' },
  'drop-item': { type: 'free', provokes: 'no', source: 'table' },
  'drop-prone': { type: 'free', provokes: 'no', source: 'table' },
  'prepare-spell-components': { type: 'free', provokes: 'no', source: 'table' },
  speak: { type: 'free', provokes: 'no', source: 'table' },
  // 即行・割り込み
  'cast-quickened-spell': {
    type: 'swift',
    provokes: 'no',
    source: '003',
    quote: '即行アクションとして呪文を発動する行為は、機会攻撃を誘発しない',
  },
  'cast-feather-fall': { type: 'immediate', provokes: 'no', source: 'table' },
  // アクションではない行動
  delay: { type: 'none', provokes: 'no', source: 'table' },
  'five-foot-step': {
    type: 'none',
    provokes: 'no',
    source: '003',
    quote: '5フィート・ステップは決して機会攻撃を誘発しない',
  },
  // 戦技 (combat maneuvers): from the target, unless the Improved feat
  'bull-rush': {
    type: 'standard',
    provokes: 'target',
    source: '003',
    quote:
      '《突き飛ばし強化》の特技か同様の能力を持っていない限り、突き飛ばしはその目標からの機会攻撃を誘発する',
  },
  disarm: {
    type: 'standard',
    provokes: 'target',
    source: '003',
    quote:
      '《武器落とし強化》の特技か同様の能力を持っていない限り、武器落としはその目標からの機会攻撃を誘発する',
  },
  grapple: {
    type: 'standard',
    provokes: 'target',
    source: '003',
    quote:
      '《組みつき強化》の特技や“つかみ”能力、あるいは同様の能力を持っていない限り、組みつきはその目標からの機会攻撃を誘発する',
  },
  overrun: {
    type: 'standard',
    provokes: 'target',
    source: '003',
    quote:
      '《蹴散らし強化》の特技や同様の能力を持っていないなら、蹴散らしはこの戦技の目標から機会攻撃を誘発する',
  },
  sunder: {
    type: 'standard',
    provokes: 'target',
    source: '003',
    quote:
      '《武器破壊強化》や同様の能力を持っていなければ、アイテムを破壊しようとする試みは戦技の目標から機会攻撃を誘発する',
  },
  trip: {
    type: 'standard',
    provokes: 'target',
    source: '003',
    quote:
      '《足払い強化》の特技か同様の能力を持っていなければ、足払いの試みは戦技の目標から機会攻撃を誘発する',
  },
} as const satisfies Record<string, ActionRule>

export type CombatAction = keyof typeof COMBAT_ACTIONS
export const COMBAT_ACTION_IDS = Object.keys(COMBAT_ACTIONS) as CombatAction[]

export interface ProvokesAnswer {
  action: CombatAction
  type: ActionType
  /** What the rule says for this action. */
  rule: Provokes
  source: '003' | 'table'
  quote?: string
  /** Whether doing it here, now, provokes anyone. */
  provokes: boolean
  /** Who gets the attack of opportunity (sorted). */
  by: string[]
}

/**
 * Whether `creature` doing `action` where it stands provokes, and from whom. `improved`: it has
 * the maneuver's Improved feat (no attack of opportunity from the target).
 */
export function provokesFor(
  field: Battlefield,
  creature: Creature,
  action: CombatAction,
  target: Creature | undefined,
  improved: boolean,
): ProvokesAnswer {
  const rule: ActionRule = COMBAT_ACTIONS[action]
  let by: string[] = []
  if (rule.provokes === 'yes' || rule.provokes === 'usually') {
    by = provokingAmong(field, creature, field.enemiesOf(creature))
  } else if (rule.provokes === 'target' && target && !improved && canThreaten(target)) {
    by = provokingAmong(field, creature, [target])
  }
  return {
    action,
    type: rule.type,
    rule: rule.provokes,
    source: rule.source,
    ...(rule.quote ? { quote: rule.quote } : {}),
    provokes: by.length > 0,
    by,
  }
}
