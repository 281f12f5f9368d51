// The map editor's actions that change the campaign: maps, the map picture, notes, lights, traps
// and tokens, plus history and save. Fields that build on what a record holds (HP, states, a
// trap's note) are read from the campaign as main has it when the command goes out (issue 12.2).
import { TOKEN_STATES, type MovementState } from '@core/rules/model'
import type { Command } from '@core/campaign/schema'
import { action, defineActions, mapCommand, mapIdOf } from './action'

type TokenUpdate = Extract<Command, { type: 'token.update' }>

export const editorActions = defineActions({
  'history.undo': action({
    label: 'toolbar.undo',
    shortcut: {
      context: 'app',
      keys: 'Ctrl+Z',
      bindings: [{ key: 'z', primary: true, shift: false }],
    },
    enabled: ({ session }) => session.canUndo,
    perform: ({ session }) => session.undo(),
  }),
  'history.redo': action({
    label: 'toolbar.redo',
    shortcut: {
      context: 'app',
      keys: 'Ctrl+Shift+Z / Ctrl+Y',
      bindings: [
        { key: 'z', primary: true, shift: true },
        { key: 'y', primary: true, shift: false },
      ],
    },
    enabled: ({ session }) => session.canRedo,
    perform: ({ session }) => session.redo(),
  }),
  'campaign.save': action({
    label: 'toolbar.save',
    perform: ({ session }) => session.save(),
  }),

  'map.add': action<{ map: Extract<Command, { type: 'map.add' }>['map'] }>({
    label: 'action.map.add',
    enabled: ({ session }) => session.campaign !== null,
    perform: (_context, { map }) => ({ type: 'map.add', map }),
    after: ({ session }, { map }) => {
      // Selected once main has it (a refused map is not there to select).
      if (session.campaign?.maps.some((m) => m.id === map.id)) session.selectMap(map.id)
    },
  }),
  'map.update': mapCommand('map.update', 'action.map.update'),
  'map.remove': mapCommand('map.remove', 'action.map.remove'),
  'map.notes': mapCommand('map.notes', 'action.map.notes'),
  'map.art': mapCommand('map.art', 'action.map.art'),
  'map.artAlign': mapCommand('map.artAlign', 'action.map.artAlign'),

  'light.ambient': mapCommand('light.ambient', 'action.light.ambient'),
  'light.update': mapCommand('light.update', 'action.light.update'),
  'light.remove': action<{ mapId?: string; lightId: string }>({
    label: 'action.light.remove',
    enabled: (context, args) => mapIdOf(context, args) !== null,
    perform: (context, args) => {
      const { session } = context
      const mapId = mapIdOf(context, args)
      if (!mapId) return null
      const { lightId } = args
      if (session.editor.selectedLight === lightId) session.editor.selectedLight = null
      return { type: 'light.remove', mapId, lightId }
    },
  }),

  /** trap.set replaces the whole trap: built from the trap as main has it when the command goes out. */
  'trap.edit': action<{ mapId?: string; trapId: string; patch: { name?: string; notes?: string } }>(
    {
      label: 'action.trap.edit',
      enabled: (context, args) => mapIdOf(context, args) !== null,
      perform: (context, args) => {
        const { session } = context
        const mapId = mapIdOf(context, args)
        if (!mapId) return null
        const { trapId, patch } = args
        return (campaign) => {
          const trap = session.mapIn(campaign, mapId)?.traps?.find((each) => each.id === trapId)
          if (!trap) return null
          const next = { ...trap, ...patch }
          if (next.notes === '') delete next.notes
          return { type: 'trap.set', mapId, trap: next }
        }
      },
    },
  ),
  'trap.remove': action<{ mapId?: string; trapId: string }>({
    label: 'action.trap.remove',
    enabled: (context, args) => mapIdOf(context, args) !== null,
    perform: (context, args) => {
      const { session } = context
      const mapId = mapIdOf(context, args)
      if (!mapId) return null
      const { trapId } = args
      if (session.editor.selectedTrap === trapId) session.editor.selectedTrap = null
      return { type: 'trap.remove', mapId, trapId }
    },
  }),

  'token.update': mapCommand('token.update', 'action.token.update'),
  'token.remove': action<{ mapId?: string; tokenId: string }>({
    label: 'action.token.remove',
    enabled: (context, args) => mapIdOf(context, args) !== null,
    perform: (context, args) => {
      const { session } = context
      const mapId = mapIdOf(context, args)
      if (!mapId) return null
      const { tokenId } = args
      if (session.focus.selectedTokenId === tokenId) session.focus.select(null)
      return { type: 'token.remove', mapId, tokenId }
    },
  }),
  /**
   * HP bar fields (issue 12.16): whole numbers, a maximum of at least 1. Typing the current HP of a
   * token without a bar starts one at that maximum; clearing the maximum removes the bar.
   */
  'token.hp': action<{
    mapId?: string
    tokenId: string
    which: 'current' | 'max'
    value: number | null
  }>({
    label: 'action.token.hp',
    enabled: (context, args) => mapIdOf(context, args) !== null,
    perform: (context, args) => {
      const { session } = context
      const mapId = mapIdOf(context, args)
      if (!mapId) return null
      const { tokenId, which, value } = args
      return (campaign): TokenUpdate | null => {
        const hp = session.mapIn(campaign, mapId)?.tokens.find((tk) => tk.id === tokenId)?.hp
        if (value === null) {
          if (which === 'max' || !hp)
            return { type: 'token.update', mapId, tokenId, patch: {}, clear: ['hp'] }
          return null
        }
        const base = hp ?? { current: value, max: Math.max(1, value) }
        return { type: 'token.update', mapId, tokenId, patch: { hp: { ...base, [which]: value } } }
      }
    },
  }),
  /** One movement state on or off; every other state the token holds stays (stunned too). */
  'token.state': action<{ mapId?: string; tokenId: string; state: MovementState; on: boolean }>({
    label: 'action.token.state',
    enabled: (context, args) => mapIdOf(context, args) !== null,
    perform: (context, args) => {
      const { session } = context
      const mapId = mapIdOf(context, args)
      if (!mapId) return null
      const { tokenId, state, on } = args
      return (campaign): TokenUpdate => {
        const now =
          session.mapIn(campaign, mapId)?.tokens.find((tk) => tk.id === tokenId)?.states ?? []
        const next = TOKEN_STATES.filter((s) => (s === state ? on : now.includes(s)))
        return {
          type: 'token.update',
          mapId,
          tokenId,
          patch: next.length ? { states: next } : {},
          ...(next.length ? {} : { clear: ['states' as const] }),
        }
      }
    },
  }),
})
