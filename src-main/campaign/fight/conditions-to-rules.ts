// Conditions the rules engine understands, turned into the token fields it reads (issue 15:
// "conditions the engine understands feed the rules queries where the seeds say so").
// - 003 「無防備状態の敵とは、縛られている状態、睡眠状態、麻痺状態、気絶状態など」 and 「気絶状態の間、
//   君は無防備状態でもある」: those conditions are the engine's `helpless` state (it threatens
//   nothing, its square may be passed and ended on).
// - 003 「立ちすくみ状態のキャラクターは、《迎え討ち》特技を修得していない限り、機会攻撃を行えない」:
//   a combatant before its first turn in the fight, or marked flat-footed, is `flatFooted`.
// - Invisible, blinded and incorporeal (003's states) join the states; the engine reads them in
//   attack answers, and a blinded creature cannot withdraw (「盲目状態にある場合、戦闘からの撤退を行えない」).
// - Prone joins the states too, but 003 gives a prone creature −4 on melee attacks (伏せ状態 -4),
//   not the loss of its threatened squares, so no movement answer changes with it.
import { systemFacts } from '../../rules/facts'
import type { TokenState } from '../../rules/model'
import type { CampaignMap } from '../schema'
import type { Condition } from './schema'

const CONDITION_STATES: Readonly<Record<string, TokenState>> = {
  prone: 'prone',
  伏せ: 'prone',
  伏せ状態: 'prone',
  helpless: 'helpless',
  無防備: 'helpless',
  無防備状態: 'helpless',
  bound: 'helpless',
  縛られている: 'helpless',
  asleep: 'helpless',
  sleeping: 'helpless',
  睡眠: 'helpless',
  睡眠状態: 'helpless',
  paralyzed: 'helpless',
  麻痺: 'helpless',
  麻痺状態: 'helpless',
  unconscious: 'helpless',
  気絶: 'helpless',
  気絶状態: 'helpless',
  invisible: 'invisible',
  不可視: 'invisible',
  不可視状態: 'invisible',
  blinded: 'blinded',
  盲目: 'blinded',
  盲目状態: 'blinded',
  incorporeal: 'incorporeal',
  非実体: 'incorporeal',
}

const FLAT_FOOTED = new Set(['flat-footed', '立ちすくみ', '立ちすくみ状態'])

const key = (name: string): string => name.trim().toLowerCase()

/** The engine state a condition's name stands for, if any. */
export function conditionState(name: string): TokenState | undefined {
  return CONDITION_STATES[key(name)]
}

export function withConditionStates<T extends { id: string; states?: TokenState[] }>(
  token: T,
  conditions: readonly Condition[],
): T {
  const added = conditions
    .filter((c) => c.tokenId === token.id)
    .map((c) => conditionState(c.name))
    .filter((state): state is TokenState => state !== undefined)
  if (added.length === 0) return token
  return { ...token, states: [...new Set([...(token.states ?? []), ...added])] }
}

/** Pathfinder / dnd35: a combatant that has not had its first turn, or marked so, is flat-footed. */
export function withFlatFooted<T extends { id: string }>(token: T, map: CampaignMap): T {
  if (systemFacts(map.system).family !== 'tactical') return token
  const waiting =
    map.fight?.order.some((c) => c.tokenId === token.id) && !map.fight.acted.includes(token.id)
  const marked = (map.conditions ?? []).some(
    (c) => c.tokenId === token.id && FLAT_FOOTED.has(key(c.name)),
  )
  return waiting || marked ? { ...token, flatFooted: true } : token
}
