// Helpers shared by the guild book's panels: ids for new entries and the 戦利金 preview, which
// uses the same pure arithmetic main applies when the GM confirms.
import { computeReward, RewardError, type Reward } from '@core/campaign/guild/reward'
import type { Guild, GuildMember } from '@core/campaign/guild/schema'
import type { MessageKey, MessageParams } from '../../lib/i18n'

export type Translate = (key: MessageKey, params?: MessageParams) => string

export { newId } from '../../lib/ids'

export function nowIso(): string {
  return new Date().toISOString()
}

export function today(): string {
  const now = new Date()
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export type RewardLine =
  | { member: GuildMember; ok: true; reward: Reward; formula: string }
  | { member: GuildMember; ok: false; cl: number }

/** What each PC would get, with the arithmetic spelled out as the seed's table reads. */
export function rewardLines(
  guild: Guild,
  members: readonly GuildMember[],
  bonus: number,
): RewardLine[] {
  return members.map((member) => {
    try {
      const reward = computeReward({
        cl: member.cl,
        bonus,
        fame: guild.fame,
        connoisseur: guild.connoisseur,
        treasureMania: member.treasureMania,
      })
      const coefficient =
        reward.bonus > 0 ? `(${reward.coefficient}+${reward.bonus})` : `${reward.coefficient}`
      const base = `(${member.cl}+1)×${coefficient}G = ${reward.base}G`
      const formula =
        reward.percent > 0 ? `${base} × ${100 + reward.percent}% = ${reward.amount}G` : base
      return { member, ok: true, reward, formula }
    } catch (error) {
      if (error instanceof RewardError) return { member, ok: false, cl: member.cl }
      throw error
    }
  })
}
