// The WebSocket wire format. Client → host: `{ id, verb, args }`. Host → client: `{ id, result }`
// answers (result is the handlers' HandlerResult) and `{ event, data }` pushes. Every incoming
// message is validated; a bad one gets an error answer and the connection stays up.
import { z } from 'zod'
import type { EventName } from '../ipc/channels'
import type { EventData, HandlerError, HandlerResult } from '../ipc/contract'

export type MessageId = string | number

const clientMessageSchema = z.strictObject({
  id: z.union([z.string().min(1).max(100), z.number().int().nonnegative()]),
  verb: z.string().min(1).max(100),
  args: z.unknown().optional(),
})
export type ClientMessage = z.infer<typeof clientMessageSchema>

export type ServerMessage =
  | { id: MessageId | null; result: HandlerResult }
  | { [E in EventName]: { event: E; data: EventData<E> } }[EventName]

export type ParsedClientMessage =
  { ok: true; message: ClientMessage } | { ok: false; id: MessageId | null; error: HandlerError }

export function parseClientMessage(text: string | null): ParsedClientMessage {
  if (text === null) {
    return {
      ok: false,
      id: null,
      error: { code: 'bad-message', message: 'Binary messages are not accepted.' },
    }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return {
      ok: false,
      id: null,
      error: { code: 'bad-message', message: 'Message is not valid JSON.' },
    }
  }
  const parsed = clientMessageSchema.safeParse(json)
  if (parsed.success) return { ok: true, message: parsed.data }
  // Echo a usable id back so the client can fail the right request.
  const rawId = (json as { id?: unknown } | null)?.id
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null
  const issue = parsed.error.issues[0]
  return {
    ok: false,
    id: id !== null && clientMessageSchema.shape.id.safeParse(id).success ? id : null,
    error: {
      code: 'bad-message',
      message: `Message must be {id, verb, args}: ${issue?.message ?? 'invalid'}${
        issue?.path.length ? ` at /${issue.path.join('/')}` : ''
      }`,
    },
  }
}
