import { describe, expect, it } from 'vitest'
import { CommandError } from '../commands'
import { migrateToCurrent } from '../../../campaign/migrations'
import { commandSchema, CURRENT_SCHEMA_VERSION, type Campaign, type Command } from '../schema'
import { applyAllParsed, deepFreeze, makeCampaign, makeMap } from '../test-helpers'
import { GUILD_LOG_MAX, GUILD_LOG_TEXT_MAX, guildSchema } from './schema'

const at = '2026-11-24T20:00:00.000Z'

/** The party: PCs at CL 3, 8 and 14. */
function party(): Campaign {
  return applyAllParsed(
    deepFreeze(makeCampaign()),
    { type: 'guild.create', name: '銀の翼' },
    { type: 'guild.member.add', member: { id: 'ayu', name: 'アユ', cl: 3 } },
    { type: 'guild.member.add', member: { id: 'ben', name: 'ベン', cl: 8, money: 100 } },
    { type: 'guild.member.add', member: { id: 'cho', name: 'チョウ', cl: 14 } },
  )
}

describe('guild book commands', () => {
  it('create a guild only in a campaign with an Arianrhod map, once', () => {
    const noArianrhod = makeCampaign({ maps: [makeMap({ system: 'pathfinder' })] })
    expect(() => applyAllParsed(noArianrhod, { type: 'guild.create', name: 'G' })).toThrow(
      CommandError,
    )
    const guild = party().guild!
    expect(guild).toMatchObject({
      name: '銀の翼',
      level: 1,
      funds: 0,
      session: 1,
      ruleMasterId: null,
    })
    expect(guild.lootTable).toHaveLength(11)
    expect(() => applyAllParsed(party(), { type: 'guild.create', name: 'again' })).toThrow(
      /already has a guild/,
    )
  })

  it('refuse unknown keys, blank names and a bonus over 200 G at the schema', () => {
    expect(() => commandSchema.parse({ type: 'guild.create', name: '  ' })).toThrow()
    expect(() => commandSchema.parse({ type: 'guild.create', name: 'G', extra: 1 })).toThrow()
    expect(() =>
      commandSchema.parse({ type: 'guild.reward', at, memberIds: ['a'], bonus: 300 }),
    ).toThrow()
  })

  it('冒険の一区切り: every PC +1 CL (absent ones too), GL +1, one held pick each', () => {
    const absent = applyAllParsed(party(), {
      type: 'guild.attendance',
      memberId: 'cho',
      attendance: 'absent',
    })
    const after = applyAllParsed(absent, { type: 'guild.milestone', at })
    expect(after.guild!.members.map((m) => [m.cl, m.pendingPicks])).toEqual([
      [4, 1],
      [9, 1],
      [15, 1],
    ])
    expect(after.guild!.level).toBe(2)
    // 「保留し、次の成長のタイミングでいっきに」: picks accumulate.
    const twice = applyAllParsed(after, { type: 'guild.milestone', at })
    expect(twice.guild!.members[0].pendingPicks).toBe(2)
    const picked = applyAllParsed(
      twice,
      { type: 'guild.pick', memberId: 'ayu', skill: 'ハイHPポーション作成' },
      { type: 'guild.pick', memberId: 'ayu', connections: ['ギルド長', '酒場の主人'] },
      { type: 'guild.connection', memberId: 'ayu', name: '衛兵' },
    )
    const ayu = picked.guild!.members[0]
    expect(ayu).toMatchObject({
      pendingPicks: 0,
      skills: ['ハイHPポーション作成'],
      heldConnections: 2,
    })
    expect(ayu.connections).toEqual(['ギルド長', '酒場の主人', '衛兵'])
    expect(() =>
      applyAllParsed(picked, { type: 'guild.pick', memberId: 'ayu', skill: 'x' }),
    ).toThrow(/no general-skill pick/)
  })

  it("戦利金 with 《名声》 and チョウ's 《トレジャーマニア》 credits (3+1)×300×1.1, (8+1)×600×1.1, (14+1)×1200×1.2", () => {
    const start = applyAllParsed(
      party(),
      { type: 'guild.update', fame: true },
      { type: 'guild.member.update', memberId: 'cho', patch: { treasureMania: true } },
    )
    const paid = applyAllParsed(start, {
      type: 'guild.reward',
      at,
      memberIds: ['ayu', 'ben', 'cho'],
      bonus: 0,
      scenario: '灰色の塔',
    })
    // 1200 × 110 % = 1320; 5400 × 110 % = 5940 (+100 already held); 18000 × 120 % = 21600.
    expect(paid.guild!.members.map((m) => m.money)).toEqual([1320, 6040, 21600])
    const entry = paid.guild!.log.at(-1)!
    expect(entry).toMatchObject({ kind: 'reward', seq: 1 })
    expect(entry.amounts).toEqual([
      { memberId: 'ayu', amount: 1320 },
      { memberId: 'ben', amount: 5940 },
      { memberId: 'cho', amount: 21600 },
    ])
    expect(start.guild!.members.map((m) => m.money)).toEqual([0, 100, 0])
  })

  it('戦利金 for a CL outside the table is refused with the PC named, crediting nobody', () => {
    const high = applyAllParsed(party(), {
      type: 'guild.member.update',
      memberId: 'cho',
      patch: { cl: 19 },
    })
    expect(() =>
      applyAllParsed(high, { type: 'guild.reward', at, memberIds: ['ayu', 'cho'], bonus: 0 }),
    ).toThrow(/チョウ.*CL 1–18/)
  })

  it('rule guild master: chosen among present PCs, locked until the session ends or that PC leaves', () => {
    const chosen = applyAllParsed(party(), { type: 'guild.master', memberId: 'ben' })
    expect(() => applyAllParsed(chosen, { type: 'guild.master', memberId: 'ayu' })).toThrow(
      /locked/,
    )
    const left = applyAllParsed(chosen, {
      type: 'guild.attendance',
      memberId: 'ben',
      attendance: 'absent',
    })
    expect(left.guild!.ruleMasterId).toBeNull()
    expect(
      applyAllParsed(left, { type: 'guild.master', memberId: 'ayu' }).guild!.ruleMasterId,
    ).toBe('ayu')
    expect(() => applyAllParsed(left, { type: 'guild.master', memberId: 'ben' })).toThrow(/present/)
    const ended = applyAllParsed(chosen, { type: 'guild.session.end', at })
    expect(ended.guild).toMatchObject({ ruleMasterId: null, session: 2 })
    expect(
      applyAllParsed(ended, { type: 'guild.master', memberId: 'ayu' }).guild!.ruleMasterId,
    ).toBe('ayu')
  })

  it('「変更することはできない」: clearing a locked rule guild master is refused too (undo is the way back from a slip)', () => {
    const chosen = applyAllParsed(party(), { type: 'guild.master', memberId: 'ben' })
    expect(() => applyAllParsed(chosen, { type: 'guild.master', memberId: null })).toThrow(/locked/)
    expect(
      applyAllParsed(chosen, { type: 'guild.master', memberId: 'ben' }).guild!.ruleMasterId,
    ).toBe('ben')
    expect(
      applyAllParsed(party(), { type: 'guild.master', memberId: null }).guild!.ruleMasterId,
    ).toBeNull()
  })

  it('attendance per session: ending a session logs who was present, late and absent, then everyone starts present', () => {
    const ended = applyAllParsed(
      party(),
      { type: 'guild.attendance', memberId: 'ayu', attendance: 'late' },
      { type: 'guild.attendance', memberId: 'cho', attendance: 'absent' },
      { type: 'guild.session.end', at },
    )
    expect(ended.guild!.log.at(-1)).toMatchObject({
      kind: 'session',
      text: 'Session 1 ended — 出席 present: ベン; 遅刻 late: アユ; 欠席 absent: チョウ',
    })
    expect(ended.guild!.members.map((m) => m.attendance)).toEqual(['present', 'present', 'present'])
  })

  it('a log line naming many long-named PCs is shortened to what the file keeps (issue 27)', () => {
    const names = Array.from({ length: 12 }, (_, i) => `${'𠮷'.repeat(99)}${i}`)
    const crowded = applyAllParsed(
      party(),
      ...names.map((name, i): Command => ({
        type: 'guild.member.add',
        member: { id: `pc-${i}`, name, cl: 3 },
      })),
      { type: 'guild.session.end', at },
    )
    const text = crowded.guild!.log.at(-1)!.text
    expect(text.length).toBeLessThanOrEqual(GUILD_LOG_TEXT_MAX)
    expect(text.endsWith('…')).toBe(true)
    // Never half of a character (𠮷 is two UTF-16 units).
    expect(text).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    )
    expect(guildSchema.safeParse(crowded.guild).success).toBe(true)
  })

  it('the log keeps its newest 100,000 lines: the oldest make room (issue 27)', () => {
    const start = party()
    const log = Array.from({ length: GUILD_LOG_MAX }, (_, i) => ({
      seq: i + 1,
      at,
      kind: 'item' as const,
      text: `line ${i + 1}`,
    }))
    const full = { ...start, guild: { ...start.guild!, log } }
    const after = applyAllParsed(full, { type: 'guild.milestone', at })
    expect(after.guild!.log).toHaveLength(GUILD_LOG_MAX)
    expect(after.guild!.log[0].text).toBe('line 2')
    expect(after.guild!.log.at(-1)).toMatchObject({ seq: GUILD_LOG_MAX + 1, kind: 'milestone' })
  })

  it('supports: acquired vs selected, and a use counter that cannot pass its maximum', () => {
    const g = applyAllParsed(
      party(),
      { type: 'guild.support.add', support: { id: 's1', name: '名声' } },
      { type: 'guild.support.add', support: { id: 's2', name: '蘇生', maxUses: 1 } },
      { type: 'guild.support.update', supportId: 's2', selected: true, used: 1 },
    )
    expect(g.guild!.supports).toEqual([
      { id: 's1', name: '名声', selected: false },
      { id: 's2', name: '蘇生', selected: true, uses: { max: 1, used: 1 } },
    ])
    expect(() =>
      applyAllParsed(g, { type: 'guild.support.update', supportId: 's2', used: 2 }),
    ).toThrow(/at most 1/)
    expect(() =>
      applyAllParsed(g, { type: 'guild.support.update', supportId: 's1', used: 1 }),
    ).toThrow()
  })

  it('items: found into storage, moved to a pack and back with history lines, sold into guild funds', () => {
    const found = applyAllParsed(party(), {
      type: 'guild.item.add',
      at,
      item: { id: 'i1', name: 'MPポーション', quantity: 2 },
      source: '2D6 = 7',
    })
    expect(found.guild!.items).toEqual([
      { id: 'i1', name: 'MPポーション', quantity: 2, holderId: null },
    ])
    const moved = applyAllParsed(
      found,
      { type: 'guild.item.move', at, itemId: 'i1', to: 'ayu' },
      { type: 'guild.item.move', at, itemId: 'i1', to: null },
    )
    expect(moved.guild!.log.map((e) => e.text)).toEqual([
      '+ MPポーション ×2 → 収納庫 (2D6 = 7)',
      'MPポーション: 収納庫 → アユ',
      'MPポーション: アユ → 収納庫',
    ])
    const sold = applyAllParsed(moved, { type: 'guild.item.sell', at, itemId: 'i1', price: 150 })
    expect(sold.guild!.items).toEqual([])
    expect(sold.guild!.funds).toBe(150)
  })

  it("loans move money between PCs and back when repaid; refused beyond the lender's purse", () => {
    const lent = applyAllParsed(party(), {
      type: 'guild.loan.add',
      at,
      loan: { id: 'l1', lenderId: 'ben', borrowerId: 'ayu', amount: 60, date: '2026-11-24' },
    })
    expect(lent.guild!.members.map((m) => m.money)).toEqual([60, 40, 0])
    expect(() => applyAllParsed(lent, { type: 'guild.member.remove', memberId: 'ayu' })).toThrow(
      /open loan/,
    )
    const repaid = applyAllParsed(lent, {
      type: 'guild.loan.repay',
      at,
      loanId: 'l1',
      date: '2026-11-30',
    })
    expect(repaid.guild!.members.map((m) => m.money)).toEqual([0, 100, 0])
    expect(repaid.guild!.loans[0].repaidOn).toBe('2026-11-30')
    expect(() =>
      applyAllParsed(repaid, { type: 'guild.loan.repay', at, loanId: 'l1', date: '2026-11-30' }),
    ).toThrow(/already/)
    expect(() =>
      applyAllParsed(party(), {
        type: 'guild.loan.add',
        at,
        loan: { id: 'l2', lenderId: 'ayu', borrowerId: 'ben', amount: 1, date: '2026-11-24' },
      }),
    ).toThrow(/less than/)
  })

  it('the loot table is editable one row at a time', () => {
    const edited = applyAllParsed(party(), { type: 'guild.loot.row', roll: 7, text: 'エリクサー' })
    expect(edited.guild!.lootTable[5]).toBe('エリクサー')
    expect(edited.guild!.lootTable[4]).toBe('HPポーション')
  })

  it('a version-1 file opens as version 2 with no guild', () => {
    const migrated = migrateToCurrent({ ...makeCampaign(), schemaVersion: 1 })
    expect(migrated.schemaVersion).toBe(CURRENT_SCHEMA_VERSION)
    expect(migrated.guild).toBeUndefined()
  })
})
