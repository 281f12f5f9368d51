// The wire and journal shape of a record change (changes.ts). A record's own content is checked
// where it lands (loadable.ts, through change-paths.ts), not here.
import { z } from 'zod'
import type { Change } from './changes'
import { RECORD_KINDS } from './list-keys'

const kind = z.enum(RECORD_KINDS)
const id = z.string().min(1).max(400)
const mapId = id.optional()
const field = z.array(z.string().min(1).max(200)).min(1).max(20)

export const changeSchema: z.ZodType<Change> = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('put'), kind, id, mapId, record: z.unknown() }),
  z.strictObject({ op: z.literal('remove'), kind, id, mapId }),
  z.strictObject({
    op: z.literal('set'),
    kind,
    id: id.optional(),
    mapId,
    field,
    value: z.unknown(),
  }),
  z.strictObject({ op: z.literal('unset'), kind, id: id.optional(), mapId, field }),
  z.strictObject({ op: z.literal('order'), kind, mapId, ids: z.array(id) }),
]) as z.ZodType<Change>
