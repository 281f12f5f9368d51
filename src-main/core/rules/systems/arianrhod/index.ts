// Arianrhod RPG 2E グリッドルール (shared/seeds/000_*.txt) as a RuleSystem: the spec's queries
// plus this system's extra ones (documented in src-main/core/rules/README.md).
import type { Cell } from '../../model'
import type { Battle, QueryHandlerOf, RuleSystem } from '../../system'
import { ScenarioError } from '../../system'
import { fieldOfView } from '../../grid/vision'
import type { LineReach } from '../../grid/line-reach'
import {
  isCell,
  readBoolean,
  readCell,
  readEnum,
  readMode,
  readNumber,
  readOptionalToken,
  readToken,
} from '../../scenario/query'
import type { RangeSpec } from './combat'
import { darknessDice, diceAt, lightEffects, lightLevel, litThroughout } from './light'
import {
  PROTECT_RANGE,
  areaOf,
  coverBetween,
  coverReactionDice,
  flankingPairs,
  reachCells,
  tooDarkBeyondReach,
  edgesAround,
  targetsOf,
} from './combat'
import { Field, sortIds, type ArToken } from './field'
import { ORTHOGONAL_STEP, distance } from './metric'
import type { MovePlan } from './movement'
import { MOVE_MODES, describePath, fallOf, planMove } from './movement'
import { boardingOf, dismountOf, forcedMoveOf, trapReachOf } from './placement'
import { roomsOf } from './rooms'
import { ARIANRHOD_LIGHT_EFFECTS, ARIANRHOD_REASONS, type ArianrhodReason } from './reasons'
import { ARIANRHOD_FACTS } from './facts'
import { darkFogSight } from './fog-sight'
import { arianrhodOccupancy } from './occupancy'

type Query = Readonly<Record<string, unknown>>

const fields = new WeakMap<Battle, Field>()
function fieldOf(battle: Battle): Field {
  let field = fields.get(battle)
  if (!field) {
    field = new Field(battle)
    fields.set(battle, field)
  }
  return field
}

function cellList(field: Field, cells: Iterable<number>): Cell[] {
  return [...cells].sort((a, b) => a - b).map((c) => field.grid.cellOf(c))
}

function planExtras(plan: MovePlan) {
  return {
    lost: plan.lost,
    ...(plan.startChecks.length > 0 ? { checks: plan.startChecks } : {}),
    ...(plan.startFall ? { fall: plan.startFall } : {}),
  }
}

function readRange(query: Query, fallback: RangeSpec | undefined): RangeSpec {
  const value = query.range
  if (value === undefined && fallback !== undefined) return fallback
  if (value === 'reach' || value === 'scene') return value
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value
  throw new ScenarioError(
    'invalid-query',
    'query.range must be metres (a number ≥ 0), "reach" (至近) or "scene" (シーン)',
    '/query/range',
  )
}

const reach: QueryHandlerOf<'reach'> = (battle, query) => {
  const field = fieldOf(battle)
  const mover = field.token(readToken(battle, query, 'token'))
  const plan = planMove(field, mover, readMode(query, MOVE_MODES))
  if (!plan.allowed || !plan.search)
    return { cells: [], allowed: false, reason: plan.reason, lost: plan.lost }
  const cells = plan.search
    .reach({ excludeStarts: true })
    .map((r) => ({ at: field.grid.cellOf(r.cell), cost: r.cost }))
  return { cells, allowed: true, ...planExtras(plan) }
}

const path: QueryHandlerOf<'path'> = (battle, query) => {
  const field = fieldOf(battle)
  const mover = field.token(readToken(battle, query, 'token'))
  const to = readCell(battle, query, 'to')
  const plan = planMove(field, mover, readMode(query, MOVE_MODES))
  if (!plan.allowed || !plan.search) return { reachable: false, reason: plan.reason }
  const target = field.grid.index(to[0], to[1])
  if (target === mover.cell) return { reachable: false, reason: 'start' satisfies ArianrhodReason }
  const found = describePath(field, mover, plan, target)
  if (!found) {
    const grid = field.grid
    const reason: ArianrhodReason = grid.isSolid(target)
      ? 'solid'
      : grid.isPit(target) && !mover.flying
        ? 'pit'
        : field.occupiedByOthers(target, mover)
          ? 'occupied'
          : 'out-of-reach'
    return { reachable: false, reason }
  }
  return {
    reachable: true,
    cost: found.cost,
    steps: found.steps,
    checks: found.checks,
    provokes: [],
    lost: plan.lost,
    ...(plan.startFall ? { fall: plan.startFall } : {}),
    ...(found.falls.length > 0 ? { falls: found.falls } : {}),
    ...(found.loses.length > 0 ? { loses: found.loses } : {}),
  }
}

const zoc: QueryHandlerOf<'zoc'> = (battle, query) => {
  const field = fieldOf(battle)
  const token = field.token(readToken(battle, query, 'token'))
  return { cells: cellList(field, field.zocOf(token)), blockaded: field.blockadesZoc(token) }
}

const cover: QueryHandlerOf<'cover'> = (battle, query) => {
  const field = fieldOf(battle)
  const from = field.token(readToken(battle, query, 'from'))
  const to = field.token(readToken(battle, query, 'to'))
  const attack = readEnum(query, 'attack', ['ranged', 'melee'] as const, 'ranged')
  const scene = query.range === 'scene'
  const result = scene ? 'none' : coverBetween(field.grid, from.cell, to.cell)
  const insideReach = reachCells(field, from.cell).includes(to.cell)
  // Why the target cannot be chosen, the rule the GM most needs to hear first.
  const reason: ArianrhodReason | undefined =
    attack === 'ranged' && insideReach
      ? 'ranged-inside-reach'
      : result === 'full'
        ? 'full-cover'
        : tooDarkBeyondReach(field, from.cell, to.cell)
          ? 'too-dark-beyond-reach'
          : undefined
  const targetable = reason === undefined
  return {
    cover: result,
    targetable,
    ...(reason ? { reason } : {}),
    // 部分遮蔽 +1D, and the target's reaction is rolled on its square (明度 ≤ 2: −1D).
    reactionDice: diceAt(field, to.cell, coverReactionDice(result)),
  }
}

const flanking: QueryHandlerOf<'flanking'> = (battle, query) => {
  const field = fieldOf(battle)
  return { pairs: flankingPairs(field, field.token(readToken(battle, query, 'target'))) }
}

const light: QueryHandlerOf<'light'> = (battle, query) => {
  const field = fieldOf(battle)
  const at = readCell(battle, query, 'at')
  const cell = field.grid.index(at[0], at[1])
  const level = lightLevel(field, cell)
  return { level, effects: lightEffects(level), checkDice: darknessDice(field, cell) }
}

const visible: QueryHandlerOf<'visible'> = (battle, query) => {
  const field = fieldOf(battle)
  const token = field.token(readToken(battle, query, 'token'))
  const range = query.range === undefined ? Infinity : readNumber(query, 'range', { min: 0 })
  return { cells: cellList(field, sightCells(field, token, range)) }
}

function sightCells(field: Field, token: ArToken, range: number, reached?: LineReach): number[] {
  const origin = field.cellOf(token)
  const seen = fieldOfView(
    field.grid,
    token.cell,
    range === Infinity
      ? { reached }
      : {
          reached,
          inRange: (cell) => distance(origin, field.grid.cellOf(cell)) <= range,
          // Every step costs at least 2 m, so `range` metres never reach past range / 2 squares
          // along either axis: the sweep can stop there.
          maxDistance: Math.floor(range / ORTHOGONAL_STEP),
        },
  )
  // 明度3以下 (decision 5): no sight into a neighbouring area (room) from or into the dark.
  // Rooms are found only when some square in sight is that dark: a lit map never needs them, nor
  // a look at each square's light (the fog asks every PC's sight this way, issue 29). A copy,
  // not the sweep's list itself: that made bench wall-click's dispatch bimodal, 2.5–2.9 or 4–7
  // ms, in a third of its runs; with the copy 2.6–2.8 in six of six.
  if (litThroughout(field.grid)) return seen.slice()
  const darkHere = lightLevel(field, token.cell) <= 3
  let rooms: Int32Array | null = null
  const sameRoom = (cell: number): boolean => {
    rooms ??= roomsOf(field.grid)
    return rooms[cell] === rooms[token.cell]
  }
  return [...seen].filter((cell) => (!darkHere && lightLevel(field, cell) > 3) || sameRoom(cell))
}

const engagement: QueryHandlerOf<'engagement'> = (battle, query) => {
  const field = fieldOf(battle)
  const token = field.token(readToken(battle, query, 'token'))
  const cells = reachCells(field, token.cell)
  return { cells: cellList(field, cells), edges: edgesAround(field.grid, [token.cell]) }
}

const targets: QueryHandlerOf<'targets'> = (battle, query) => {
  const field = fieldOf(battle)
  const attacker = field.token(readToken(battle, query, 'token'))
  const attack = readEnum(query, 'attack', ['melee', 'ranged'] as const, 'melee')
  const range = readRange(query, attack === 'melee' ? 'reach' : undefined)
  return { targets: targetsOf(field, attacker, attack, range) }
}

const area: QueryHandlerOf<'area'> = (battle, query) => {
  const field = fieldOf(battle)
  const origin = readCell(battle, query, 'origin')
  const fate = readNumber(query, 'fate', { fallback: 0, integer: true, min: -100, max: 100 })
  const user = readOptionalToken(battle, query, 'token')
  const range = user ? readRange(query, 'scene') : undefined
  const cap = user ? field.token(user).extras.luck : undefined
  if (cap !== undefined && Math.abs(fate) > cap) {
    const answer = areaOf(field, field.grid.index(origin[0], origin[1]), fate)
    return {
      ...answer,
      valid: false,
      reason: 'fate-over-luck' satisfies ArianrhodReason,
      fateCap: cap,
    }
  }
  return areaOf(
    field,
    field.grid.index(origin[0], origin[1]),
    fate,
    user && field.token(user),
    range,
  )
}

const trapReach: QueryHandlerOf<'trap-reach'> = (battle, query) => {
  const field = fieldOf(battle)
  const object = query.object
  const extended = readBoolean(query, 'extended', false)
  if (typeof object === 'object' && object !== null && 'at' in object) {
    const at = readCell(battle, object as Query, 'at')
    return trapReachOf(field, { at }, extended)
  }
  if (typeof object === 'object' && object !== null && 'between' in object) {
    const between = (object as Query).between
    if (
      Array.isArray(between) &&
      between.length === 2 &&
      isCell(between[0]) &&
      isCell(between[1])
    ) {
      const [a, b] = between as [Cell, Cell]
      if (!field.grid.inBounds(a[0], a[1]) || !field.grid.inBounds(b[0], b[1])) {
        throw new ScenarioError(
          'cell-out-of-bounds',
          'query.object.between names a cell outside the map',
          '/query/object/between',
        )
      }
      if (!field.grid.edgeSlot(a, b)) {
        throw new ScenarioError(
          'invalid-query',
          'query.object.between must be two orthogonal neighbours',
          '/query/object/between',
        )
      }
      return trapReachOf(field, { between: [a, b] }, extended)
    }
  }
  throw new ScenarioError(
    'invalid-query',
    'query.object must be {"at": [x, y]} or {"between": [[x, y], [x, y]]}',
    '/query/object',
  )
}

const board: QueryHandlerOf<'board'> = (battle, query) => {
  const field = fieldOf(battle)
  return boardingOf(
    field,
    field.token(readToken(battle, query, 'token')),
    field.token(readToken(battle, query, 'rider')),
  )
}

const dismount: QueryHandlerOf<'dismount'> = (battle, query) => {
  const field = fieldOf(battle)
  return dismountOf(field, field.token(readToken(battle, query, 'token')))
}

const fall: QueryHandlerOf<'fall'> = (battle, query) => {
  const field = fieldOf(battle)
  const token = field.token(readToken(battle, query, 'token'))
  const mode = readMode(query, MOVE_MODES, 'combat')
  const report = mode === 'climb' || mode === 'jump-climb' ? undefined : fallOf(field, token, mode)
  if (!report)
    return { falls: false, at: field.cellOf(token), height: 0, damage: 'none', stoppedBy: [] }
  return { falls: true, ...report, from: token.elevation, to: field.grid.elevation[token.cell] }
}

const forcedMove: QueryHandlerOf<'forced-move'> = (battle, query) => {
  const field = fieldOf(battle)
  const token = field.token(readToken(battle, query, 'token'))
  const to = readCell(battle, query, 'to')
  return forcedMoveOf(field, token, field.grid.index(to[0], to[1]))
}

const protect: QueryHandlerOf<'protect'> = (battle, query) => {
  const field = fieldOf(battle)
  const guard = field.token(readToken(battle, query, 'token'))
  const target = field.token(readToken(battle, query, 'target'))
  const fate = readNumber(query, 'fate', { fallback: 0, integer: true, min: 0, max: 100 })
  const d = distance(field.cellOf(guard), field.cellOf(target))
  // 「この効果は《カバームーブ》と重複する」
  const range = PROTECT_RANGE + (guard.extras.coverMove ?? 0) + fate
  const cap = guard.extras.luck
  if (cap !== undefined && fate > cap)
    return {
      allowed: false,
      reason: 'fate-over-luck' satisfies ArianrhodReason,
      distance: d,
      range,
      fateCap: cap,
    }
  return {
    allowed: guard !== target && d <= range,
    distance: d,
    range,
    ...(cap !== undefined ? { fateCap: cap } : {}),
  }
}

const duel: QueryHandlerOf<'duel'> = (battle, query) => {
  const field = fieldOf(battle)
  return field.duelStatus(field.token(readToken(battle, query, 'token')))
}

const stealth: QueryHandlerOf<'stealth'> = (battle, query) => {
  const field = fieldOf(battle)
  const token = field.token(readToken(battle, query, 'token'))
  const owners = field.tokens.filter(
    (o) => o !== token && field.isEnemy(o, token) && field.zocOf(o).includes(token.cell),
  )
  // 「隠密状態のキャラクターの［ＺＯＣ］に敵が突入した場合は、その隠密状態は解除されない」: a character
  // already in stealth keeps it whoever stands around it; only its own actions (entering an enemy
  // ZOC: `path` → `loses`) end it.
  return {
    canEnter: owners.length === 0,
    zoc: sortIds(owners),
    ...(token.has('stealth') ? { keeps: true } : {}),
  }
}

export const arianrhod: RuleSystem = {
  id: 'arianrhod',
  facts: ARIANRHOD_FACTS,
  occupancy: arianrhodOccupancy,
  unit: 'm',
  moveModes: MOVE_MODES,
  reasons: ARIANRHOD_REASONS,
  lightEffects: ARIANRHOD_LIGHT_EFFECTS,
  // 明度 is a number, not a category.
  lightCategories: [],
  distance,
  sightOf(battle, tokenId, reached) {
    const field = fieldOf(battle)
    const spec = battle.tokenById.get(tokenId)
    return spec ? sightCells(field, field.token(spec), Infinity, reached) : []
  },
  sightFollowsLines: (battle) => litThroughout(battle.grid),
  fogSight: (battle, tokenId, seen) => darkFogSight({ engagement, light }, battle, tokenId, seen),
  queries: {
    distance: (battle, query) => {
      const from = readCell(battle, query, 'from')
      const to = readCell(battle, query, 'to')
      return { distance: distance(from, to), unit: 'm' }
    },
    reach,
    path,
    zoc,
    cover,
    flanking,
    light,
    visible,
    engagement,
    targets,
    area,
    'trap-reach': trapReach,
    board,
    dismount,
    fall,
    'forced-move': forcedMove,
    protect,
    duel,
    stealth,
  },
}
