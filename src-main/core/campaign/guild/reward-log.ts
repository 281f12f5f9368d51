// What the guild's log says about 戦利金 already paid (issue 25): the log is the record, so the
// page and main agree on it without a field of their own. A session runs from the last
// 「End session」 line (kind 'session') to now.
import type { Guild, GuildLogEntry } from './schema'

/** Every 戦利金 paid in the running session, oldest first. */
export function paymentsThisSession(guild: Pick<Guild, 'log'>): GuildLogEntry[] {
  const paid: GuildLogEntry[] = []
  for (let i = guild.log.length - 1; i >= 0; i--) {
    const entry = guild.log[i]
    if (entry.kind === 'session') break
    if (entry.kind === 'reward') paid.unshift(entry)
  }
  return paid
}

/** The first 戦利金 paid in the running session, or null. */
export function paymentThisSession(guild: Pick<Guild, 'log'>): GuildLogEntry | null {
  return paymentsThisSession(guild)[0] ?? null
}
