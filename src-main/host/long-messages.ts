// The host's side of long requests sent in parts (ipc/long-message.ts): one per connection, it
// keeps the request whose parts are arriving and hands it on whole once the last one is in. A
// client sends a request's parts one after another, so a connection has at most one open at a
// time; parts that break the format (out of order, another request's, past the size cap) refuse
// that request once, and its remaining parts are dropped without further answers.
import { MAX_MESSAGE_BYTES } from '@core/campaign/limits'
import type { HandlerError } from '@core/contract/contract'
import type { LongMessageHead, LongMessagePart } from '@core/contract/long-message'
import type { ClientMessage, MessageId } from './messages'

export type Assembled =
  { ok: true; message: ClientMessage } | { ok: false; id: MessageId; error: HandlerError }

interface OpenRequest {
  head: LongMessageHead
  pieces: string[]
  chars: number
  /** Set once the request is refused: its remaining parts are dropped. */
  refused: boolean
}

export class LongRequests {
  private open: OpenRequest | null = null

  constructor(private readonly maxChars: number = MAX_MESSAGE_BYTES) {}

  /** A head starts a request: nothing to handle yet (or a refusal). */
  begin(head: LongMessageHead): Assembled | null {
    if (this.open && !this.open.refused)
      return refusal(head.id, 'Another request is still arriving in parts on this connection.')
    if (Object.hasOwn(head.args, head.long.arg))
      return refusal(head.id, `The argument ${head.long.arg} is sent in parts and whole at once.`)
    this.open = { head, pieces: [], chars: 0, refused: false }
    return null
  }

  /** A part: the whole request once it is the last, a refusal, or nothing yet. */
  add(part: LongMessagePart): Assembled | null {
    const open = this.open
    if (!open || open.head.id !== part.id)
      return refusal(part.id, 'A part of a request that was never started.')
    const last = part.part >= open.head.long.parts - 1
    if (open.refused) {
      // The rest of a refused request needs no second answer.
      if (last) this.open = null
      return null
    }
    if (part.part !== open.pieces.length)
      return this.refuse(open, last, 'A part arrived out of order.')
    open.chars += part.text.length
    if (open.chars > this.maxChars)
      return this.refuse(open, last, 'The request is larger than the host accepts.')
    open.pieces.push(part.text)
    if (!last) return null
    this.open = null
    const { id, verb, args, long } = open.head
    // A computed key defines an own property, even one named __proto__.
    return { ok: true, message: { id, verb, args: { ...args, [long.arg]: open.pieces.join('') } } }
  }

  private refuse(open: OpenRequest, last: boolean, message: string): Assembled {
    this.open = last ? null : { ...open, pieces: [], refused: true }
    return refusal(open.head.id, message)
  }
}

function refusal(id: MessageId, message: string): Assembled {
  return { ok: false, id, error: { code: 'bad-message', message } }
}
