// What the GM points at on the board: the selected token, the hovered cell and the path target.
// The 2D board, the fight overlays and the 3D height view all read and write this one object, so
// hovering in one view highlights in the others. It holds view state only, never campaign data.
import type { Cell } from '@core/rules/model'

// The squares and the drag are replaced whole, never changed in place, so they are raw state: a
// pointer move over a new square stores the pair it was given instead of wrapping it in a deep
// proxy that every reader then goes through (issue 29).
export class BoardFocus {
  selectedTokenId = $state<string | null>(null)
  hoveredCell = $state.raw<Cell | null>(null)
  /** The square a path preview runs to (set by clicking a cell in 2D or 3D). */
  pathTarget = $state.raw<Cell | null>(null)
  /** The move mode for reach and path overlays; null means the system's default mode. */
  moveMode = $state<string | null>(null)
  /** A token being dragged on the 2D board: its square at the start and the square under the pointer. */
  drag = $state.raw<{ tokenId: string; from: Cell; to: Cell } | null>(null)
  /**
   * The fight overlays may take over a token drop (e.g. to move along the previewed path): return
   * true when handled. Otherwise, or when unset, the board dispatches `token.move` itself.
   */
  onTokenDrop: ((tokenId: string, to: Cell) => boolean | Promise<boolean>) | null = null
  /** A token the board is asked to bring into view (Next turn); `n` tells one request from the next. */
  showRequest = $state.raw<{ tokenId: string; n: number } | null>(null)

  /** Asks the 2D board to pan to this token if it is off screen. */
  show(tokenId: string): void {
    this.showRequest = { tokenId, n: (this.showRequest?.n ?? 0) + 1 }
  }

  select(tokenId: string | null): void {
    this.selectedTokenId = tokenId
    this.pathTarget = null
  }

  hover(cell: Cell | null): void {
    const same =
      cell === this.hoveredCell ||
      (cell !== null &&
        this.hoveredCell !== null &&
        cell[0] === this.hoveredCell[0] &&
        cell[1] === this.hoveredCell[1])
    if (!same) this.hoveredCell = cell
  }

  /** Forget everything, e.g. when another map is shown. */
  reset(): void {
    this.selectedTokenId = null
    this.hoveredCell = null
    this.pathTarget = null
    this.moveMode = null
    this.drag = null
    this.showRequest = null
  }
}
