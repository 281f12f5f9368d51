// The conditions 003 gives an effect, as one table the rules read (issue 24: "stunned" used to be
// a label only). Sources, all 003:
// - 表『攻撃ロールの修正値』 (attacker): 目がくらんだ −1, 絡みつかれた −2 (【敏捷力】 −4), 伏せ −4 melee,
//   怯え / 恐れ −2; 不可視 +2 and the defender loses its 【敏捷力】 bonus (attack.ts keeps that one).
// - 表『アーマー・クラスへの修正』 (defender): 盲目 −2 and no 【敏捷力】 bonus, 戦慄 −2 / no bonus,
//   絡みつかれた (【敏捷力】 −4), 立ちすくみ no bonus, 組みつき +0, 無防備 −4 melee and 【敏捷力】 0,
//   膝をついているか座っている −2 melee / +2 ranged, 押さえ込まれた −4 melee and no bonus, 伏せ −4 melee /
//   +4 ranged, 朦朧 −2 and no bonus.
// - 無防備状態の敵: 「縛られている状態、睡眠状態、麻痺状態、気絶状態など」 are helpless, and 「無防備状態の
//   キャラクターは立ちすくみ状態としても扱う」; 「気絶状態の間、君は無防備状態でもある」; 「瀕死状態の
//   キャラクターは即座に気絶状態となり、何らアクションを取ることはできない」.
// - 機会攻撃範囲: 「自分が近接攻撃を行える範囲を機会攻撃範囲に収めている」 — a creature that can take no
//   action makes no melee attack, so it threatens nothing and is passed without provoking.
// - 満身創痍 / よろめき: 「1回の移動アクションか1回の標準アクションしか行なうことはできない(…全ラウンド・
//   アクションも行なえない)」, with 撤退 and 突撃 as a standard action up to the speed (行動の制限と撤退,
//   突撃).
// - 伏せ: 「伏せ状態の姿勢から立ち上がる行為は1回の移動アクションを要し、機会攻撃を誘発する」; 這い進む.
// - 組みつき: only the grappler moves the pair (「君と目標を君の移動速度の半分まで移動することができる」)
//   and the grappled creature's actions are escaping, reversing or one-handed ones: it does not move on
//   its own; 押さえ込まれた 「君のアクションは非常に制限される」 likewise.
// 003 refers to a 『状態』 appendix it does not contain; where it says nothing more (朦朧: what the
// Core Rulebook calls "can't take actions", 麻痺), the Core Rulebook's definition is used and the
// README says so.
import type { TokenState } from '../../model'
import { PATHFINDER_CONDITIONS, type PathfinderCondition } from './condition-names'

export { PATHFINDER_CONDITIONS, type PathfinderCondition }

export interface ConditionRule {
  /** Conditions it also counts as (麻痺 → 無防備 → 立ちすくみ). */
  implies?: readonly PathfinderCondition[]
  /** Takes no action: no movement, threatens nothing, no attack of opportunity. */
  cannotAct?: boolean
  /** Does not move on its own (組みつき, 押さえ込まれた). */
  cannotMove?: boolean
  /** One move or one standard action a round, no full-round action (よろめき, 満身創痍). */
  oneActionARound?: boolean
  /** To its own attack rolls, melee and ranged (表『攻撃ロールの修正値』). */
  attack?: { melee: number; ranged: number }
  /** To its AC as a defender, melee and ranged (表『アーマー・クラスへの修正』). */
  ac?: { melee: number; ranged: number }
  /** Its 【敏捷力】 bonus to AC: lost, or 【敏捷力】 0 (−5). */
  dexToAc?: 'lost' | 'zero'
  /** To its 【敏捷力】 score (絡みつかれた −4: the GM applies it to the sheet). */
  dex?: number
}

export const CONDITION_RULES: Readonly<Record<PathfinderCondition, ConditionRule>> = {
  helpless: {
    implies: ['flat-footed'],
    cannotAct: true,
    ac: { melee: -4, ranged: 0 },
    dexToAc: 'zero',
  },
  'flat-footed': { dexToAc: 'lost' },
  stunned: { cannotAct: true, ac: { melee: -2, ranged: -2 }, dexToAc: 'lost' },
  paralyzed: { implies: ['helpless'], cannotAct: true },
  unconscious: { implies: ['helpless'], cannotAct: true },
  dying: { implies: ['unconscious'], cannotAct: true },
  asleep: { implies: ['helpless'], cannotAct: true },
  bound: { implies: ['helpless'], cannotAct: true },
  pinned: {
    implies: ['grappled'],
    cannotMove: true,
    ac: { melee: -4, ranged: 0 },
    dexToAc: 'lost',
  },
  grappled: { cannotMove: true },
  entangled: { attack: { melee: -2, ranged: -2 }, dex: -4 },
  dazzled: { attack: { melee: -1, ranged: -1 } },
  shaken: { attack: { melee: -2, ranged: -2 } },
  frightened: { attack: { melee: -2, ranged: -2 } },
  cowering: { ac: { melee: -2, ranged: -2 }, dexToAc: 'lost' },
  staggered: { oneActionARound: true },
  disabled: { oneActionARound: true },
  // Prone, blinded and invisible keep their own handling (attack.ts, light.ts, movement), from the
  // same tables: prone −4 melee attack; −4 AC melee, +4 ranged.
  prone: {},
  kneeling: { ac: { melee: -2, ranged: 2 } },
  blinded: { ac: { melee: -2, ranged: -2 }, dexToAc: 'lost' },
  invisible: {},
}

const isCondition = (state: string): state is PathfinderCondition =>
  (PATHFINDER_CONDITIONS as readonly string[]).includes(state)

/**
 * A creature's conditions with what they imply, each with the condition it came from: the source
 * the answers name (麻痺 makes a creature helpless: `helpless` ← `paralyzed`).
 */
export function conditionsOf(
  states: readonly TokenState[] | undefined,
  flatFooted = false,
): ReadonlyMap<PathfinderCondition, PathfinderCondition> {
  const out = new Map<PathfinderCondition, PathfinderCondition>()
  const add = (condition: PathfinderCondition, source: PathfinderCondition) => {
    if (out.has(condition)) return
    out.set(condition, source)
    for (const implied of CONDITION_RULES[condition].implies ?? []) add(implied, source)
  }
  for (const state of states ?? []) if (isCondition(state)) add(state, state)
  if (flatFooted) add('flat-footed', 'flat-footed')
  return out
}

/** Whether a token's states make it helpless (for decision 8: who may share a square). */
export function isHelpless(states: readonly TokenState[] | undefined): boolean {
  return conditionsOf(states).has('helpless')
}

/** The first condition (in table order) with the given effect, or undefined. */
export function conditionWith(
  conditions: ReadonlyMap<PathfinderCondition, PathfinderCondition>,
  effect: (rule: ConditionRule) => boolean | undefined,
): PathfinderCondition | undefined {
  for (const condition of PATHFINDER_CONDITIONS)
    if (conditions.has(condition) && effect(CONDITION_RULES[condition])) return condition
  return undefined
}

/** What a condition changed in an answer, and whose (the `conditions` list of reach, path and attack answers). */
export const CONDITION_EFFECTS = [
  /** Takes no action (朦朧, 無防備, 麻痺, 気絶, 瀕死 …): the mover cannot move. */
  'cannot-act',
  /** Does not move on its own (組みつき, 押さえ込まれた). */
  'cannot-move',
  /** One move or standard action a round (よろめき, 満身創痍). */
  'one-action-a-round',
  /** Stands up first (伏せ): a move action that provokes. */
  'stands-up',
  /** An enemy by the path that takes no action threatens nothing, so passing it provokes nothing. */
  'threatens-nothing',
  /** A flat-footed enemy makes no attack of opportunity (without 《迎え討ち》). */
  'no-attacks-of-opportunity',
] as const
export type ConditionEffect = (typeof CONDITION_EFFECTS)[number]

export interface ConditionNote {
  token: string
  condition: PathfinderCondition
  effect: ConditionEffect
}
