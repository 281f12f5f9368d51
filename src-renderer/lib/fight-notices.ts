// What a turn change means for the GM's notice list (issue 25): conditions that ended and delays
// that lapsed, read from the campaign before and after an edit. Pure, so it is tested without a
// page. Undo and redo say nothing: the GM did not play a turn.
import type { Campaign, CampaignMap } from '@core/campaign/schema'
import type { MessageKey, MessageParams } from './i18n'

export interface FightNotice {
  tone: 'info' | 'warn'
  key: MessageKey
  params: MessageParams
}

const TURN_CHANGES = new Set(['fight.next', 'fight.delay', 'fight.ready'])

export function fightNotices(
  before: Campaign,
  after: Campaign,
  cause: { type: string },
): FightNotice[] {
  if (!TURN_CHANGES.has(cause.type)) return []
  const out: FightNotice[] = []
  for (const map of after.maps) {
    const was = before.maps.find((m) => m.id === map.id)
    if (!was || was === map || !map.fight) continue
    out.push(...mapNotices(was, map))
  }
  return out
}

function mapNotices(was: CampaignMap, map: CampaignMap): FightNotice[] {
  const fight = map.fight!
  const nameOf = (id: string): string => map.tokens.find((t) => t.id === id)?.name || id
  const out: FightNotice[] = []
  if (fight.expired.length > 0 && fight.expired !== was.fight?.expired) {
    const list = fight.expired.map((c) => `${nameOf(c.tokenId)}: ${c.name}`).join(', ')
    out.push({ tone: 'info', key: 'notice.conditionsEnded', params: { list } })
  }
  // A delayer whose place came round again acts (003): out of `delaying` with no 「Act now」.
  for (const id of was.fight?.delaying ?? []) {
    if (!fight.delaying.includes(id) && fight.order.some((c) => c.tokenId === id))
      out.push({ tone: 'warn', key: 'notice.delayLapsed', params: { name: nameOf(id) } })
  }
  return out
}
