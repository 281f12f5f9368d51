// DysTopiA square-combat geometry: the 6 × 6 board, Manhattan range, 射程 "min-max" and the eight
// straight lines of 各マス1体. Pure helpers on plain cells; nothing here knows about units.
import type { Cell } from '../../model'

/** 「6×6マスのスクエア戦闘となる。」 */
export const BOARD_SIDE = 6

export interface Board {
  readonly width: number
  readonly height: number
}

export const STANDARD_BOARD: Board = { width: BOARD_SIDE, height: BOARD_SIDE }

export function onBoard(board: Board, [x, y]: readonly [number, number]): boolean {
  return (
    Number.isInteger(x) &&
    Number.isInteger(y) &&
    x >= 0 &&
    y >= 0 &&
    x < board.width &&
    y < board.height
  )
}

export function cellKey([x, y]: readonly [number, number]): string {
  return `${x},${y}`
}

export function sameCell(a: readonly [number, number], b: readonly [number, number]): boolean {
  return a[0] === b[0] && a[1] === b[1]
}

/** Spec order for cell lists: by y, then x. */
export function compareCells(a: readonly [number, number], b: readonly [number, number]): number {
  return a[1] - b[1] || a[0] - b[0]
}

/** Sorted by y then x, each square once. */
export function uniqueSortedCells(cells: Iterable<readonly [number, number]>): Cell[] {
  const byKey = new Map<string, Cell>()
  for (const c of cells) byKey.set(cellKey(c), [c[0], c[1]])
  return [...byKey.values()].sort(compareCells)
}

/**
 * Range is counted in orthogonal steps (Manhattan). The text's 〈射程:0-3〉 figure, with the user
 * on the 0 square at (2, 2) of the 6 × 6 board, shows exactly this:
 *
 *       3 2 3          the diagonal neighbour of 0 is 2, not 1, and the square two
 *     3 2 1 2 3        across and one down is 3: |dx| + |dy|.
 *     2 1 0 1 2 3
 *     3 2 1 2 3
 *       3 2 3
 *         3
 */
export function manhattan(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1])
}

export function allCells(board: Board): Cell[] {
  const cells: Cell[] = []
  for (let y = 0; y < board.height; y++) for (let x = 0; x < board.width; x++) cells.push([x, y])
  return cells
}

/** Every square whose Manhattan distance from `origin` lies in [min, max], sorted. */
export function cellsInRange(board: Board, origin: Cell, range: Range): Cell[] {
  return allCells(board).filter((c) => {
    const d = manhattan(origin, c)
    return d >= range.min && d <= range.max
  })
}

/** 射程 as written on a skill, e.g. 「射程:0-3」. */
export interface Range {
  readonly min: number
  readonly max: number
}

const RANGE_PATTERN = /^\s*(\d+)\s*(?:[-‐−–－～~〜]\s*(\d+)\s*)?$/

/**
 * Parses "0-3" (also "2" = exactly 2, full-width digits, and 自身 = 0-0). Returns null when the
 * text is not a range, so the caller can report it with a path.
 */
export function parseRange(text: string): Range | null {
  const normalised = text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
  if (/^\s*(自身|self)\s*$/i.test(normalised)) return { min: 0, max: 0 }
  const m = RANGE_PATTERN.exec(normalised)
  if (!m) return null
  const min = Number(m[1])
  const max = m[2] === undefined ? min : Number(m[2])
  if (min > max) return null
  return { min, max }
}

export function formatRange(range: Range): string {
  return `${range.min}-${range.max}`
}

/**
 * The two squares diagonally next to `cell` that are at the same Manhattan distance from
 * `origin`; on the diamond of squares at one distance these are its two neighbours along the
 * ring. At distance 0 there are none. Squares off the board are dropped, so near an edge a pick
 * yields fewer than three squares (the text's 「計3マス」 is the most, not a promise).
 */
export function sameDistanceDiagonals(board: Board, origin: Cell, cell: Cell): Cell[] {
  const d = manhattan(origin, cell)
  if (d === 0) return []
  const out: Cell[] = []
  for (const dx of [-1, 1]) {
    for (const dy of [-1, 1]) {
      const n: Cell = [cell[0] + dx, cell[1] + dy]
      if (manhattan(origin, n) === d && onBoard(board, n)) out.push(n)
    }
  }
  return out
}

/**
 * The eight lines of 各マス1体 as lettered in the text's figure (user at the blank square in
 * the middle of row 3; the extracted text lost that square, so "A A E E E" reads A A · E E E):
 *
 *     B   C   D          A west, B north-west, C north, D north-east,
 *       B C D            E east, F south-east, G south, H south-west
 *     A A · E E E        (clockwise from west). Each diagonal step counts 1,
 *       H G F            so F runs to the corner three steps away.
 *     H   G   F
 *         G     F
 */
export const LINE_DIRECTIONS = {
  A: [-1, 0],
  B: [-1, -1],
  C: [0, -1],
  D: [1, -1],
  E: [1, 0],
  F: [1, 1],
  G: [0, 1],
  H: [-1, 1],
} as const satisfies Record<string, readonly [number, number]>

export type LineDirection = keyof typeof LINE_DIRECTIONS

export function isLineDirection(value: unknown): value is LineDirection {
  return typeof value === 'string' && Object.hasOwn(LINE_DIRECTIONS, value)
}

/** Squares 1..max steps along one line (steps below range.min skipped), stopping at the edge. */
export function lineCells(
  board: Board,
  origin: Cell,
  direction: LineDirection,
  range: Range,
): Cell[] {
  const [dx, dy] = LINE_DIRECTIONS[direction]
  const out: Cell[] = []
  for (let step = Math.max(1, range.min); step <= range.max; step++) {
    const c: Cell = [origin[0] + dx * step, origin[1] + dy * step]
    if (!onBoard(board, c)) break
    out.push(c)
  }
  return out
}

/** How far a square is from the nearest edge (0 on the edge) and from the nearest corner. */
export function edgeDistance(board: Board, [x, y]: Cell): number {
  return Math.min(x, y, board.width - 1 - x, board.height - 1 - y)
}

export function cornerDistance(board: Board, [x, y]: Cell): number {
  return Math.min(x, board.width - 1 - x) + Math.min(y, board.height - 1 - y)
}
