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

/**
 * Row spans `[y, x0, x1]` of `mask`, sharing unchanged rows with the last ones built for `key`:
 * the same list when no square changed (most wall clicks leave the explored squares as they
 * were), else a list that starts as a copy of the unchanged rows before the first changed one.
 * Growing a 5,000-span list push by push and copying the mask for each view were ~160 KB of a
 * wall click's ~680 KB of garbage on the host (issue 29).
 */
export function spansReusingRows(
  mask: Readonly<Uint8Array>,
  width: number,
  key: string,
): CellSpans {
  const height = width === 0 ? 0 : mask.length / width
  const last = lastBuilt.get(key)
  if (
    last === undefined ||
    last.mask.length !== mask.length ||
    last.rowStart.length !== height + 1
  ) {
    const built = spansFrom(mask, width, height, 0, [], new Int32Array(height + 1))
    lastBuilt.set(key, { mask: Uint8Array.from(mask), ...built })
    return built.spans
  }
  let first = 0
  while (first < height && sameRow(mask, last.mask, first * width, width)) first++
  if (first === height) return last.spans
  const rowStart = new Int32Array(height + 1)
  rowStart.set(last.rowStart.subarray(0, first))
  const built = spansFrom(
    mask,
    width,
    height,
    first,
    last.spans.slice(0, last.rowStart[first]),
    rowStart,
    last,
  )
  // The kept mask is this cache's own copy: its changed rows are brought up to date in place.
  last.mask.set(mask)
  lastBuilt.set(key, { mask: last.mask, ...built })
  return built.spans
}

/** Rows `from` on of `mask` appended to `spans`, each unchanged row's spans taken from `last`. */
function spansFrom(
  mask: Readonly<Uint8Array>,
  width: number,
  height: number,
  from: number,
  spans: CellSpans,
  rowStart: Int32Array,
  last?: RowSpans,
): { spans: CellSpans; rowStart: Int32Array } {
  for (let y = from; y < height; y++) {
    rowStart[y] = spans.length
    const rowFrom = y * width
    if (last && sameRow(mask, last.mask, rowFrom, width)) {
      for (let i = last.rowStart[y]; i < last.rowStart[y + 1]; i++) spans.push(last.spans[i])
      continue
    }
    let x = 0
    while (x < width) {
      if (!mask[rowFrom + x]) {
        x++
        continue
      }
      const start = x
      while (x + 1 < width && mask[rowFrom + x + 1]) x++
      spans.push(Object.freeze([y, start, x]) as [number, number, number])
      x++
    }
  }
  rowStart[height] = spans.length
  return { spans, rowStart }
}

function sameRow(a: Readonly<Uint8Array>, b: Uint8Array, from: number, width: number): boolean {
  for (let i = from; i < from + width; i++) if (a[i] !== b[i]) return false
  return true
}
