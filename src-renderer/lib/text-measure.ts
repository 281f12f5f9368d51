// Widths of text as the board will draw it, for placing names (lib/name-placement.ts). A canvas
// measures with the same font the SVG text uses; where there is no canvas (tests without one) a
// generous estimate stands in: wide scripts 1 em, others 0.62 em.

/** The font of board text (names, labels, badges); the CSS of both boards names the same. */
export const BOARD_FONT_FAMILY = `system-ui, 'Hiragino Sans', 'Noto Sans CJK JP', 'Yu Gothic UI', sans-serif`

const SAMPLE_PX = 100

/** Width of `text` at type size 1, in the weight given. */
export function textMeasurer(weight: number): (text: string) => number {
  const context = canvasContext()
  if (!context) return estimate
  context.font = `${weight} ${SAMPLE_PX}px ${BOARD_FONT_FAMILY}`
  const cache = new Map<string, number>()
  return (text) => {
    let width = cache.get(text)
    if (width === undefined) {
      width = context.measureText(text).width / SAMPLE_PX
      cache.set(text, width)
    }
    return width
  }
}

function estimate(text: string): number {
  let width = 0
  for (const c of text) width += c.codePointAt(0)! > 0x2e7f ? 1 : 0.62
  return width
}

function canvasContext(): CanvasRenderingContext2D | null {
  try {
    const canvas = globalThis.document?.createElement('canvas')
    const context = canvas?.getContext('2d') ?? null
    return context && typeof context.measureText === 'function' ? context : null
  } catch {
    return null
  }
}
