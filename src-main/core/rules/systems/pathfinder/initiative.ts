// イニシアチブ (initiative), engine side: a pure module over immutable states with an injected
// die, so every order is reproducible. Rules (003 イニシアチブ, 不意討ち, 行動遅延, 待機):
// - each combatant rolls d20 + modifier; higher acts first; ties go to the higher modifier, and
//   combatants still tied roll again (as often as needed) among themselves;
// - if some but not all combatants are aware of their foes, a surprise round comes first in which
//   only the aware act (one standard or move action each);
// - everyone is flat-footed (立ちすくみ) until their first turn begins (「自分の最初のターンを迎える
//   前」): during that turn (hit by a readied attack, say) it no longer is;
// - a delaying combatant (行動遅延) leaves the order and re-enters where it chooses to act, which
//   becomes its new place; a readied action (待機) that triggers moves the readier just before the
//   combatant whose action triggered it.

export type Roll = (sides: number) => number

export interface Combatant {
  readonly id: string
  readonly modifier: number
  /** Aware of its foes when combat starts (default true). */
  readonly aware?: boolean
}

export interface InitiativeRoll {
  readonly id: string
  readonly modifier: number
  readonly roll: number
  readonly total: number
  /** Tie-break rerolls, in order (empty if none was needed). */
  readonly rerolls: readonly number[]
}

export interface InitiativeState {
  /** Turn order for normal rounds, first to act first. */
  readonly order: readonly string[]
  readonly rolls: readonly InitiativeRoll[]
  /** 0 = the surprise round, then 1, 2, … */
  readonly round: number
  /** Index into `order` of the combatant whose turn it is (in the surprise round, skipping the unaware). */
  readonly turn: number
  readonly aware: ReadonlySet<string>
  /** Combatants whose first turn has begun (no longer flat-footed). */
  readonly acted: ReadonlySet<string>
  /** Combatants who are delaying (out of the order until they act). */
  readonly delaying: ReadonlySet<string>
  /** Readied combatants: id → true until the trigger happens or its next turn comes. */
  readonly readied: ReadonlySet<string>
}

/** Rolls initiative for everyone and sorts the order (ties: modifier, then reroll). */
export function rollInitiative(combatants: readonly Combatant[], roll: Roll): InitiativeState {
  const rolls: InitiativeRoll[] = combatants.map((c) => {
    const die = roll(20)
    return { id: c.id, modifier: c.modifier, roll: die, total: die + c.modifier, rerolls: [] }
  })
  const sorted = [...rolls].sort((a, b) => b.total - a.total || b.modifier - a.modifier)
  const ordered: InitiativeRoll[] = []
  let i = 0
  while (i < sorted.length) {
    let j = i + 1
    while (
      j < sorted.length &&
      sorted[j].total === sorted[i].total &&
      sorted[j].modifier === sorted[i].modifier
    )
      j++
    ordered.push(...(j - i > 1 ? resolveTies(sorted.slice(i, j), roll) : [sorted[i]]))
    i = j
  }
  const aware = new Set(combatants.filter((c) => c.aware !== false).map((c) => c.id))
  const surprise = aware.size > 0 && aware.size < combatants.length
  const order = ordered.map((r) => r.id)
  const state: InitiativeState = {
    order,
    rolls: ordered,
    round: surprise ? 0 : 1,
    turn: 0,
    aware,
    acted: new Set(),
    delaying: new Set(),
    readied: new Set(),
  }
  return surprise ? skipToEligible(state) : beginTurn(state)
}

/** The current combatant's turn begins: from now on it is not flat-footed. */
function beginTurn(state: InitiativeState): InitiativeState {
  const id = current(state)
  return state.acted.has(id) ? state : { ...state, acted: new Set(state.acted).add(id) }
}

/** Rerolls a tied group recursively until every member has its own place. */
function resolveTies(group: InitiativeRoll[], roll: Roll): InitiativeRoll[] {
  if (group.length === 1) return group
  const rerolled = group.map((r) => ({ ...r, rerolls: [...r.rerolls, roll(20)] }))
  const last = (r: InitiativeRoll) => r.rerolls[r.rerolls.length - 1]
  rerolled.sort((a, b) => last(b) - last(a))
  const out: InitiativeRoll[] = []
  let i = 0
  while (i < rerolled.length) {
    let j = i + 1
    while (j < rerolled.length && last(rerolled[j]) === last(rerolled[i])) j++
    out.push(...resolveTies(rerolled.slice(i, j), roll))
    i = j
  }
  return out
}

/** A roll-off between a newcomer and one combatant already in the order, one d20 each. */
export interface RollOff {
  readonly against: string
  readonly mine: number
  readonly theirs: number
}

/**
 * Where a combatant joining a running fight takes its place, exactly as at the start: before the
 * first combatant it beats — a higher total, or an equal total and a higher modifier, or equal in
 * both and a higher roll-off (「同点のもの同士で再びロール」, again while they stay tied) — else
 * last. The order already fixed is never reshuffled.
 */
export function placeNewcomer(
  order: readonly { readonly id: string; readonly total: number; readonly modifier: number }[],
  newcomer: { readonly total: number; readonly modifier: number },
  roll: Roll,
): { index: number; rollOffs: RollOff[] } {
  const rollOffs: RollOff[] = []
  for (let index = 0; index < order.length; index++) {
    const other = order[index]
    if (newcomer.total !== other.total) {
      if (newcomer.total > other.total) return { index, rollOffs }
      continue
    }
    if (newcomer.modifier !== other.modifier) {
      if (newcomer.modifier > other.modifier) return { index, rollOffs }
      continue
    }
    for (;;) {
      const mine = roll(20)
      const theirs = roll(20)
      rollOffs.push({ against: other.id, mine, theirs })
      if (mine > theirs) return { index, rollOffs }
      if (mine < theirs) break
    }
  }
  return { index: order.length, rollOffs }
}

/** The combatant whose turn it is. */
export function current(state: InitiativeState): string {
  return state.order[state.turn]
}

/** Flat-footed: its first turn in this combat has not begun yet. */
export function isFlatFooted(state: InitiativeState, id: string): boolean {
  return !state.acted.has(id)
}

function skipToEligible(state: InitiativeState): InitiativeState {
  // In the surprise round only the aware act.
  let s = state
  for (let guard = 0; guard <= s.order.length * 2 + 2; guard++) {
    const id = s.order[s.turn]
    if (s.round > 0 || s.aware.has(id)) {
      // 「遅延していたアクションを行なわないままに、次にアクションを行なう機会が来てしまったならば、
      // 遅延アクションは行われなかったことになる」 (the same for a readied action): reaching its own
      // place again (always a later round: every caller advances first), the delayer takes its turn.
      if (s.delaying.has(id)) {
        const delaying = new Set(s.delaying)
        delaying.delete(id)
        return beginTurn({ ...s, delaying })
      }
      if (!s.readied.has(id)) return beginTurn(s)
      const readied = new Set(s.readied)
      readied.delete(id)
      return beginTurn({ ...s, readied })
    }
    s = advance(s)
  }
  return s
}

function advance(state: InitiativeState): InitiativeState {
  const turn = state.turn + 1
  if (turn < state.order.length) return { ...state, turn }
  return { ...state, turn: 0, round: state.round + 1 }
}

/** Ends the current combatant's turn and moves to the next one who acts (whose turn begins). */
export function endTurn(state: InitiativeState): InitiativeState {
  return skipToEligible(advance(beginTurn(state)))
}

/** The current combatant delays: it leaves the order until it chooses to act. */
export function delay(state: InitiativeState): InitiativeState {
  const id = current(state)
  const delaying = new Set(state.delaying).add(id)
  return skipToEligible(advance({ ...state, delaying }))
}

/**
 * A delaying combatant acts now, after the turn that just ended and before the current
 * combatant: its place in the order moves there for the rest of the combat.
 */
export function actFromDelay(state: InitiativeState, id: string): InitiativeState {
  if (!state.delaying.has(id)) throw new Error(`"${id}" is not delaying`)
  const delaying = new Set(state.delaying)
  delaying.delete(id)
  return beginTurn(moveBefore({ ...state, delaying }, id, current(state)))
}

/** The current combatant readies an action and ends its turn. */
export function ready(state: InitiativeState): InitiativeState {
  const readied = new Set(state.readied).add(current(state))
  return endTurn({ ...state, readied })
}

/**
 * The readied action of `id` is triggered by the current combatant: `id` acts now, and its place
 * moves to just before the trigger's.
 */
export function triggerReady(state: InitiativeState, id: string): InitiativeState {
  if (!state.readied.has(id)) throw new Error(`"${id}" has no readied action`)
  const readied = new Set(state.readied)
  readied.delete(id)
  return beginTurn(moveBefore({ ...state, readied }, id, current(state)))
}

/** Moves `id` to just before `before` in the order; the turn pointer lands on `id`. */
function moveBefore(state: InitiativeState, id: string, before: string): InitiativeState {
  const order = state.order.filter((o) => o !== id)
  const at = order.indexOf(before)
  order.splice(at, 0, id)
  return { ...state, order, turn: at }
}
