// The conditions 003 gives an effect, by name and in table order (conditions.ts says what each
// does and where 003 says it). Its own file with no imports, so that the token model
// (rules/model.ts) builds its list of token states from it: one list, not two.
export const PATHFINDER_CONDITIONS = [
  'helpless',
  'flat-footed',
  'stunned',
  'paralyzed',
  'unconscious',
  'dying',
  'asleep',
  'bound',
  'pinned',
  'grappled',
  'entangled',
  'dazzled',
  'shaken',
  'frightened',
  'cowering',
  'staggered',
  'disabled',
  'prone',
  'kneeling',
  'blinded',
  'invisible',
] as const
export type PathfinderCondition = (typeof PATHFINDER_CONDITIONS)[number]

/** Worked out from the fight (not acted yet) or a condition named so; never stored on a token. */
export const DERIVED_CONDITIONS = ['flat-footed'] as const satisfies readonly PathfinderCondition[]
