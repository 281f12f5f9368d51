// Inflating with a byte counter: compressed data from a file (a PNG's image data, a zip entry) is
// inflated as a stream into a buffer of the size the file announced, and the first byte beyond
// that size stops the inflater. A few kilobytes that would inflate to gigabytes (a decompression
// bomb) cost one chunk of work, never the gigabytes.
import { createInflate, createInflateRaw } from 'node:zlib'

export class InflateError extends Error {
  constructor(
    /** `beyond`: more data than announced; `short`: less; `corrupt`: not valid deflate data. */
    readonly reason: 'beyond' | 'short' | 'corrupt',
    message: string,
  ) {
    super(message)
    this.name = 'InflateError'
  }
}

/** Output chunks of this size at most: the counter is checked after each. */
const CHUNK_BYTES = 256 * 1024

/**
 * Inflates `input` (zlib data, or raw deflate for a zip entry) to exactly `size` bytes; anything
 * that would inflate to more stops at the first chunk past `size`, anything shorter is refused.
 */
export function inflateExactly(
  input: Uint8Array | readonly Uint8Array[],
  size: number,
  format: 'zlib' | 'raw',
): Promise<Uint8Array> {
  const pieces = input instanceof Uint8Array ? [input] : input
  const output = new Uint8Array(size)
  let filled = 0
  const stream =
    format === 'zlib'
      ? createInflate({ chunkSize: CHUNK_BYTES })
      : createInflateRaw({ chunkSize: CHUNK_BYTES })
  return new Promise((resolve, reject) => {
    let settled = false
    const fail = (error: InflateError): void => {
      if (settled) return
      settled = true
      stream.destroy()
      reject(error)
    }
    stream.on('data', (chunk: Buffer) => {
      if (filled + chunk.length > size) {
        fail(
          new InflateError('beyond', `The data inflates to more than the ${size} bytes announced.`),
        )
        return
      }
      output.set(chunk, filled)
      filled += chunk.length
    })
    stream.on('error', (error: Error) =>
      fail(new InflateError('corrupt', `The compressed data is damaged: ${error.message}.`)),
    )
    stream.on('end', () => {
      if (settled) return
      if (filled !== size) {
        fail(new InflateError('short', `The data inflates to ${filled} bytes, not ${size}.`))
        return
      }
      settled = true
      resolve(output)
    })
    // Written in slices, so a bomb is stopped within one slice of input.
    for (const piece of pieces) {
      for (let at = 0; at < piece.length && !settled; at += CHUNK_BYTES)
        stream.write(piece.subarray(at, at + CHUNK_BYTES))
    }
    stream.end()
  })
}
