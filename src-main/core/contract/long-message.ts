// Long requests over the host's WebSocket, in parts (issues 26 and 27). A picture, a pack or a
// campaign file travels as one string argument of several MB; sent as one WebSocket message, the
// host's thread would collect, unmask, decode and parse all of it in one go (an 8 MB pack held it
// for 300-650 ms, every other request waiting). Sent in parts, each part costs the host a few
// milliseconds and other requests are answered between them.
//
// Wire format (text messages, JSON):
//   head:  { id, verb, args, long: { arg, parts } }   args without its long string `arg`
//   parts: { id, part: 0 … parts-1, text }            the string's pieces, in order
// A client sends the head and every part one after another. The host (host/long-messages.ts)
// joins the pieces into args[arg] and handles the request as if it had come whole. Pure, no
// imports: the page's transport (src-renderer/lib/api.ts) and the test and bench clients use it.

/** The most characters of the long string in one part (a part's message is a little longer). */
export const PART_CHARS = 256 * 1024

/** The most parts one request may announce (MAX_MESSAGE_BYTES is 516 parts of PART_CHARS). */
export const MAX_PARTS = 1024

export interface LongMessageHead {
  id: number | string
  verb: string
  args: Record<string, unknown>
  long: { arg: string; parts: number }
}

export interface LongMessagePart {
  id: number | string
  part: number
  text: string
}

/**
 * The texts to send for one request: the request itself when it is short, or a head and its
 * parts when one of its arguments is a string longer than a part. `partChars` is for tests.
 */
export function requestTexts(
  id: number | string,
  verb: string,
  args: unknown,
  partChars: number = PART_CHARS,
): string[] {
  const arg = longestStringArg(args)
  if (arg === null || (args as Record<string, string>)[arg].length <= partChars)
    return [JSON.stringify({ id, verb, args })]
  const text = (args as Record<string, string>)[arg]
  const rest: Record<string, unknown> = { ...(args as Record<string, unknown>) }
  delete rest[arg]
  const parts = Math.ceil(text.length / partChars)
  const head: LongMessageHead = { id, verb, args: rest, long: { arg, parts } }
  const texts = [JSON.stringify(head)]
  for (let part = 0; part < parts; part++) {
    const piece: LongMessagePart = {
      id,
      part,
      text: text.slice(part * partChars, (part + 1) * partChars),
    }
    texts.push(JSON.stringify(piece))
  }
  return texts
}

/** The name of the longest string among a plain object's own fields, or null. */
function longestStringArg(args: unknown): string | null {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return null
  let best: string | null = null
  let length = -1
  for (const [name, value] of Object.entries(args)) {
    if (typeof value === 'string' && value.length > length) {
      best = name
      length = value.length
    }
  }
  return best
}
