// The HP bar under a token (issue 12.16), drawn the same way on the GM board, the player view and
// both PNG exports: green when full, through yellow, to red when down.

/** How full the GM's bar is (0–1). The player view gets its own rounded length from main. */
export function hpFraction(hp: { current: number; max: number }): number {
  return Math.min(1, Math.max(0, hp.current / hp.max))
}

export function hpBarColour(fraction: number): string {
  const hue = Math.round(120 * Math.min(1, Math.max(0, fraction)))
  return `hsl(${hue} 80% 42%)`
}

/** The bar's box under a token of radius r centred at (cx, cy), in the same units. */
export function hpBarBox(
  cx: number,
  cy: number,
  r: number,
): { x: number; y: number; width: number; height: number } {
  const width = 1.6 * r
  const height = Math.max(0.08, 0.22 * r)
  return { x: cx - width / 2, y: cy + r - height * 0.6, width, height }
}
