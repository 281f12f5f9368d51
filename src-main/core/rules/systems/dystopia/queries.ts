// The dystopia query handlers other than `targets` (targets.ts). Each reads its fields with
// paths (args.ts), answers plain JSON, and lists cells sorted by y then x.
import type { Cell, TokenSpec } from '../../model'
import { ScenarioError, type Battle, type QueryHandlerOf, type SystemQueries } from '../../system'
import type { QueryAnswer, QueryName } from '../../queries'
import {
  at,
  readCell,
  readInteger,
  readOptionalString,
  readToken,
  missing,
  type Query,
} from './args'
import { manhattan, sameCell } from './geometry'
import {
  deploySquares,
  emptyOf,
  frontRow,
  incapacitatePlacements,
  knockbackByOther,
  knockbackSelf,
  MOVE_MODES,
  moveDestinations,
  toTargetSquare,
  type MoveMode,
} from './movement'
import { findSkillOverride, skillOverrideName } from './skills'
import { hasRoom, loadState, MAX_UNITS_PER_SQUARE, type DystopiaState } from './state'
import { targets } from './targets'
import type { DystopiaReason } from './reasons'

function readMode(query: Query): MoveMode {
  const mode = query.mode
  if (mode === undefined)
    throw missing(
      'mode',
      '"sub" (サブアクション, 1 square) or "main" (メインアクション, 2 squares)',
    )
  if (mode !== 'sub' && mode !== 'main') {
    throw new ScenarioError(
      'unknown-mode',
      `dystopia moves are "sub" (1 square) or "main" (2 squares); got ${JSON.stringify(mode)}`,
      at('mode'),
    )
  }
  return mode
}

/** An optional chosen destination `to`, checked against the allowed squares. */
function checkDestination(
  state: DystopiaState,
  query: Query,
  allowed: readonly Cell[],
  mover: TokenSpec,
  what: string,
): void {
  if (query.to === undefined) return
  const to = readCell(state, query, 'to')
  if (allowed.some((c) => sameCell(c, to))) return
  const why = !hasRoom(state, to, mover)
    ? `square [${to.join(', ')}] already holds ${MAX_UNITS_PER_SQUARE} units (1マスの人数制限は4体まで)`
    : `square [${to.join(', ')}] is not a square ${what} allows`
  throw new ScenarioError('illegal-destination', why, at('to'))
}

function distance(state: DystopiaState, query: Query) {
  const from = readCell(state, query, 'from')
  const to = readCell(state, query, 'to')
  return { distance: manhattan(from, to), unit: 'squares' as const }
}

function reach(state: DystopiaState, query: Query) {
  const unit = readToken(state, query, 'token')
  const steps = MOVE_MODES[readMode(query)]
  return { cells: moveDestinations(state, unit, steps) }
}

/**
 * One orthogonal route, east-west first: nothing on a DysTopiA board blocks a step, so the route
 * only matters for display and every route of the same length is as good.
 */
function path(state: DystopiaState, query: Query) {
  const unit = readToken(state, query, 'token')
  const steps = MOVE_MODES[readMode(query)]
  const to = readCell(state, query, 'to')
  const cost = manhattan(unit.at, to)
  if (cost === 0) return { reachable: false as const, reason: 'start' satisfies DystopiaReason }
  if (cost > steps)
    return {
      reachable: false as const,
      reason: 'out-of-reach' satisfies DystopiaReason,
      distance: cost,
      covers: steps,
    }
  if (!hasRoom(state, to, unit)) {
    return {
      reachable: false as const,
      // 1マスの人数制限は4体まで
      reason: 'square-full' satisfies DystopiaReason,
    }
  }
  const route: { at: Cell; cost: number; action: 'move' }[] = []
  let [x, y] = unit.at
  while (x !== to[0] || y !== to[1]) {
    if (x !== to[0]) x += Math.sign(to[0] - x)
    else y += Math.sign(to[1] - y)
    route.push({ at: [x, y], cost: route.length + 1, action: 'move' })
  }
  return { reachable: true as const, cost, steps: route, checks: [], provokes: [] }
}

function frontRowQuery(state: DystopiaState, query: Query) {
  if (query.token === undefined && query.faction !== undefined) {
    return { cells: frontRow(state, readOptionalString(query, 'faction') as string) }
  }
  return { cells: frontRow(state, readToken(state, query, 'token').faction) }
}

function knockback(state: DystopiaState, query: Query) {
  const target = readToken(state, query, 'token')
  const by = readToken(state, query, 'by')
  const x = readInteger(query, 'x', 0, 10)
  const self = by.id === target.id
  const cells = self ? knockbackSelf(state, target, x) : knockbackByOther(state, target, x)
  checkDestination(
    state,
    query,
    cells,
    target,
    self ? 'this self-inflicted BS:KB proposes' : `BS:KB(${x})`,
  )
  return { cells, chooser: self ? 'gm' : 'by' }
}

function incapacitate(state: DystopiaState, query: Query) {
  const target = readToken(state, query, 'token')
  const by = readToken(state, query, 'by')
  const self = by.id === target.id
  const cells = incapacitatePlacements(state, target, self)
  checkDestination(
    state,
    query,
    cells,
    target,
    self ? '(a self-inflicted 戦闘不能 does not move the unit)' : '戦闘不能 placement',
  )
  return { cells, chooser: self ? 'none' : 'by' }
}

function deploy(state: DystopiaState, query: Query) {
  if (query.token !== undefined) {
    const unit = readToken(state, query, 'token')
    return { cells: deploySquares(state, unit.faction, unit) }
  }
  const faction = readOptionalString(query, 'faction')
  if (faction === undefined)
    throw missing('faction', 'the faction whose deploy squares to list (or "token")')
  return { cells: deploySquares(state, faction) }
}

function skillMove(state: DystopiaState, query: Query) {
  const unit = readToken(state, query, 'token')
  const name = readOptionalString(query, 'skill')
  if (name === undefined) throw missing('skill', 'a skill name such as WR《音速閃》')
  const move = findSkillOverride(state.skills, name)?.move
  if (!move) {
    throw new ScenarioError(
      'no-skill-move',
      `the exception table has no movement rule for ${JSON.stringify(name)}`,
      at('skill'),
    )
  }
  if (move.kind === 'to-target-square') {
    const target = readToken(state, query, 'target')
    const cells = toTargetSquare(state, unit, target)
    return { cells, suggested: cells }
  }
  const cells = moveDestinations(state, unit, move.steps).map((c) => c.at)
  return { cells, suggested: move.preferEmpty ? emptyOf(state, cells) : cells }
}

function skills(state: DystopiaState) {
  return { skills: state.skills.map((entry) => ({ name: skillOverrideName(entry), ...entry })) }
}

function handler<Q extends QueryName>(
  run: (state: DystopiaState, query: Query) => QueryAnswer<Q>,
): QueryHandlerOf<Q> {
  return (battle: Battle, query: Query) => run(loadState(battle), query)
}

export const dystopiaQueries: SystemQueries = {
  distance: handler(distance),
  reach: handler(reach),
  path: handler(path),
  targets: handler(targets),
  'front-row': handler(frontRowQuery),
  knockback: handler(knockback),
  incapacitate: handler(incapacitate),
  deploy: handler(deploy),
  'skill-move': handler(skillMove),
  skills: handler(skills),
}
