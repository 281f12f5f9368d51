// The WebSocket wire format. Client → host: `{ id, verb, args }`, or a long request as a head and
// its parts (ipc/long-message.ts). Host → client: `{ id, result }` answers (result is the
// handlers' HandlerResult) and `{ event, data }` pushes. Every incoming message is validated; a
// bad one gets an error answer and the connection stays up.
import { z } from 'zod'
import type { EventName } from '@core/contract/channels'
import type { EventData, HandlerError, HandlerResult } from '@core/contract/contract'
import {
  MAX_PARTS,
  PART_CHARS,
  type LongMessageHead,
  type LongMessagePart,
} from '@core/contract/long-message'

export type MessageId = string | number

const idSchema = z.union([z.string().min(1).max(100), z.number().int().nonnegative()])
const clientMessageSchema = z.strictObject({
  id: idSchema,
  verb: z.string().min(1).max(100),
  args: z.unknown().optional(),
})
export type ClientMessage = z.infer<typeof clientMessageSchema>

const longHeadSchema = z.strictObject({
  id: idSchema,
  verb: z.string().min(1).max(100),
  args: z.record(z.string(), z.unknown()),
  long: z.strictObject({
    arg: z.string().min(1).max(100),
    parts: z.number().int().min(1).max(MAX_PARTS),
  }),
}) satisfies z.ZodType<LongMessageHead>

const longPartSchema = z.strictObject({
  id: idSchema,
  part: z.number().int().nonnegative().max(MAX_PARTS),
  text: z.string().max(PART_CHARS),
}) satisfies z.ZodType<LongMessagePart>

/** A message read off the socket: a whole request, or the head or a part of a long one. */
export type IncomingMessage =
  | { kind: 'request'; message: ClientMessage }
  | { kind: 'head'; head: LongMessageHead }
  | { kind: 'part'; part: LongMessagePart }

export type ServerMessage =
  | { id: MessageId | null; result: HandlerResult }
  | { [E in EventName]: { event: E; data: EventData<E> } }[EventName]

/** The request id an incoming message belongs to. */
export function incomingId(incoming: IncomingMessage): MessageId {
  switch (incoming.kind) {
    case 'request':
      return incoming.message.id
    case 'head':
      return incoming.head.id
    case 'part':
      return incoming.part.id
  }
}

export type ParsedClientMessage =
  ({ ok: true } & IncomingMessage) | { ok: false; id: MessageId | null; error: HandlerError }

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
  const fields = json && typeof json === 'object' ? json : {}
  if ('part' in fields) {
    const part = longPartSchema.safeParse(json)
    if (part.success) return { ok: true, kind: 'part', part: part.data }
    return refusal(json, part.error)
  }
  if ('long' in fields) {
    const head = longHeadSchema.safeParse(json)
    if (head.success) return { ok: true, kind: 'head', head: head.data }
    return refusal(json, head.error)
  }
  const parsed = clientMessageSchema.safeParse(json)
  if (parsed.success) return { ok: true, kind: 'request', message: parsed.data }
  return refusal(json, parsed.error)
}

function refusal(json: unknown, zodError: z.ZodError): ParsedClientMessage {
  // Echo a usable id back so the client can fail the right request.
  const rawId = (json as { id?: unknown } | null)?.id
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null
  const issue = zodError.issues[0]
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
