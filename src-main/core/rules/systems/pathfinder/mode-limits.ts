// Which movement modes a creature may still use this round, from its state and the round so far
// (round.ts). Each refusal is a code (MOVE_REFUSAL_CODES) the app translates.
import type { Battlefield, Creature } from './creatures'
import type { MoveMode } from './move-modes'
import type { PathfinderCondition } from './conditions'

export const MOVE_REFUSAL_CODES = [
  /** 「そのラウンドにこれ以外で実際にいくばくかの距離を移動するのであれば、5フィート・ステップを行うことはできない」 */
  'five-foot-step-after-moving',
  /** 「1ラウンドには2回以上の5フィート・ステップを行うことはできない」 */
  'second-five-foot-step',
  /** After a 5-foot step, no other movement of some distance that round. */
  'moved-after-five-foot-step',
  /** 「君は盲目状態にある場合、戦闘からの撤退を行えない」 */
  'blinded-no-withdraw',
  /** 「休憩している間、キャラクターは通常の移動アクションより早く移動することはできない」 */
  'resting-after-run',
  /** 「専用の移動速度が記載されていない移動形態を用いて撤退を行うことはできない」 (and 5-foot steps) */
  'no-swim-speed',
  /**
   * 「1回の標準アクションと1回の移動アクションを行うか、あるいは1回の全ラウンド・アクション」: after a
   * move action that moved, no full-round action (疾走, 撤退, 突撃).
   */
  'full-round-after-move',
  /** After one move action that moved, one move action is left (in place of the standard): no double move. */
  'one-move-action-left',
  /** 朦朧, 無防備 (麻痺, 気絶, 睡眠, 縛られている), 瀕死: it takes no action, so it does not move. */
  'cannot-act',
  /** 組みつき, 押さえ込まれた: it does not move on its own (only its grappler moves the pair). */
  'cannot-move',
  /** よろめき, 満身創痍: 「1回の移動アクションか1回の標準アクションしか…全ラウンド・アクションも行なえない」 */
  'one-action-a-round',
  /** 伏せ: standing up is a move action (「立ち上がる行為は1回の移動アクション」), so no full-round action follows. */
  'prone-stands-up-first',
] as const
export type MoveRefusal = (typeof MOVE_REFUSAL_CODES)[number]

/** Modes that are a full-round action: 疾走, 撤退 and 突撃 (003 全ラウンド・アクション). */
const FULL_ROUND_MODES: ReadonlySet<MoveMode> = new Set(['run', 'withdraw', 'charge'])

/** Why `mode` is not allowed now, and the condition that decides it (if one does). */
export interface ModeRefusal {
  reason: MoveRefusal
  condition?: PathfinderCondition
}

/** Why `mode` is not allowed now, or null. */
export function modeRefusal(
  field: Battlefield,
  creature: Creature,
  mode: MoveMode,
): ModeRefusal | null {
  if (creature.cannotAct) return { reason: 'cannot-act', condition: creature.cannotAct }
  if (creature.cannotMove) return { reason: 'cannot-move', condition: creature.cannotMove }
  const reason = roundRefusal(field, creature, mode)
  if (reason)
    return reason === 'blinded-no-withdraw' ? { reason, condition: 'blinded' } : { reason }
  // One action a round: no double move or run; 撤退 and 突撃 remain as a standard action up to the
  // speed (行動の制限と撤退, 突撃); prone, standing up is that action (only 這い進む moves).
  const limited = creature.oneActionARound
  if (limited && (mode === 'double' || mode === 'run' || (creature.prone && mode !== 'crawl')))
    return { reason: 'one-action-a-round', condition: limited }
  if (creature.prone && FULL_ROUND_MODES.has(mode))
    return { reason: 'prone-stands-up-first', condition: 'prone' }
  return null
}

function roundRefusal(field: Battlefield, creature: Creature, mode: MoveMode): MoveRefusal | null {
  const round = field.round
  if (mode === 'five-foot-step') {
    if (round.stepped(creature.id)) return 'second-five-foot-step'
    if (round.moved(creature.id)) return 'five-foot-step-after-moving'
  } else if (round.stepped(creature.id)) return 'moved-after-five-foot-step'
  else if (round.moved(creature.id) && FULL_ROUND_MODES.has(mode)) return 'full-round-after-move'
  else if (round.moved(creature.id) && mode === 'double') return 'one-move-action-left'
  if (mode === 'withdraw' && creature.blinded) return 'blinded-no-withdraw'
  if (
    round.resting(creature.id) &&
    mode !== 'move' &&
    mode !== 'five-foot-step' &&
    mode !== 'crawl'
  )
    return 'resting-after-run'
  if (
    (mode === 'withdraw' || mode === 'five-foot-step') &&
    creature.swimming &&
    !creature.flying &&
    creature.extras.swimSpeed === undefined
  )
    return 'no-swim-speed'
  return null
}

/**
 * The Constitution check a run needs this round, if any: free for as many rounds as its
 * 【耐久力】, then DC 10, one higher for every further round (「成功するごとに1ずつ上昇」).
 */
export function runCheck(
  field: Battlefield,
  creature: Creature,
): { kind: 'run'; ability: 'CON'; dc: number } | null {
  const constitution = creature.extras.constitution
  if (constitution === undefined) return null
  const ran = field.round.ranRounds(creature.id)
  return ran < constitution ? null : { kind: 'run', ability: 'CON', dc: 10 + (ran - constitution) }
}
