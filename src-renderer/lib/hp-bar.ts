// The HP bar's colours (issue 12.16), the same on the GM board, the player view and both PNG
// exports: green when full, through yellow, to red when down. Where the bar goes is
// lib/token-layout.ts (tokenParts).

/** How full the GM's bar is (0–1). The player view gets its own rounded length from main. */
export function hpFraction(hp: { current: number; max: number }): number {
  return Math.min(1, Math.max(0, hp.current / hp.max))
}

export function hpBarColour(fraction: number): string {
  const hue = Math.round(120 * Math.min(1, Math.max(0, fraction)))
  return `hsl(${hue} 80% 42%)`
}
