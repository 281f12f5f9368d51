// Ids of what this window creates (tokens, lights, traps, conditions, guild records): one maker
// per window, seeded once when the window opens (core/random.ts), so ids never repeat within the
// window nor meet another window's or session's.
import { createIdMaker, randomSeed } from '@core/random'

const windowIds = createIdMaker(randomSeed())

/** A new id, `prefix-…`. */
export function newId(prefix: string): string {
  return windowIds.next(prefix)
}
