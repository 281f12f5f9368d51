// The fight's actions: the turn order (start, step, act, delay, ready, reorder, end), its display
// options, conditions on tokens and the roll log. PageDown and PageUp step the turns.
import { showWhoseTurn } from '../turn-step'
import { action, campaignCommand, defineActions, mapCommand } from './action'

/** "Next turn" and "Previous": the step, then the follow to whose turn it is (turn-step.ts). */
function step(by: 1 | -1, key: string) {
  return action({
    label: by > 0 ? 'turn.next' : 'turn.previous',
    shortcut: { context: 'board', keys: key, bindings: [{ key: key.toLowerCase() }] },
    enabled: ({ map }) => map?.fight !== undefined && map !== null,
    perform: ({ map }) =>
      map
        ? { type: by > 0 ? ('fight.next' as const) : ('fight.previous' as const), mapId: map.id }
        : null,
    after: ({ session, map }, _args, done) => {
      if (done && map) showWhoseTurn(session, map.id)
    },
  })
}

export const fightActions = defineActions({
  'turn.next': step(1, 'PageDown'),
  'turn.previous': step(-1, 'PageUp'),
  'fight.start': mapCommand('fight.start', 'action.fight.start'),
  'fight.add': mapCommand('fight.add', 'action.fight.add'),
  'fight.act': mapCommand('fight.act', 'action.fight.act'),
  'fight.trigger': mapCommand('fight.trigger', 'action.fight.trigger'),
  'fight.move': mapCommand('fight.move', 'action.fight.move'),
  'fight.remove': mapCommand('fight.remove', 'action.fight.remove'),
  'fight.delay': mapCommand('fight.delay', 'turn.delay'),
  'fight.ready': mapCommand('fight.ready', 'turn.ready'),
  'fight.end': mapCommand('fight.end', 'turn.end'),
  'fight.options': mapCommand('fight.options', 'action.fight.options'),
  'condition.add': mapCommand('condition.add', 'action.condition.add'),
  'condition.shown': mapCommand('condition.shown', 'condition.shown'),
  'condition.remove': mapCommand('condition.remove', 'condition.remove'),
  'roll.clear': campaignCommand('roll.clear', 'dice.clear'),
})
