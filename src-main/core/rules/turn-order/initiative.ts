// Turn order for the systems without an initiative roll, and the count changes of 003's
// イニシアチブ変更アクション (delay, ready) as the `initiative` query reports them. Pure.
// Arianrhod: highest 【行動値】 first; equal values stay in the GM's order (the GM drags).
// DysTopiA: the GM's order.
import type { SystemId } from '../model'
import { systemFacts } from '../facts'

export interface InitiativeEntrant {
  id: string
  /** Arianrhod: 【行動値】. */
  value: number
}

export interface Delay {
  token: string
  /** The lower count the combatant now acts at. */
  count: number
}

export interface Ready {
  token: string
  /** The combatant whose action triggered the readied action: the reader now acts just before it. */
  before: string
}

export interface OrderedEntrant {
  token: string
  /** The initiative count (pathfinder / dnd35: d20 + modifier; arianrhod: 【行動値】); null for dystopia. */
  count: number | null
  roll: number | null
  modifier: number | null
  /** How a tie with a neighbour was broken, if there was one. */
  tiedBy: 'modifier' | 'roll-off' | 'gm' | null
  /** d20s drawn in roll-offs, in order. */
  rollOffs: number[]
}

export class InitiativeError extends Error {
  constructor(
    readonly code: 'unknown-combatant' | 'invalid-delay',
    message: string,
  ) {
    super(message)
    this.name = 'InitiativeError'
  }
}

/**
 * For a system without an initiative roll (facts.ts `initiativeByValue`): Arianrhod, highest
 * 【行動値】 first, equal values in the GM's order (Array.prototype.sort is stable); DysTopiA, the
 * GM's order as given. Pathfinder / dnd35 roll d20s instead: see systems/pathfinder/initiative.ts.
 */
export function orderByValue(
  system: SystemId,
  entrants: readonly InitiativeEntrant[],
): OrderedEntrant[] {
  if (!systemFacts(system).initiativeByValue) {
    return entrants.map((e) => ({
      token: e.id,
      count: null,
      roll: null,
      modifier: null,
      tiedBy: null,
      rollOffs: [],
    }))
  }
  const sorted = [...entrants].sort((a, b) => b.value - a.value)
  return sorted.map((e, i) => ({
    token: e.id,
    count: e.value,
    roll: null,
    modifier: null,
    tiedBy: sorted.some((o, j) => j !== i && o.value === e.value) ? 'gm' : null,
    rollOffs: [],
  }))
}

/**
 * 「行動遅延を行なうなら、自発的に自分のイニシアチブの結果を下げる。これは残りの戦闘の間ずっと
 * 適用される」: the combatant moves to its new, lower count, just before those already at that
 * count (it steps in before the combatant whose count it takes, as *Act now* does in the tracker,
 * and as a readied action does before its trigger).
 */
export function applyDelay(order: readonly OrderedEntrant[], delay: Delay): OrderedEntrant[] {
  const index = order.findIndex((e) => e.token === delay.token)
  if (index < 0)
    throw new InitiativeError('unknown-combatant', `"${delay.token}" is not in the order`)
  const entrant = order[index]
  if (entrant.count !== null && delay.count > entrant.count) {
    throw new InitiativeError(
      'invalid-delay',
      `a delay lowers the count: ${delay.count} is above ${entrant.count}`,
    )
  }
  const rest = order.filter((_, i) => i !== index)
  const moved = { ...entrant, count: delay.count }
  const at = rest.findIndex((e, i) => i >= index && e.count !== null && e.count <= delay.count)
  const insertAt = at < 0 ? rest.length : at
  return [...rest.slice(0, insertAt), moved, ...rest.slice(insertAt)]
}

/**
 * 「君のイニシアチブ・カウントは待機しておいたアクションを行なったときのカウントとなり、君が待機して
 * いたアクションの引き金となったアクションを行なったキャラクターの直前に行動するようになる」
 */
export function applyReady(order: readonly OrderedEntrant[], ready: Ready): OrderedEntrant[] {
  const entrant = order.find((e) => e.token === ready.token)
  const trigger = order.find((e) => e.token === ready.before)
  if (!entrant)
    throw new InitiativeError('unknown-combatant', `"${ready.token}" is not in the order`)
  if (!trigger)
    throw new InitiativeError('unknown-combatant', `"${ready.before}" is not in the order`)
  if (entrant === trigger)
    throw new InitiativeError('invalid-delay', 'a combatant cannot ready against itself')
  const rest = order.filter((e) => e !== entrant)
  const at = rest.indexOf(trigger)
  return [...rest.slice(0, at), { ...entrant, count: trigger.count }, ...rest.slice(at)]
}
