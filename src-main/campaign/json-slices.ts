// JSON text of a large value without one long task on main (issue 26: a change that adds an
// imported map of a hundred thousand edges is journaled and sent to every window). The text is
// exactly JSON.stringify(value) for plain campaign data; lists are written a slice of elements at
// a time and the work yields to the event loop whenever it has run for a few milliseconds.

/** Lists longer than this are written this many elements to a piece. */
const LIST_SLICE = 1000
const SLICE_MS = 8

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** Long lists' JSON texts written elsewhere, by list object (adoptListJson). */
const knownListTexts = new WeakMap<readonly unknown[], readonly string[]>()

/**
 * Remembers a long list's JSON as it was written elsewhere: the import worker writes a new map's
 * edges as JSON slices, which main parses into `list`; the journal line and the windows' event
 * then reuse that text instead of writing a hundred thousand edges again on main (issue 26).
 * `slices` are JSON.stringify of consecutive runs of the list's elements, in order, none empty.
 * Campaign values are never changed in place, so the text stays the list's.
 */
export function adoptListJson(list: readonly unknown[], slices: readonly string[]): void {
  knownListTexts.set(list, slices)
}

function* pieces(value: unknown): Generator<string> {
  if (Array.isArray(value)) {
    const known = knownListTexts.get(value)
    if (known) {
      yield '['
      for (let i = 0; i < known.length; i++) yield `${i > 0 ? ',' : ''}${known[i].slice(1, -1)}`
      yield ']'
      return
    }
    if (value.length > LIST_SLICE) {
      yield '['
      for (let start = 0; start < value.length; start += LIST_SLICE) {
        const text = JSON.stringify(value.slice(start, start + LIST_SLICE))
        yield `${start > 0 ? ',' : ''}${text.slice(1, -1)}`
      }
      yield ']'
      return
    }
    if (value.every((item) => typeof item !== 'object' || item === null)) {
      yield JSON.stringify(value)
      return
    }
    yield '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ','
      const item: unknown = value[i]
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null'
      else yield* pieces(item)
    }
    yield ']'
    return
  }
  if (typeof value === 'object' && value !== null) {
    yield '{'
    let first = true
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue
      yield `${first ? '' : ','}${JSON.stringify(key)}:`
      first = false
      yield* pieces(item)
    }
    yield '}'
    return
  }
  yield JSON.stringify(value) ?? 'null'
}

/** JSON.stringify(value), built in slices that yield to the event loop between them. */
export async function stringifyInSlices(value: unknown): Promise<string> {
  return (await stringifyInParts(value)).join('')
}

/**
 * JSON.stringify(value) as consecutive texts of about `partChars` (a text sent in parts is never
 * copied into one string first), built in slices that yield to the event loop between them.
 */
export async function stringifyInParts(value: unknown, partChars = 1 << 18): Promise<string[]> {
  const parts: string[] = []
  let part: string[] = []
  let chars = 0
  let started = performance.now()
  for (const piece of pieces(value)) {
    part.push(piece)
    chars += piece.length
    if (chars >= partChars) {
      parts.push(part.join(''))
      part = []
      chars = 0
    }
    if (performance.now() - started > SLICE_MS) {
      await yieldToEventLoop()
      started = performance.now()
    }
  }
  if (part.length > 0 || parts.length === 0) parts.push(part.join(''))
  return parts
}
