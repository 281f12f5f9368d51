// Strict base64 (a data: URL prefix allowed) to bytes: anything else is refused, not guessed at.

/** The bytes, or null when the text is not base64. */
export function base64Bytes(text: string): Buffer | null {
  const body = text.replace(/^data:[a-z/+.-]+;base64,/, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) return null
  return Buffer.from(body, 'base64')
}
