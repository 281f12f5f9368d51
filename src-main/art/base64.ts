// Strict base64 (a data: URL prefix allowed) to bytes: anything else is refused, not guessed at.
// Base64 text bound for a worker travels as its latin1 bytes in a buffer of its own, moved rather
// than copied: copying a 40 MB picture's text to a worker holds main up for tens of milliseconds.

/** The text as one byte a character (base64 is ASCII), in a buffer that can be moved to a worker. */
export function base64Text(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length)
  Buffer.from(bytes.buffer).write(text, 'latin1')
  return bytes
}

/** The bytes, or null when the text (a string, or base64Text's bytes) is not base64. */
export function base64Bytes(text: string | Uint8Array): Buffer | null {
  const string =
    typeof text === 'string'
      ? text
      : Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('latin1')
  const body = string.replace(/^data:[a-z/+.-]+;base64,/, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) return null
  return Buffer.from(body, 'base64')
}
