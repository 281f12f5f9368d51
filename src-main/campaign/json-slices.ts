// JSON text of a large value without one long task on main (issue 26: a change that adds an
// imported map of a hundred thousand edges is journaled and sent to every window). The text is
// exactly JSON.stringify(value) for plain campaign data; lists are written a slice of elements at
// a time and the work yields to the event loop whenever it has run for a few milliseconds.

/** Lists longer than this are written this many elements to a piece. */
const LIST_SLICE = 1000
const SLICE_MS = 8

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

function* pieces(value: unknown): Generator<string> {
  if (Array.isArray(value)) {
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
  const parts: string[] = []
  let started = performance.now()
  for (const piece of pieces(value)) {
    parts.push(piece)
    if (performance.now() - started > SLICE_MS) {
      await yieldToEventLoop()
      started = performance.now()
    }
  }
  return parts.join('')
}
