// A system's own token fields (its additions to the scenario format, read from a token's raw
// record) parsed once per record. A map's battle is built again after every edit, and each build
// gave every token's record to zod again: ~1–2 ms a wall click with 40 tokens, and pathfinder's
// sight built its battlefield once per PC (issue 29). The campaign map's battle keeps a token's
// raw record between revisions while the token, the map's conditions and its fight are unchanged
// (campaign/map-battle.ts), and no record is changed once a battle holds it (an edit makes new
// objects; a scenario document is read once), so one record's answer holds for every battle.
import type { z } from 'zod'

/** `schema.safeParse`, remembered per record (objects; anything else is parsed each time). */
export function tokenExtrasReader<T extends z.ZodType>(
  schema: T,
): (raw: unknown) => z.ZodSafeParseResult<z.output<T>> {
  const parsed = new WeakMap<object, z.ZodSafeParseResult<z.output<T>>>()
  return (raw) => {
    if (typeof raw !== 'object' || raw === null) return schema.safeParse(raw)
    let result = parsed.get(raw)
    if (!result) {
      result = schema.safeParse(raw)
      parsed.set(raw, result)
    }
    return result
  }
}
