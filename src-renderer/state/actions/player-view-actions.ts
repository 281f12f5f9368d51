// The player view's actions: fog brushes and settings, secret doors shown or not, and what the
// players see of a token. Toggles are built from the campaign as main has it when the command
// goes out, so two quick clicks toggle twice (issue 12.2).
import type { CampaignEdge } from '@core/campaign/schema'
import type { Cell } from '@core/rules/model'
import { action, defineActions, mapCommand, mapIdOf } from './action'

function sameEdge([c, d]: readonly [Cell, Cell], a: Cell, b: Cell): boolean {
  const same = (p: Cell, q: Cell) => p[0] === q[0] && p[1] === q[1]
  return (same(c, a) && same(d, b)) || (same(c, b) && same(d, a))
}

export const playerViewActions = defineActions({
  'fog.reveal': mapCommand('fog.reveal', 'action.fog.reveal'),
  'fog.settings': mapCommand('fog.settings', 'action.fog.settings'),
  'fog.reset': mapCommand('fog.reset', 'pv.resetExplored'),
  'edge.toggleRevealed': action<{ mapId?: string; between: CampaignEdge['between'] }>({
    label: 'action.edge.toggleRevealed',
    enabled: (context, args) => mapIdOf(context, args) !== null,
    perform: (context, args) => {
      const { session } = context
      const mapId = mapIdOf(context, args)
      if (!mapId) return null
      const {
        between: [a, b],
      } = args
      return (campaign) => {
        const now = session.mapIn(campaign, mapId)?.edges.find((e) => sameEdge(e.between, a, b))
        if (!now) return null
        const { between, ...rest } = now
        return { type: 'edge.set', mapId, between, edge: { ...rest, revealed: !now.revealed } }
      }
    },
  }),
  'token.visibility': mapCommand('token.visibility', 'action.token.visibility'),
  'token.togglePrivate': action<{ mapId?: string; tokenId: string; stat: 'name' | 'states' }>({
    label: 'action.token.togglePrivate',
    enabled: (context, args) => mapIdOf(context, args) !== null,
    perform: (context, args) => {
      const { session } = context
      const mapId = mapIdOf(context, args)
      if (!mapId) return null
      const { tokenId, stat } = args
      return (campaign) => {
        const current =
          session.mapIn(campaign, mapId)?.tokens.find((tk) => tk.id === tokenId)?.privateStats ?? []
        const next = current.includes(stat) ? current.filter((s) => s !== stat) : [...current, stat]
        return { type: 'token.visibility', mapId, tokenId, privateStats: next }
      }
    },
  }),
})
