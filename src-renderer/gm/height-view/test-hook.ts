// A read-only window onto the live 3D scene for end-to-end tests and the benchmark: where a cell
// or token is on screen (so a test can click it like a GM would) and how long frames take. It
// changes nothing; all state still flows through the session's stores.
import type { Cell } from '@core/rules/model'

export interface HeightViewProbe {
  /** Page coordinates (CSS px) of the middle of a cell's top face, or null if off screen. */
  cellPoint(x: number, y: number): { x: number; y: number } | null
  /** Page coordinates of a token's body, or null. */
  tokenPoint(id: string): { x: number; y: number } | null
  /** Renders now and returns the milliseconds it took. */
  renderNow(): number
  /** Page rectangles of the tokens' label sprites (issue 23: four units' labels apart). */
  labelRects(): {
    tokenId: string
    text: string
    x: number
    y: number
    width: number
    height: number
  }[]
  hovered(): Cell | null
}

declare global {
  interface Window {
    __gmHeightView?: HeightViewProbe
  }
}

export {}
