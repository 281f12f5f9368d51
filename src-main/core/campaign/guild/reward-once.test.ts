// Issue 25: 戦利金 is paid once a session. A second payment must be asked for as one (`again`),
// and a new session (End session) pays again normally. The guild's log is the record.
import { describe, expect, it } from 'vitest'
import { CommandError } from '../commands'
import type { Campaign, Command } from '../schema'
import { applyAllParsed, deepFreeze, makeCampaign } from '../test-helpers'
import { paymentsThisSession, paymentThisSession } from './reward-log'

const at = '2026-11-24T20:00:00.000Z'
const later = '2026-11-24T20:05:00.000Z'

function party(): Campaign {
  return applyAllParsed(
    deepFreeze(makeCampaign()),
    { type: 'guild.create', name: '銀の翼' },
    { type: 'guild.member.add', member: { id: 'ayu', name: 'アユ', cl: 3 } },
    { type: 'guild.member.add', member: { id: 'ben', name: 'ベン', cl: 8 } },
  )
}

const reward = (extra: Partial<Command> = {}): Command =>
  ({ type: 'guild.reward', at, memberIds: ['ayu', 'ben'], bonus: 0, ...extra }) as Command

const money = (campaign: Campaign) => campaign.guild!.members.map((m) => m.money)

describe('戦利金 once a session', () => {
  it('refuses a second payment in the same session, with its own reason', () => {
    const paid = applyAllParsed(party(), reward())
    expect(money(paid)).toEqual([1200, 5400])
    let refusal: unknown
    try {
      applyAllParsed(paid, reward({ at: later } as Partial<Command>))
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(CommandError)
    expect(refusal).toMatchObject({ reason: 'reward-already-paid', params: { at } })
    expect(paymentThisSession(paid.guild!)?.at).toBe(at)
  })

  it('pays a second time when asked to, and both payments stay listed', () => {
    const twice = applyAllParsed(
      party(),
      reward(),
      reward({ at: later, again: true } as Partial<Command>),
    )
    expect(money(twice)).toEqual([2400, 10800])
    expect(paymentsThisSession(twice.guild!).map((e) => e.at)).toEqual([at, later])
  })

  it('a new session pays again without being asked', () => {
    const next = applyAllParsed(
      party(),
      reward(),
      { type: 'guild.session.end', at: later },
      reward(),
    )
    expect(money(next)).toEqual([2400, 10800])
    expect(paymentsThisSession(next.guild!)).toHaveLength(1)
  })
})
