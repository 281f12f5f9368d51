// The `targets` query: which squares a skill's 対象 covers and which units stand there.
//   {"type":"targets","token":id,"shape":"area"|"scene"|"squares"|"line","range":"0-3",
//    "pick":[[x,y],…],"n":2,"direction":"A".."H","exclude":[[x,y],…],"choose":[ids],"skill":name}
//   → {"cells":[[x,y],…],"units":[ids]}
import type { Cell, TokenSpec } from '../../model'
import { ScenarioError } from '../../system'
import {
  at,
  missing,
  readCellAt,
  readCellList,
  readInteger,
  readOptionalString,
  readRange,
  readToken,
  refuse,
  type Query,
} from './args'
import {
  compareCells,
  isLineDirection,
  manhattan,
  parseRange,
  sameCell,
  formatRange,
  type Range,
} from './geometry'
import {
  areaCells,
  lineShapeCells,
  sceneCells,
  SHAPE_LABELS,
  SHAPES,
  squaresCells,
  type Shape,
} from './shapes'
import { findSkillOverride } from './skills'
import { unitsOn, type DystopiaState } from './state'

export interface TargetsAnswer {
  cells: Cell[]
  units: string[]
}

function readShape(query: Query): Shape {
  const shape = query.shape
  if (shape === undefined) throw missing('shape', `one of ${SHAPES.join(', ')}`)
  if (typeof shape !== 'string' || !(SHAPES as readonly string[]).includes(shape)) {
    throw new ScenarioError(
      'invalid-shape',
      `"shape" must be one of ${SHAPES.join(', ')}`,
      at('shape'),
    )
  }
  return shape as Shape
}

function checkInRange(origin: Cell, cell: Cell, range: Range, path: string, label: string): void {
  const d = manhattan(origin, cell)
  if (d < range.min || d > range.max) {
    throw new ScenarioError(
      'pick-out-of-range',
      `${label}: square [${cell.join(', ')}] is ${d} squares away, outside 射程 ${formatRange(range)}`,
      path,
    )
  }
}

/** `pick` for 範囲(選択) may be one cell [x, y] or a one-cell list [[x, y]]. */
function readAreaPick(state: DystopiaState, query: Query): { cell: Cell; path: string } {
  const pick = query.pick
  if (pick === undefined) throw missing('pick', 'the one square 範囲(選択) points at')
  if (Array.isArray(pick) && pick.length === 2 && pick.every((n) => typeof n === 'number')) {
    return { cell: readCellAt(state, pick, at('pick'), '"pick"'), path: at('pick') }
  }
  const cells = readCellList(state, query, 'pick')
  if (cells.length !== 1) {
    throw new ScenarioError(
      'pick-count',
      `範囲(選択) picks exactly 1 square; got ${cells.length}`,
      at('pick'),
    )
  }
  return { cell: cells[0], path: at('pick', 0) }
}

function readSquaresPicks(state: DystopiaState, query: Query, origin: Cell, range: Range): Cell[] {
  const n = readInteger(query, 'n', 1, state.board.width * state.board.height)
  const picks = readCellList(state, query, 'pick')
  if (picks.length !== n) {
    throw new ScenarioError(
      'pick-count',
      `${n}マス指定 picks exactly ${n} squares; got ${picks.length}`,
      at('pick'),
    )
  }
  picks.forEach((p, i) => {
    checkInRange(origin, p, range, at('pick', i), `${n}マス指定`)
    if (picks.slice(0, i).some((q) => sameCell(p, q))) {
      throw new ScenarioError(
        'duplicate-pick',
        `square [${p.join(', ')}] is picked twice`,
        at('pick', i),
      )
    }
  })
  return picks
}

function shapeCells(
  state: DystopiaState,
  query: Query,
  user: TokenSpec,
  shape: Shape,
  range: Range,
  strict: boolean,
): Cell[] {
  const origin = user.at
  const unused = (field: string) => {
    if (strict) refuse(query, field, `by ${SHAPE_LABELS[shape]} (shape "${shape}")`)
  }
  switch (shape) {
    case 'area': {
      ;['n', 'direction', 'exclude'].forEach(unused)
      const { cell, path } = readAreaPick(state, query)
      checkInRange(origin, cell, range, path, '範囲(選択)')
      return areaCells(state.board, origin, cell)
    }
    case 'scene':
      ;['pick', 'n', 'direction', 'exclude'].forEach(unused)
      return sceneCells(state.board, origin, range)
    case 'squares': {
      unused('direction')
      const picks = readSquaresPicks(state, query, origin, range)
      const full = squaresCells(state.board, origin, picks)
      const dropped = query.exclude === undefined ? [] : readCellList(state, query, 'exclude')
      dropped.forEach((d, i) => {
        if (!full.some((c) => sameCell(c, d))) {
          throw new ScenarioError(
            'not-in-shape',
            `square [${d.join(', ')}] is not among the picked squares, so it cannot be dropped`,
            at('exclude', i),
          )
        }
      })
      return squaresCells(state.board, origin, picks, dropped)
    }
    case 'line': {
      ;['pick', 'n', 'exclude'].forEach(unused)
      const direction = query.direction
      if (direction === undefined) throw missing('direction', 'one of the eight lines A-H')
      if (!isLineDirection(direction)) {
        throw new ScenarioError(
          'invalid-direction',
          `"direction" must be one of A, B, C, D, E, F, G, H (A west, then clockwise)`,
          at('direction'),
        )
      }
      return lineShapeCells(state.board, origin, direction, range)
    }
  }
}

function compareUnits(a: TokenSpec, b: TokenSpec): number {
  return compareCells(a.at, b.at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/** `choose`: the units the GM settles on; each must be a candidate, and 各マス1体 allows one a square. */
function checkChoice(query: Query, candidates: readonly TokenSpec[], shape: Shape): TokenSpec[] {
  const value = query.choose
  if (!Array.isArray(value))
    throw new ScenarioError('invalid-query', '"choose" must be a list of token ids', at('choose'))
  const chosen: TokenSpec[] = []
  value.forEach((id, i) => {
    const unit = candidates.find((u) => u.id === id)
    if (typeof id !== 'string' || !unit) {
      throw new ScenarioError(
        'not-a-target',
        `${JSON.stringify(id)} is not among this shape's units`,
        at('choose', i),
      )
    }
    if (chosen.includes(unit))
      throw new ScenarioError('duplicate-pick', `"${id}" is chosen twice`, at('choose', i))
    if (shape === 'line' && chosen.some((u) => sameCell(u.at, unit.at))) {
      throw new ScenarioError(
        'one-per-square',
        `各マス1体 takes at most one unit a square; square [${unit.at.join(', ')}] already has one`,
        at('choose', i),
      )
    }
    chosen.push(unit)
  })
  return chosen.sort(compareUnits)
}

function effectiveRange(query: Query, overrideRange: string | undefined): Range {
  if (overrideRange !== undefined) {
    const parsed = parseRange(overrideRange)
    if (parsed) return parsed
  }
  if (query.range === undefined) throw missing('range', '射程 like "0-3"')
  return readRange(query.range, at('range'))
}

export function targets(state: DystopiaState, query: Query): TargetsAnswer {
  const user = readToken(state, query, 'token')
  const skillName = readOptionalString(query, 'skill')
  const override = skillName === undefined ? undefined : findSkillOverride(state.skills, skillName)

  // The exception table wins over what the query says the skill normally does.
  const shape = override?.shape ?? readShape(query)
  const range = effectiveRange(query, override?.range)
  const strict = override?.shape === undefined

  const cells = shapeCells(state, query, user, shape, range, strict)
  const candidates = cells.flatMap((c) => [...unitsOn(state, c)]).sort(compareUnits)
  const units = query.choose === undefined ? candidates : checkChoice(query, candidates, shape)
  return { cells, units: units.map((u) => u.id) }
}
