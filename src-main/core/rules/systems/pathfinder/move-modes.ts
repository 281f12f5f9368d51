// Pathfinder's move modes (003 移動): their own file, because the rules that limit a mode
// (mode-limits, provokes, condition notes) are read by the movement search itself.
export const MOVE_MODES = [
  'move',
  'double',
  'five-foot-step',
  'withdraw',
  'run',
  'charge',
  'crawl',
] as const
export type MoveMode = (typeof MOVE_MODES)[number]
