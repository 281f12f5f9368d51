// What the table screen calls each token it was sent (issue 23): a named token by its name, with
// its GM label or initials in the disc; a token whose name players do not know by its side and
// number in the page's language ("Enemy 3" / 「敵3」, disc "E3" / 「敵3」). Pure.
import type { PlayerToken } from '@core/table/player-view-schema'
import type { MessageKey, MessageParams } from '../lib/i18n'
import { tokenLabels } from '../lib/token-labels'

export interface TableName {
  /** The full name shown beside the token, in the banner, the order and the roll log. */
  name: string
  /** The short label inside the disc. */
  label: string
}

type Translate = (key: MessageKey, params?: MessageParams) => string

export function tableNames(tokens: readonly PlayerToken[], t: Translate): Map<string, TableName> {
  const out = new Map<string, TableName>()
  for (const token of tokens) {
    if (token.name !== undefined) continue
    const n = token.number ?? 0
    const party = token.side === 'party'
    out.set(token.id, {
      name: t(party ? 'table.ally' : 'table.enemy', { n }),
      label: t(party ? 'table.allyLabel' : 'table.enemyLabel', { n }),
    })
  }
  // A named token's label keeps clear of the generic ones: "Elf 3" is "El3" beside "E3" (Enemy 3).
  const named = tokens.filter((token) => token.name !== undefined)
  const labels = tokenLabels(
    named.map((token) => ({ id: token.id, name: token.name!, label: token.label })),
    [...out.values()].map((each) => each.label),
  )
  for (const token of named)
    out.set(token.id, { name: token.name!, label: labels.get(token.id) ?? '?' })
  return new Map(tokens.map((token) => [token.id, out.get(token.id)!]))
}
