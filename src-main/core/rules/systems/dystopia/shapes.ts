// The four 対象 shapes of DysTopiA square combat, as sets of squares. Picks are assumed valid
// here (queries.ts checks them and reports errors with paths); every result stays on the board
// and is sorted by y then x.
import type { Cell } from '../../model'
import {
  cellsInRange,
  lineCells,
  sameCell,
  sameDistanceDiagonals,
  uniqueSortedCells,
  type Board,
  type LineDirection,
  type Range,
} from './geometry'

export const SHAPES = ['area', 'scene', 'squares', 'line'] as const
export type Shape = (typeof SHAPES)[number]

/** Japanese names as the rule text writes them, for labels and error messages. */
export const SHAPE_LABELS: Record<Shape, string> = {
  area: '範囲(選択)',
  scene: '場面(選択)',
  squares: 'nマス指定',
  line: '各マス1体',
}

/**
 * 範囲(選択):「射程内のマス1つを指定し、そのマスまでの距離と同じ距離の斜めのマスの計3マスから
 * 対象を選択する。」 The picked square plus its diagonal neighbours at the same distance.
 */
export function areaCells(board: Board, origin: Cell, pick: Cell): Cell[] {
  return uniqueSortedCells([pick, ...sameDistanceDiagonals(board, origin, pick)])
}

/** 場面(選択):「射程内の全てのマスにいるユニットから選択する。」 */
export function sceneCells(board: Board, origin: Cell, range: Range): Cell[] {
  return cellsInRange(board, origin, range)
}

/**
 * nマス指定:「射程内のnマスを指定する。そのマスと同じ距離の斜め両隣2マスも含む。(つまりn×3マスが
 * 対象になる。) マスが被っても効果は重複しない。」 and 「攻撃を行う側が特定のマスを対象から外すことは
 * 可能とする。」: the union of each pick's 範囲 squares, minus the squares the attacker drops.
 */
export function squaresCells(
  board: Board,
  origin: Cell,
  picks: readonly Cell[],
  dropped: readonly Cell[] = [],
): Cell[] {
  const union = uniqueSortedCells(picks.flatMap((p) => areaCells(board, origin, p)))
  return union.filter((c) => !dropped.some((d) => sameCell(c, d)))
}

/**
 * 各マス1体:「自身のいるマス+A~Hのいずれか1つのアルファベットのマスから対象を各マスに1体選択する。」
 * The text's example is 射程 0-3, where the user's own square is at distance 0 and so in range;
 * we include the own square exactly when the range starts at 0 (a 1-3 skill does not reach it).
 */
export function lineShapeCells(
  board: Board,
  origin: Cell,
  direction: LineDirection,
  range: Range,
): Cell[] {
  const own: Cell[] = range.min === 0 ? [origin] : []
  return uniqueSortedCells([...own, ...lineCells(board, origin, direction, range)])
}
