// Applies the turn-order, condition and roll-log commands (schema.ts) for the one reducer in
// campaign/commands.ts. Pathfinder / dnd35 turn rules (surprise round, flat-footed, delay, ready,
// roll-offs) come from the engine's pure initiative module; Arianrhod orders by 【行動値】 and
// DysTopiA by the GM. Pure: the input is never mutated.
import { systemFacts } from '../../rules/facts'
import {
  actFromDelay,
  delay,
  endTurn,
  placeNewcomer,
  ready,
  rollInitiative,
  triggerReady,
  type InitiativeState,
} from '../../rules/systems/pathfinder/initiative'
import { orderByValue } from '../../rules/turn-order/initiative'
import type { Campaign, CampaignMap, CampaignToken } from '../schema'
import type { Combatant, Condition, Fight, FightCommand, RollEntry } from './schema'
import type { Fail } from '../refusals'

type MapCommand = Exclude<FightCommand, { type: 'roll.record' } | { type: 'roll.clear' }>

const rollsD20 = (system: CampaignMap['system']): boolean => systemFacts(system).rollsInitiative

export function applyRollLogCommand(
  campaign: Campaign,
  command: Extract<FightCommand, { type: 'roll.record' | 'roll.clear' }>,
): Campaign {
  if (command.type === 'roll.clear') return { ...campaign, rollLog: [] }
  return { ...campaign, rollLog: [...(campaign.rollLog ?? []), command.entry].slice(-5000) }
}

/** Returns the new map and any roll-log entries the command produced (initiative rolls). */
export function applyFightCommand(
  map: CampaignMap,
  command: MapCommand,
  fail: Fail,
): { map: CampaignMap; rolls: RollEntry[] } {
  const token = (id: string): CampaignToken =>
    map.tokens.find((t) => t.id === id) ?? fail(`No token "${id}" on this map.`, 'no-token')
  if (command.type === 'fight.start') {
    if (map.fight) fail('A fight is already running on this map; end it first.', 'fight-running')
    command.tokenIds.forEach(token)
    return startFight(map, command, token, fail)
  }
  if (command.type === 'condition.add') {
    token(command.condition.tokenId)
    if ((map.conditions ?? []).some((c) => c.id === command.condition.id))
      fail(`A condition "${command.condition.id}" already exists.`, 'duplicate-id')
    const since = map.fight
      ? {
          round: map.fight.round,
          turn: map.fight.turn,
          count: map.fight.order[map.fight.turn]?.count ?? null,
        }
      : undefined
    const condition: Condition = {
      ...command.condition,
      ...(since && command.condition.rounds ? { since } : {}),
    }
    return { map: { ...map, conditions: [...(map.conditions ?? []), condition] }, rolls: [] }
  }
  if (command.type === 'condition.remove') {
    if (!(map.conditions ?? []).some((c) => c.id === command.conditionId))
      fail(`No condition "${command.conditionId}".`, 'no-condition')
    return {
      map: {
        ...map,
        conditions: (map.conditions ?? []).filter((c) => c.id !== command.conditionId),
      },
      rolls: [],
    }
  }
  if (command.type === 'condition.shown') {
    if (!(map.conditions ?? []).some((c) => c.id === command.conditionId))
      fail(`No condition "${command.conditionId}".`, 'no-condition')
    const { shown, conditionId } = command
    const conditions = (map.conditions ?? []).map((c) => {
      if (c.id !== conditionId) return c
      const { shownToPlayers: _old, ...rest } = c
      return shown ? { ...rest, shownToPlayers: true } : rest
    })
    return { map: { ...map, conditions }, rolls: [] }
  }
  const fight = map.fight ?? fail('No fight is running on this map.', 'no-fight')
  const done = (next: Fight): { map: CampaignMap; rolls: RollEntry[] } => ({
    map: { ...map, fight: next },
    rolls: [],
  })
  const nameOf = (id: string): string => map.tokens.find((t) => t.id === id)?.name || id
  const inOrder = (id: string): Combatant =>
    fight.order.find((c) => c.tokenId === id) ??
    fail(`"${id}" is not in the turn order.`, 'not-in-order', { name: nameOf(id) })
  switch (command.type) {
    case 'fight.end':
      return { map: { ...map, fight: undefined }, rolls: [] }
    case 'fight.options':
      return done({
        ...fight,
        ...(command.showOrder !== undefined ? { showOrder: command.showOrder } : {}),
        ...(command.showRolls !== undefined ? { showRolls: command.showRolls } : {}),
        ...(command.hideRollLog !== undefined ? { hideRollLog: command.hideRollLog } : {}),
      })
    case 'fight.next':
      return turnChange(map, fight, endTurn)
    case 'fight.delay':
      return turnChange(map, fight, delay)
    case 'fight.ready':
      return turnChange(map, fight, ready)
    case 'fight.previous':
      return done(previousTurn(fight) ?? fail('This is the first turn of the fight.', 'first-turn'))
    case 'fight.act': {
      if (!fight.delaying.includes(command.tokenId))
        fail(`"${command.tokenId}" is not delaying.`, 'not-delaying', {
          name: nameOf(command.tokenId),
        })
      const before = fight.order[fight.turn]
      return done(
        withCountOf(
          fromState(actFromDelay(toState(fight), command.tokenId), fight),
          command.tokenId,
          before.count,
        ),
      )
    }
    case 'fight.trigger': {
      if (!fight.readied.includes(command.tokenId))
        fail(`"${command.tokenId}" has no readied action.`, 'not-readied', {
          name: nameOf(command.tokenId),
        })
      const trigger = fight.order[fight.turn]
      return done(
        withCountOf(
          fromState(triggerReady(toState(fight), command.tokenId), fight),
          command.tokenId,
          trigger.count,
        ),
      )
    }
    case 'fight.move': {
      const moving = inOrder(command.tokenId)
      const current = fight.order[fight.turn].tokenId
      const rest = fight.order.filter((c) => c !== moving)
      const at = Math.min(command.toIndex, rest.length)
      const order = [...rest.slice(0, at), moving, ...rest.slice(at)]
      return done({ ...fight, order, turn: order.findIndex((c) => c.tokenId === current) })
    }
    case 'fight.remove': {
      inOrder(command.tokenId)
      return done(dropCombatant(fight, command.tokenId))
    }
    case 'fight.add': {
      const added = token(command.tokenId)
      if (fight.order.some((c) => c.tokenId === added.id))
        fail(`"${added.id}" is already in the turn order.`, 'already-in-order', {
          name: added.name || added.id,
        })
      const placed = rollsD20(map.system)
        ? joinByRoll(fight, added, command, map.tokens, fail)
        : joinByValue(fight, added, map.system)
      const { index, entry } = placed
      const order = [...fight.order.slice(0, index), entry, ...fight.order.slice(index)]
      return {
        map: {
          ...map,
          fight: {
            ...fight,
            order,
            turn: index <= fight.turn && fight.order.length > 0 ? fight.turn + 1 : fight.turn,
          },
        },
        rolls: placed.rolls,
      }
    }
  }
}

/**
 * Pathfinder / dnd35: the newcomer's d20 (typed by the player, else main's first die) + modifier,
 * placed as at the start (placeNewcomer: ties by modifier, then roll-offs from main's pool).
 */
function joinByRoll(
  fight: Fight,
  added: CampaignToken,
  command: Extract<FightCommand, { type: 'fight.add' }>,
  tokens: readonly CampaignToken[],
  fail: Fail,
): { index: number; entry: Combatant; rolls: RollEntry[] } {
  let pool = command.roll === undefined ? 1 : 0
  const roll =
    command.roll ?? command.d20s[0] ?? fail('No d20 was rolled for the new combatant.', 'no-d20')
  const modifier = added.initiative ?? 0
  const { index, rollOffs } = placeNewcomer(
    fight.order.map((c) => ({ id: c.tokenId, total: c.count ?? 0, modifier: c.modifier ?? 0 })),
    { total: roll + modifier, modifier },
    () => command.d20s[pool++] ?? fail('Not enough d20s were rolled for the roll-off.', 'no-d20'),
  )
  const mine = rollOffs.map((r) => r.mine)
  const entry: Combatant = {
    tokenId: added.id,
    count: roll + modifier,
    roll,
    modifier,
    ...(mine.length ? { rerolls: mine } : {}),
  }
  const nameOf = (id: string) => {
    const t = tokens.find((tk) => tk.id === id)
    return t?.name || id
  }
  const log = initiativeEntry(added, roll, modifier, command.at, command.roll !== undefined, mine)
  const versus = rollOffs.map((r) => `${nameOf(r.against)} ${r.theirs}`)
  return {
    index,
    entry,
    rolls: [versus.length ? { ...log, text: `${log.text} (vs ${versus.join(', ')})` } : log],
  }
}

/** By 【行動値】 (Arianrhod: before the first lower value); otherwise last, for the GM to drag. */
function joinByValue(
  fight: Fight,
  added: CampaignToken,
  system: CampaignMap['system'],
): { index: number; entry: Combatant; rolls: RollEntry[] } {
  const entry: Combatant = {
    tokenId: added.id,
    count: systemFacts(system).initiativeByValue ? (added.initiative ?? 0) : null,
  }
  const at =
    entry.count === null
      ? fight.order.length
      : fight.order.findIndex((c) => c.count !== null && c.count < entry.count!)
  return { index: at < 0 ? fight.order.length : at, entry, rolls: [] }
}

function startFight(
  map: CampaignMap,
  command: Extract<FightCommand, { type: 'fight.start' }>,
  token: (id: string) => CampaignToken,
  fail: Fail,
): { map: CampaignMap; rolls: RollEntry[] } {
  const ids = [...new Set(command.tokenIds)]
  const empty = {
    unaware: [],
    acted: [],
    delaying: [],
    readied: [],
    showOrder: false,
    showRolls: false,
    expired: [],
  }
  if (!rollsD20(map.system)) {
    const ordered = orderByValue(
      map.system,
      ids.map((id) => ({ id, value: token(id).initiative ?? 0 })),
    )
    const order = ordered.map((e) => ({ tokenId: e.token, count: e.count }))
    return { map: { ...map, fight: { ...empty, round: 1, turn: 0, order } }, rolls: [] }
  }
  // Hand-typed d20s first, one per combatant in order; then main's pool, which also feeds roll-offs.
  let call = 0
  let pool = 0
  const roll = (): number => {
    const id = ids[call++]
    if (id !== undefined && command.rolls[id] !== undefined) return command.rolls[id]
    return command.d20s[pool++] ?? fail('Not enough d20s were rolled for initiative.', 'no-d20')
  }
  const unaware = new Set(command.unaware)
  const state = rollInitiative(
    ids.map((id) => ({ id, modifier: token(id).initiative ?? 0, aware: !unaware.has(id) })),
    roll,
  )
  const fight = fromState(state, { ...empty, round: state.round, turn: state.turn, order: [] })
  const rolls = state.rolls.map((r) =>
    initiativeEntry(
      token(r.id),
      r.roll,
      r.modifier,
      command.at,
      command.rolls[r.id] !== undefined,
      r.rerolls,
    ),
  )
  return {
    map: { ...map, fight: { ...fight, unaware: [...unaware].filter((id) => ids.includes(id)) } },
    rolls,
  }
}

/** One initiative roll for the log; roll-offs (「同点のもの同士で再びロール」) follow the total. */
function initiativeEntry(
  token: CampaignToken,
  roll: number,
  modifier: number,
  at: string,
  typed: boolean,
  rerolls: readonly number[] = [],
): RollEntry {
  const sign = modifier < 0 ? '−' : '+'
  const command = `1D20${modifier < 0 ? '' : '+'}${modifier}`
  const rollOff = rerolls.length > 0 ? ` ＞ roll-off ${rerolls.join(', ')}` : ''
  return {
    id: `init-${at}-${token.id}`,
    at,
    who: token.name || token.id,
    tokenId: token.id,
    command,
    text: `Initiative (1D20${sign}${Math.abs(modifier)}) ＞ ${roll}${typed ? ' (typed)' : ''} ＞ ${roll + modifier}${rollOff}`,
    dice: [roll, ...rerolls],
    total: roll + modifier,
    success: false,
    failure: false,
    critical: false,
    fumble: false,
    secret: false,
  }
}

/**
 * Who takes the turns after the current one, in order, as Next turn would step (delayers and
 * readied combatants skipped, the surprise round's unaware too): one lap of the engine's own step.
 */
export function upcomingCombatants(fight: Fight): string[] {
  const out: string[] = []
  let state = toState(fight)
  for (let i = 0; i < fight.order.length; i++) {
    state = endTurn(state)
    out.push(state.order[state.turn])
  }
  return out
}

function toState(fight: Fight): InitiativeState {
  const ids = fight.order.map((c) => c.tokenId)
  return {
    order: ids,
    rolls: fight.order.map((c) => ({
      id: c.tokenId,
      modifier: c.modifier ?? 0,
      roll: c.roll ?? 0,
      total: c.count ?? 0,
      rerolls: c.rerolls ?? [],
    })),
    round: fight.round,
    turn: fight.turn,
    aware: new Set(ids.filter((id) => !fight.unaware.includes(id))),
    acted: new Set(fight.acted),
    delaying: new Set(fight.delaying),
    readied: new Set(fight.readied),
  }
}

function fromState(state: InitiativeState, previous: Fight): Fight {
  const known = new Map(previous.order.map((c) => [c.tokenId, c]))
  const rolled = new Map(state.rolls.map((r) => [r.id, r]))
  const order = state.order.map((id): Combatant => {
    const kept = known.get(id)
    if (kept) return kept
    const r = rolled.get(id)!
    return {
      tokenId: id,
      count: r.total,
      roll: r.roll,
      modifier: r.modifier,
      ...(r.rerolls.length ? { rerolls: [...r.rerolls] } : {}),
    }
  })
  return {
    ...previous,
    order,
    round: state.round,
    turn: state.turn,
    acted: [...state.acted],
    delaying: [...state.delaying],
    readied: [...state.readied],
    expired: [],
  }
}

/**
 * Steps back to the previous combatant who had a turn there: in the surprise round only the aware
 * act, and a delaying combatant has no turn. Null before the first turn of the fight. (Undo, not
 * this, restores what the step forward changed, such as expired conditions.)
 */
function previousTurn(fight: Fight): Fight | null {
  const firstRound = fight.unaware.length > 0 ? 0 : 1
  let { round, turn } = fight
  for (let guard = 0; guard <= fight.order.length * 2; guard++) {
    if (turn > 0) turn--
    else if (round > firstRound) {
      round--
      turn = fight.order.length - 1
    } else return null
    const id = fight.order[turn].tokenId
    if ((round > 0 || !fight.unaware.includes(id)) && !fight.delaying.includes(id))
      return { ...fight, round, turn, expired: [] }
  }
  return null
}

/** 003: the delayer / readier takes the count where it acted, for the rest of the fight. */
function withCountOf(fight: Fight, tokenId: string, count: number | null): Fight {
  return {
    ...fight,
    order: fight.order.map((c) => (c.tokenId === tokenId && count !== null ? { ...c, count } : c)),
  }
}

function turnChange(
  map: CampaignMap,
  fight: Fight,
  step: (s: InitiativeState) => InitiativeState,
): { map: CampaignMap; rolls: RollEntry[] } {
  const next = fromState(step(toState(fight)), fight)
  const { kept, expired } = expireConditions(map.conditions ?? [], next)
  const names = new Map(map.tokens.map((t) => [t.id, t]))
  return {
    map: {
      ...map,
      fight: {
        ...next,
        expired: expired
          .map((c) => ({ tokenId: c.tokenId, name: c.name }))
          .filter((c) => names.has(c.tokenId)),
      },
      ...(map.conditions ? { conditions: kept } : {}),
    },
    rolls: [],
  }
}

/**
 * 「一定のラウンド数持続する効果は、その効果が開始したのと同じ数値のイニシアチブ・カウントの直前まで
 * 続く」: a condition of N rounds begun at (round R, count C) ends when the turn reaches count C
 * (or, without counts, the same place in the order) in round R + N.
 */
export function expireConditions(
  conditions: readonly Condition[],
  fight: Fight,
): { kept: Condition[]; expired: Condition[] } {
  const count = fight.order[fight.turn]?.count ?? null
  const kept: Condition[] = []
  const expired: Condition[] = []
  for (const condition of conditions) {
    const since = condition.since
    if (!since || !condition.rounds) {
      kept.push(condition)
      continue
    }
    const endRound = since.round + condition.rounds
    const reached =
      fight.round > endRound ||
      (fight.round === endRound &&
        (since.count !== null && count !== null ? count <= since.count : fight.turn >= since.turn))
    ;(reached ? expired : kept).push(condition)
  }
  return { kept, expired }
}

export function dropCombatant(fight: Fight, tokenId: string): Fight {
  const index = fight.order.findIndex((c) => c.tokenId === tokenId)
  if (index < 0) return fight
  const order = fight.order.filter((c) => c.tokenId !== tokenId)
  const without = (list: string[]) => list.filter((id) => id !== tokenId)
  let turn = index < fight.turn ? fight.turn - 1 : fight.turn
  if (turn >= order.length) turn = 0
  return {
    ...fight,
    order,
    turn,
    unaware: without(fight.unaware),
    acted: without(fight.acted),
    delaying: without(fight.delaying),
    readied: without(fight.readied),
  }
}

/** An order by 【行動値】 (Arianrhod) re-sorts when one changes; whoever is acting keeps the turn. */
export function resortByValue(map: CampaignMap): CampaignMap {
  if (!map.fight || !systemFacts(map.system).initiativeByValue) return map
  const current = map.fight.order[map.fight.turn]?.tokenId
  const values = new Map(map.tokens.map((t) => [t.id, t.initiative ?? 0]))
  const order = [...map.fight.order]
    .map((c) => ({ ...c, count: values.get(c.tokenId) ?? c.count }))
    .sort((a, b) => (b.count ?? 0) - (a.count ?? 0))
  return {
    ...map,
    fight: {
      ...map.fight,
      order,
      turn: Math.max(
        0,
        order.findIndex((c) => c.tokenId === current),
      ),
    },
  }
}
