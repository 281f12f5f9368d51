// Where a unit may end up: ordinary moves (sub / main action), BS:KB(X), placement after 戦闘不能,
// skill movement overrides and deployment. Every destination respects the 4-units-a-square limit;
// units never block a move otherwise (「敵がマス内にいることによる移動の制限は存在しない」).
import type { Cell, TokenSpec } from '../../model'
import { allCells, cornerDistance, edgeDistance, manhattan, sameCell } from './geometry'
import { hasRoom, unitsOn, type DystopiaState } from './state'

/** 「サブアクションの移動では1マス、メインアクションの移動では2マス移動できる。」 */
export const MOVE_MODES = { sub: 1, main: 2 } as const
export type MoveMode = keyof typeof MOVE_MODES

export interface CostedCell {
  at: Cell
  cost: number
}

/**
 * Squares within `steps` orthogonal steps (range is Manhattan, so movement is too) where the
 * unit may end, with the steps used. The start square is not listed. A full square may be passed
 * through: the limit is on how many units stand in a square, and nothing else blocks a move.
 */
export function moveDestinations(
  state: DystopiaState,
  unit: TokenSpec,
  steps: number,
): CostedCell[] {
  return allCells(state.board)
    .map((at) => ({ at, cost: manhattan(unit.at, at) }))
    .filter(({ at, cost }) => cost >= 1 && cost <= steps && hasRoom(state, at, unit))
}

/**
 * 「BS:KB(X)」を受けた場合、与えたユニットがXマスまで対象を自由に動かしてよい。
 * Knocked back by another unit: any square within X steps with room.
 */
export function knockbackByOther(state: DystopiaState, target: TokenSpec, x: number): Cell[] {
  return moveDestinations(state, target, x).map((c) => c.at)
}

/**
 * 「自分のスキルの効果で「BS:KB(X)」を受けた場合は、GMの任意でできるだけ端や角のマスに移動するように
 * 動かす。」 The engine proposes the squares within X steps that are nearest an edge, and among
 * those nearest a corner; the GM picks one. Staying is never listed: when the unit's own square
 * is already at least as good as anything reachable, only equally good other squares are offered
 * (none when it is strictly the best, e.g. already in a corner).
 */
export function knockbackSelf(state: DystopiaState, target: TokenSpec, x: number): Cell[] {
  const board = state.board
  const candidates: Cell[] = [target.at, ...moveDestinations(state, target, x).map((c) => c.at)]
  const score = (c: Cell): [number, number] => [edgeDistance(board, c), cornerDistance(board, c)]
  let best: [number, number] | null = null
  for (const c of candidates) {
    const s = score(c)
    if (best === null || s[0] < best[0] || (s[0] === best[0] && s[1] < best[1])) best = s
  }
  return candidates.filter((c) => {
    const s = score(c)
    return !sameCell(c, target.at) && best !== null && s[0] === best[0] && s[1] === best[1]
  })
}

/**
 * 「戦闘不能状態」になった場合、HPを0にするダメージを与えたユニットが任意のマスに対象を配置できる。
 * 自分のスキルの効果で「戦闘不能状態」になった場合は、移動しない。
 */
export function incapacitatePlacements(
  state: DystopiaState,
  target: TokenSpec,
  selfInflicted: boolean,
): Cell[] {
  if (selfInflicted) return []
  return allCells(state.board).filter((c) => !sameCell(c, target.at) && hasRoom(state, c, target))
}

/** 《音速閃》「攻撃対象のいるマスに移動」: the target's square, if the mover fits and is not there. */
export function toTargetSquare(state: DystopiaState, mover: TokenSpec, target: TokenSpec): Cell[] {
  if (sameCell(mover.at, target.at) || !hasRoom(state, target.at, mover)) return []
  return [[target.at[0], target.at[1]]]
}

/** Squares among `cells` with no unit at all (AB: 「迷う場合はユニットのいないマスに移動」). */
export function emptyOf(state: DystopiaState, cells: readonly Cell[]): Cell[] {
  return cells.filter((c) => unitsOn(state, c).length === 0)
}

/**
 * 最前列: 「そのマス内に敵が1体でもいるマス」. The squares holding at least one foe of `faction`.
 */
export function frontRow(state: DystopiaState, faction: string): Cell[] {
  return allCells(state.board).filter((c) =>
    unitsOn(state, c).some((u) => state.isFoe(faction, u.faction)),
  )
}

/** 初期配置: the faction's GM-marked squares (any square when none are marked) that have room. */
export function deploySquares(state: DystopiaState, faction: string, mover?: TokenSpec): Cell[] {
  const marked = state.deploy.get(faction)
  const cells = marked ?? allCells(state.board)
  return cells.filter((c) => hasRoom(state, c, mover))
}
