// For the tests of issue 27 ("nothing the app accepts can make a campaign unopenable"): campaigns
// that sit near the loader's limits, and random commands that push at them (gold at 10¹², lists a
// few entries short of their caps, names as long as allowed, notes that grow the file).
import fc from 'fast-check'
import { MAX_REWARD_BONUS } from './guild/reward'
import { guildSchema, type GuildLogEntry, type GuildMember } from './guild/schema'
import type { Condition } from './fight/schema'
import type { Campaign, CampaignMap, CampaignToken, Command } from './schema'
import { makeCampaign, makeMap } from './test-helpers'

export const MAX_GOLD = 1_000_000_000_000
const AT = '2025-03-03T00:00:00.000Z'

/** How close to each limit a generated campaign starts. */
export interface NearLimits {
  funds: number
  money: number
  /** Conditions already on map m1 (the cap is 10,000). */
  conditions: number
  /** Guild log entries already written (the cap is 100,000). */
  logEntries: number
  /** General-skill picks held (the cap is 999) and connections held (9,999). */
  picks: number
  heldConnections: number
  /** Members with names of 200 characters (a session's log line names them all). */
  longNamedMembers: number
  /** A second map, m2, with a fight of this many combatants (the cap is 1,000). */
  combatants: number
}

const TOKEN_IDS = ['pc', 't1', 't2', 't3'] as const
export const MEMBER_IDS = ['g1', 'g2', 'g3'] as const
const ITEM_IDS = ['i1', 'i2', 'i3', 'i4'] as const

function member(id: string, near: NearLimits, name = `PC ${id}`): GuildMember {
  return {
    id,
    name,
    player: '',
    cl: 5,
    money: near.money,
    attendance: 'present',
    pendingPicks: near.picks,
    heldConnections: near.heldConnections,
    skills: [],
    connections: [],
    treasureMania: false,
    appraisalBonus: false,
  }
}

function fightMap(combatants: number): CampaignMap {
  const tokens: CampaignToken[] = Array.from({ length: combatants + 1 }, (_, i) => ({
    id: `u${i}`,
    name: `Unit ${i}`,
    at: [i % 40, Math.floor(i / 40)] as [number, number],
    faction: 'enemy',
  }))
  return makeMap({
    id: 'm2',
    name: 'Crowd',
    width: 40,
    height: 40,
    tokens,
    fight: fightOf(combatants),
  })
}

function fightOf(combatants: number): NonNullable<CampaignMap['fight']> {
  return {
    round: 1,
    turn: 0,
    order: Array.from({ length: combatants }, (_, i) => ({ tokenId: `u${i}`, count: 0 })),
    unaware: [],
    acted: [],
    delaying: [],
    readied: [],
    showOrder: false,
    showRolls: false,
    expired: [],
  }
}

/** A loadable campaign as close to the limits as `near` says. */
export function nearLimitCampaign(near: NearLimits): Campaign {
  const tokens: CampaignToken[] = TOKEN_IDS.map((id, i) => ({
    id,
    name: id.toUpperCase(),
    at: [i, 0] as [number, number],
    faction: i === 0 ? 'party' : 'enemy',
  }))
  const conditions: Condition[] = Array.from({ length: near.conditions }, (_, i) => ({
    id: `old-${i}`,
    tokenId: 'pc',
    name: 'Shaken',
  }))
  const log: GuildLogEntry[] = Array.from({ length: near.logEntries }, (_, i) => ({
    seq: i + 1,
    at: AT,
    kind: 'item',
    text: 'x',
  }))
  const members = [
    ...MEMBER_IDS.map((id) => member(id, near)),
    ...Array.from({ length: near.longNamedMembers }, (_, i) =>
      member(`long-${i}`, near, `${'長'.repeat(190)} ${String(i).padStart(9, '0')}`),
    ),
  ]
  const guild = guildSchema.parse({
    name: 'Guild',
    funds: near.funds,
    members,
    items: ITEM_IDS.slice(0, 2).map((id) => ({ id, name: `Item ${id}`, holderId: null })),
    log,
  })
  const maps = [
    makeMap({ width: 20, height: 10, tokens, ...(conditions.length ? { conditions } : {}) }),
    ...(near.combatants > 0 ? [fightMap(near.combatants)] : []),
  ]
  return makeCampaign({ maps, guild })
}

/** A campaign with a guild, nothing near a limit (tests set one field near it). */
export const FAR_FROM_LIMITS: NearLimits = {
  funds: 0,
  money: 0,
  conditions: 0,
  logEntries: 0,
  picks: 0,
  heldConnections: 0,
  longNamedMembers: 0,
  combatants: 0,
}

export const nearLimitsArbitrary: fc.Arbitrary<NearLimits> = fc.record({
  funds: fc.constantFrom(0, MAX_GOLD - 1, MAX_GOLD),
  money: fc.constantFrom(0, MAX_GOLD - 1, MAX_GOLD),
  conditions: fc.constantFrom(0, 9_998, 10_000),
  logEntries: fc.constant(0),
  picks: fc.constantFrom(0, 998, 999),
  heldConnections: fc.constantFrom(0, 9_996),
  longNamedMembers: fc.constantFrom(0, 12),
  combatants: fc.constantFrom(0, 0, 999, 1_000),
})

const gold = fc.oneof(
  fc.constantFrom(0, 1, MAX_GOLD - 1, MAX_GOLD),
  fc.integer({ min: 0, max: MAX_GOLD }),
)
const label = fc.oneof(
  fc.constantFrom('Rope', 'ポーション'),
  fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim().length > 0),
)
const memberId = fc.constantFrom(...MEMBER_IDS, 'long-0', 'g9')
const itemId = fc.constantFrom(...ITEM_IDS)
const tokenId = fc.constantFrom(...TOKEN_IDS, 'ghost')
const square = fc.tuple(fc.integer({ min: -1, max: 21 }), fc.integer({ min: -1, max: 11 }))
const longText = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.integer({ min: 1, max: 100_000 }).map((n) => 'n'.repeat(n)),
)

/** Commands that push at the limits; many refer to things that are not there (and are refused). */
export const limitCommandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  gold.map((funds): Command => ({ type: 'guild.update', funds })),
  fc
    .record({ id: memberId, name: label, cl: fc.integer({ min: 1, max: 99 }), money: gold })
    .map((m): Command => ({ type: 'guild.member.add', member: m })),
  fc.tuple(memberId, gold).map(([id, money]): Command => ({
    type: 'guild.member.update',
    memberId: id,
    patch: { money },
  })),
  fc
    .record({
      memberIds: fc.uniqueArray(memberId, { minLength: 1, maxLength: 3 }),
      bonus: fc.integer({ min: 0, max: MAX_REWARD_BONUS }),
    })
    .map((r): Command => ({ type: 'guild.reward', at: AT, ...r })),
  fc
    .tuple(itemId, label, fc.integer({ min: 1, max: 9999 }))
    .map(([id, name, quantity]): Command => ({
      type: 'guild.item.add',
      at: AT,
      item: { id, name, quantity },
      source: '2D6 = 7',
    })),
  fc
    .tuple(itemId, gold)
    .map(([id, price]): Command => ({ type: 'guild.item.sell', at: AT, itemId: id, price })),
  fc
    .record({
      id: fc.constantFrom('l1', 'l2'),
      lenderId: memberId,
      borrowerId: memberId,
      amount: gold.filter((g) => g >= 1),
    })
    .map((loan): Command => ({
      type: 'guild.loan.add',
      at: AT,
      loan: { ...loan, date: '2025-03-03' },
    })),
  fc
    .constantFrom('l1', 'l2')
    .map((id): Command => ({ type: 'guild.loan.repay', at: AT, loanId: id, date: '2025-03-04' })),
  fc.constant<Command>({ type: 'guild.milestone', at: AT }),
  fc
    .tuple(memberId, fc.array(label, { maxLength: 5 }))
    .map(([id, connections]): Command => ({ type: 'guild.pick', memberId: id, connections })),
  fc.constant<Command>({ type: 'guild.session.end', at: AT }),
  fc.tuple(fc.integer({ min: 0, max: 20_000 }), tokenId).map(([n, token]): Command => ({
    type: 'condition.add',
    mapId: 'm1',
    condition: { id: `new-${n}`, tokenId: token, name: 'Dazed', rounds: 2 },
  })),
  fc
    .integer({ min: 0, max: 20 })
    .map((n): Command => ({ type: 'condition.remove', mapId: 'm1', conditionId: `old-${n}` })),
  fc
    .integer({ min: 998, max: 1_001 })
    .map((n): Command => ({ type: 'fight.add', mapId: 'm2', tokenId: `u${n}`, at: AT, d20s: [] })),
  fc.tuple(tokenId, longText).map(([id, notes]): Command => ({
    type: 'token.update',
    mapId: 'm1',
    tokenId: id,
    patch: { notes },
  })),
  longText.map((notes): Command => ({ type: 'map.notes', mapId: 'm1', notes })),
  fc
    .tuple(tokenId, square)
    .map(([id, to]): Command => ({ type: 'token.move', mapId: 'm1', tokenId: id, to })),
  fc.array(square, { minLength: 1, maxLength: 5 }).map((cells): Command => ({
    type: 'cells.set',
    mapId: 'm1',
    cells: cells.map((at) => ({ at, terrain: 'difficult' })),
  })),
  fc
    .tuple(fc.constantFrom('trap-1', 'trap-2'), square, longText)
    .map(([id, at, notes]): Command => ({
      type: 'trap.set',
      mapId: 'm1',
      trap: { id, at, name: 'Pit', notes },
    })),
  fc.integer({ min: 0, max: 9 }).map((n): Command => ({
    type: 'roll.record',
    entry: {
      id: `roll-${n}`,
      at: AT,
      who: 'GM',
      command: '2D6',
      text: '2D6 > 7',
      dice: [3, 4],
      total: 7,
      success: false,
      failure: false,
      critical: false,
      fumble: false,
      secret: false,
    },
  })),
)

/** What a GM does to such a campaign through the service: those commands, with undo and redo. */
export const limitStepsArbitrary: fc.Arbitrary<Array<Command | 'undo' | 'redo'>> = fc.array(
  fc.oneof(
    { weight: 8, arbitrary: limitCommandArbitrary },
    { weight: 1, arbitrary: fc.constantFrom('undo' as const, 'redo' as const) },
  ),
  { minLength: 1, maxLength: 10 },
)
