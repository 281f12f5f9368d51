// Applies guild-book commands (schema.ts) for the one reducer in campaign/commands.ts. Pure: the
// campaign passed in is never mutated.
import type { Campaign } from '../schema'
import { systemFacts } from '../../rules/facts'
import { computeReward, RewardError } from './reward'
import {
  GUILD_LOG_MAX,
  GUILD_LOG_TEXT_MAX,
  guildSchema,
  type Guild,
  type GuildCommand,
  type GuildLogEntry,
  type GuildMember,
} from './schema'
import type { Fail } from '../refusals'
import { paymentThisSession } from './reward-log'

export function applyGuildCommand(campaign: Campaign, command: GuildCommand, fail: Fail): Campaign {
  if (command.type === 'guild.create') {
    if (campaign.guild) fail('This campaign already has a guild.', 'guild-exists')
    if (!campaign.maps.some((m) => systemFacts(m.system).guildBook)) {
      fail('A guild needs a campaign with at least one Arianrhod map.', 'guild-needs-arianrhod')
    }
    return { ...campaign, guild: guildSchema.parse({ name: command.name }) }
  }
  const guild = campaign.guild ?? fail('This campaign has no guild yet.', 'no-guild')
  return { ...campaign, guild: applyToGuild(guild, command, fail) }
}

function applyToGuild(
  guild: Guild,
  command: Exclude<GuildCommand, { type: 'guild.create' }>,
  fail: Fail,
): Guild {
  const member = (id: string): GuildMember =>
    guild.members.find((m) => m.id === id) ?? fail(`No guild member "${id}".`, 'no-member')
  const updateMember = (g: Guild, id: string, change: (m: GuildMember) => GuildMember): Guild => ({
    ...g,
    members: g.members.map((m) => (m.id === id ? change(m) : m)),
  })
  // A line naming many long-named PCs is shortened, and the oldest lines make room for new ones:
  // the log records what the GM did, it never refuses it (issue 27).
  const log = (g: Guild, entry: Omit<GuildLogEntry, 'seq'>): Guild => ({
    ...g,
    log: [
      ...g.log.slice(Math.max(0, g.log.length + 1 - GUILD_LOG_MAX)),
      { ...entry, text: clipText(entry.text), seq: (g.log.at(-1)?.seq ?? 0) + 1 },
    ],
  })
  const nameOf = (id: string | null): string => (id === null ? '収納庫' : member(id).name)

  switch (command.type) {
    case 'guild.update': {
      const { type: _type, ...patch } = command
      return { ...guild, ...definedOnly(patch) }
    }
    case 'guild.member.add':
      if (guild.members.some((m) => m.id === command.member.id))
        fail(`A member "${command.member.id}" already exists.`, 'duplicate-id')
      return { ...guild, members: [...guild.members, guildSchemaMember(command.member)] }
    case 'guild.member.update':
      member(command.memberId)
      return updateMember(guild, command.memberId, (m) => ({ ...m, ...definedOnly(command.patch) }))
    case 'guild.member.remove': {
      const leaving = member(command.memberId)
      if (
        guild.loans.some(
          (l) =>
            !l.repaidOn && (l.lenderId === command.memberId || l.borrowerId === command.memberId),
        )
      ) {
        fail('This member still has an open loan; repay it first.', 'member-has-loan', {
          name: leaving.name,
        })
      }
      return {
        ...guild,
        members: guild.members.filter((m) => m.id !== command.memberId),
        // What the member carried goes back to the guild's storage.
        items: guild.items.map((i) =>
          i.holderId === command.memberId ? { ...i, holderId: null } : i,
        ),
        ruleMasterId: guild.ruleMasterId === command.memberId ? null : guild.ruleMasterId,
      }
    }
    case 'guild.attendance': {
      member(command.memberId)
      const next = updateMember(guild, command.memberId, (m) => ({
        ...m,
        attendance: command.attendance,
      }))
      // 「そのPCを担当するPLが早退しなければならなくなるまで」: leaving frees the rule guild master.
      const leaves = command.attendance !== 'present' && guild.ruleMasterId === command.memberId
      return leaves ? { ...next, ruleMasterId: null } : next
    }
    case 'guild.master': {
      // 「一度ルール上のギルドマスターを決めたならば、その日のセッションが終了するか、そのPCを担当するPLが
      // 事情により早退しなければならなくなるまで…変更することはできない」: not even by clearing it.
      if (guild.ruleMasterId !== null && guild.ruleMasterId !== command.memberId) {
        fail(
          'The rule guild master is locked until the session ends or that PC leaves early.',
          'master-locked',
        )
      }
      if (command.memberId === null) return guild
      if (member(command.memberId).attendance !== 'present')
        fail('The rule guild master must be a PC who is present.', 'master-not-present')
      return { ...guild, ruleMasterId: command.memberId }
    }
    case 'guild.session.end': {
      // The log keeps who came to each session (attendance per session).
      const names = (attendance: GuildMember['attendance']): string =>
        guild.members
          .filter((m) => m.attendance === attendance)
          .map((m) => m.name)
          .join('、') || '—'
      return log(
        {
          ...guild,
          ruleMasterId: null,
          session: guild.session + 1,
          members: guild.members.map((m) => ({ ...m, attendance: 'present' as const })),
        },
        {
          at: command.at,
          kind: 'session',
          text: `Session ${guild.session} ended — 出席 present: ${names('present')}; 遅刻 late: ${names('late')}; 欠席 absent: ${names('absent')}`,
        },
      )
    }
    case 'guild.support.add':
      if (guild.supports.some((s) => s.id === command.support.id))
        fail(`A support "${command.support.id}" already exists.`, 'duplicate-id')
      return {
        ...guild,
        supports: [
          ...guild.supports,
          {
            id: command.support.id,
            name: command.support.name,
            selected: false,
            ...(command.support.maxUses ? { uses: { max: command.support.maxUses, used: 0 } } : {}),
          },
        ],
      }
    case 'guild.support.update': {
      const support =
        guild.supports.find((s) => s.id === command.supportId) ??
        fail(`No support "${command.supportId}".`, 'no-support')
      if (command.used !== undefined && (!support.uses || command.used > support.uses.max)) {
        fail(
          `《${support.name}》 can be used at most ${support.uses?.max ?? 0} times.`,
          'support-uses',
          {
            name: support.name,
            max: support.uses?.max ?? 0,
          },
        )
      }
      return {
        ...guild,
        supports: guild.supports.map((s) =>
          s.id !== command.supportId
            ? s
            : {
                ...s,
                ...(command.selected !== undefined ? { selected: command.selected } : {}),
                ...(command.used !== undefined && s.uses
                  ? { uses: { ...s.uses, used: command.used } }
                  : {}),
              },
        ),
      }
    }
    case 'guild.support.remove':
      if (!guild.supports.some((s) => s.id === command.supportId))
        fail(`No support "${command.supportId}".`, 'no-support')
      return { ...guild, supports: guild.supports.filter((s) => s.id !== command.supportId) }
    case 'guild.milestone':
      // 「全PCのCLが1上昇する(冒険に参加していないPCも)…またGLも1上昇する」
      return log(
        {
          ...guild,
          level: Math.min(99, guild.level + 1),
          members: guild.members.map((m) => ({
            ...m,
            cl: Math.min(99, m.cl + 1),
            pendingPicks: m.pendingPicks + 1,
          })),
        },
        {
          at: command.at,
          kind: 'milestone',
          text: `冒険の一区切り: GL ${guild.level} → ${guild.level + 1}`,
        },
      )
    case 'guild.pick': {
      const picker = member(command.memberId)
      if (picker.pendingPicks < 1)
        fail(`${picker.name} has no general-skill pick to use.`, 'no-pick', { name: picker.name })
      if ((command.skill === undefined) === (command.connections === undefined)) {
        fail(
          'A pick is either one general skill or connections (up to 5 characters).',
          'pick-shape',
        )
      }
      return updateMember(guild, picker.id, (m) => ({
        ...m,
        pendingPicks: m.pendingPicks - 1,
        skills: command.skill ? [...m.skills, command.skill] : m.skills,
        connections: [...m.connections, ...(command.connections ?? [])],
        heldConnections:
          m.heldConnections + (command.connections ? 5 - command.connections.length : 0),
      }))
    }
    case 'guild.connection': {
      const holder = member(command.memberId)
      if (holder.heldConnections < 1)
        fail(`${holder.name} holds no connection to name.`, 'no-held-connection', {
          name: holder.name,
        })
      return updateMember(guild, holder.id, (m) => ({
        ...m,
        heldConnections: m.heldConnections - 1,
        connections: [...m.connections, command.name],
      }))
    }
    case 'guild.reward':
      return applyReward(guild, command, member, fail, log)
    case 'guild.item.add': {
      if (guild.items.some((i) => i.id === command.item.id))
        fail(`An item "${command.item.id}" already exists.`, 'duplicate-id')
      const holderId = command.item.holderId ?? null
      if (holderId !== null) member(holderId)
      const item = { ...command.item, quantity: command.item.quantity ?? 1, holderId }
      const source = command.source ? ` (${command.source})` : ''
      return log(
        { ...guild, items: [...guild.items, item] },
        {
          at: command.at,
          kind: 'item',
          text: `+ ${item.name} ×${item.quantity} → ${nameOf(holderId)}${source}`,
        },
      )
    }
    case 'guild.item.move': {
      const item =
        guild.items.find((i) => i.id === command.itemId) ??
        fail(`No item "${command.itemId}".`, 'no-item')
      if (command.to !== null) member(command.to)
      if (item.holderId === command.to) return guild
      return log(
        {
          ...guild,
          items: guild.items.map((i) => (i.id === item.id ? { ...i, holderId: command.to } : i)),
        },
        {
          at: command.at,
          kind: 'item',
          text: `${item.name}: ${nameOf(item.holderId)} → ${nameOf(command.to)}`,
        },
      )
    }
    case 'guild.item.sell': {
      const item =
        guild.items.find((i) => i.id === command.itemId) ??
        fail(`No item "${command.itemId}".`, 'no-item')
      // 「不要になった場合の売却額はギルド資産として管理される」
      return log(
        {
          ...guild,
          items: guild.items.filter((i) => i.id !== item.id),
          funds: guild.funds + command.price,
        },
        {
          at: command.at,
          kind: 'sale',
          text: `${item.name} ×${item.quantity} sold: +${command.price} G`,
        },
      )
    }
    case 'guild.item.remove': {
      const item =
        guild.items.find((i) => i.id === command.itemId) ??
        fail(`No item "${command.itemId}".`, 'no-item')
      return log(
        { ...guild, items: guild.items.filter((i) => i.id !== item.id) },
        {
          at: command.at,
          kind: 'item',
          text: `− ${item.name} ×${item.quantity} (${nameOf(item.holderId)})`,
        },
      )
    }
    case 'guild.loot.row':
      return {
        ...guild,
        lootTable: guild.lootTable.map((row, i) => (i === command.roll - 2 ? command.text : row)),
      }
    case 'guild.loan.add': {
      const { loan } = command
      if (guild.loans.some((l) => l.id === loan.id))
        fail(`A loan "${loan.id}" already exists.`, 'duplicate-id')
      if (loan.lenderId === loan.borrowerId) fail('A PC cannot lend to itself.', 'self-loan')
      const lender = member(loan.lenderId)
      const borrower = member(loan.borrowerId)
      if (lender.money < loan.amount)
        fail(
          `${lender.name} has ${lender.money} G, less than ${loan.amount} G.`,
          'not-enough-money',
          {
            name: lender.name,
            money: lender.money,
            amount: loan.amount,
          },
        )
      const moved = transfer(guild, lender.id, borrower.id, loan.amount)
      return log(
        { ...moved, loans: [...guild.loans, loan] },
        {
          at: command.at,
          kind: 'loan',
          text: `${lender.name} → ${borrower.name}: ${loan.amount} G (${loan.date})`,
        },
      )
    }
    case 'guild.loan.repay': {
      const loan =
        guild.loans.find((l) => l.id === command.loanId) ??
        fail(`No loan "${command.loanId}".`, 'no-loan')
      if (loan.repaidOn) fail('This loan is already repaid.', 'loan-repaid')
      const borrower = member(loan.borrowerId)
      const lender = member(loan.lenderId)
      if (borrower.money < loan.amount)
        fail(
          `${borrower.name} has ${borrower.money} G, less than ${loan.amount} G.`,
          'not-enough-money',
          { name: borrower.name, money: borrower.money, amount: loan.amount },
        )
      const moved = transfer(guild, borrower.id, lender.id, loan.amount)
      return log(
        {
          ...moved,
          loans: guild.loans.map((l) => (l.id === loan.id ? { ...l, repaidOn: command.date } : l)),
        },
        {
          at: command.at,
          kind: 'repay',
          text: `${borrower.name} → ${lender.name}: ${loan.amount} G repaid (${command.date})`,
        },
      )
    }
  }
}

function applyReward(
  guild: Guild,
  command: Extract<GuildCommand, { type: 'guild.reward' }>,
  member: (id: string) => GuildMember,
  fail: Fail,
  log: (g: Guild, entry: Omit<GuildLogEntry, 'seq'>) => Guild,
): Guild {
  if (new Set(command.memberIds).size !== command.memberIds.length)
    fail('A PC is listed twice.', 'listed-twice')
  // One 戦利金 per session: a second payment must be asked for as one (the page shows the first).
  const paid = paymentThisSession(guild)
  if (paid && !command.again)
    fail(
      `戦利金 was already paid this session (${paid.at}); pay again only on purpose.`,
      'reward-already-paid',
      { at: paid.at },
    )
  const amounts = command.memberIds.map((id) => {
    const pc = member(id)
    try {
      const { amount } = computeReward({
        cl: pc.cl,
        bonus: command.bonus,
        fame: guild.fame,
        connoisseur: guild.connoisseur,
        treasureMania: pc.treasureMania,
      })
      return { memberId: id, amount }
    } catch (error) {
      if (error instanceof RewardError)
        fail(`${pc.name}: ${error.message}`, 'reward-cl', { name: pc.name, cl: pc.cl })
      throw error
    }
  })
  const credited = new Map(amounts.map((a) => [a.memberId, a.amount]))
  const scenario = command.scenario ? `${command.scenario}: ` : ''
  return log(
    {
      ...guild,
      members: guild.members.map((m) =>
        credited.has(m.id) ? { ...m, money: m.money + credited.get(m.id)! } : m,
      ),
    },
    {
      at: command.at,
      kind: 'reward',
      text: `${scenario}戦利金 ${amounts.map((a) => `${member(a.memberId).name} +${a.amount} G`).join(', ')}`,
      amounts,
    },
  )
}

function transfer(guild: Guild, fromId: string, toId: string, amount: number): Guild {
  return {
    ...guild,
    members: guild.members.map((m) =>
      m.id === fromId
        ? { ...m, money: m.money - amount }
        : m.id === toId
          ? { ...m, money: m.money + amount }
          : m,
    ),
  }
}

function guildSchemaMember(input: {
  id: string
  name: string
  player?: string
  cl: number
  money?: number
}): GuildMember {
  return {
    id: input.id,
    name: input.name,
    player: input.player ?? '',
    cl: input.cl,
    money: input.money ?? 0,
    attendance: 'present',
    pendingPicks: 0,
    heldConnections: 0,
    skills: [],
    connections: [],
    treasureMania: false,
    appraisalBonus: false,
  }
}

/** `text` cut to a log line's length with an ellipsis, never between the halves of a character. */
function clipText(text: string): string {
  if (text.length <= GUILD_LOG_TEXT_MAX) return text
  let end = GUILD_LOG_TEXT_MAX - 1
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${text.slice(0, end)}…`
}

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>
}
