// Every `reason` code DysTopiA answers a `path` query with. The answers are typed with this
// union, so a new code is a type error until it is listed here; a test checks that each one has
// a sentence in both UI languages.
export const DYSTOPIA_REASONS = ['start', 'out-of-reach', 'square-full'] as const
export type DystopiaReason = (typeof DYSTOPIA_REASONS)[number]
