// The player view's row spans of seen and explored squares, built from the squares' masks. A wall
// click changes a few rows of a 200×200 map's fog: rows whose squares are the same as in the view
// built before for that map keep their spans (the same objects), and only the others are walked
// again (issue 29: 5,000 spans allocated per view were a third of building it).
import type { CellSpans } from '../campaign/fog'
import { perMapCache } from './map-caches'

interface RowSpans {
  /** A copy of the mask the spans were made from. */
  mask: Uint8Array
  spans: CellSpans
  /** Index of row y's first span in `spans`; the last entry is `spans.length`. */
  rowStart: Int32Array
}

// The last spans built per campaign map and list. Reuse is decided by comparing the squares
// themselves, so a map id shared by two campaigns costs reuse, never correctness.
const lastBuilt = perMapCache<RowSpans>()

/** Row spans `[y, x0, x1]` of `mask`, sharing unchanged rows with the last ones built for `key`. */
export function spansReusingRows(
  mask: Readonly<Uint8Array>,
  width: number,
  key: string,
): CellSpans {
  const height = width === 0 ? 0 : mask.length / width
  const last = lastBuilt.get(key)
  const reusable =
    last !== undefined && last.mask.length === mask.length && last.rowStart.length === height + 1
  const spans: CellSpans = []
  const rowStart = new Int32Array(height + 1)
  for (let y = 0; y < height; y++) {
    rowStart[y] = spans.length
    const from = y * width
    if (reusable && sameRow(mask, last.mask, from, width)) {
      for (let i = last.rowStart[y]; i < last.rowStart[y + 1]; i++) spans.push(last.spans[i])
      continue
    }
    let x = 0
    while (x < width) {
      if (!mask[from + x]) {
        x++
        continue
      }
      const start = x
      while (x + 1 < width && mask[from + x + 1]) x++
      spans.push(Object.freeze([y, start, x]) as [number, number, number])
      x++
    }
  }
  rowStart[height] = spans.length
  lastBuilt.set(key, { mask: Uint8Array.from(mask), spans, rowStart })
  return spans
}

function sameRow(a: Readonly<Uint8Array>, b: Uint8Array, from: number, width: number): boolean {
  for (let i = from; i < from + width; i++) if (a[i] !== b[i]) return false
  return true
}
