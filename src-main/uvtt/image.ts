// Pixel size of a base64 PNG or WebP from its header alone (the import dialog and report need it;
// decoding the whole picture is the page's job).
import { UvttError } from './errors'

export function imageSize(base64: string): { width: number; height: number } {
  const bytes = headerBytes(base64)
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (png.every((b, i) => bytes[i] === b) && ascii(bytes, 12, 4) === 'IHDR') {
    return { width: u32(bytes, 16), height: u32(bytes, 20) }
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    const chunk = ascii(bytes, 12, 4)
    if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
      return { width: (bytes[26] | (bytes[27] << 8)) & 0x3fff, height: (bytes[28] | (bytes[29] << 8)) & 0x3fff }
    }
    if (chunk === 'VP8L' && bytes[20] === 0x2f) {
      const bits = bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24)
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
    }
    if (chunk === 'VP8X') {
      return { width: 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16)), height: 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16)) }
    }
  }
  throw new UvttError('image-undecodable', 'The map image is neither a PNG nor a WebP picture.', '/image')
}

function headerBytes(base64: string): Uint8Array {
  const head = base64.replace(/\s+/g, '').slice(0, 64)
  let text: string
  try {
    text = atob(head.slice(0, head.length - (head.length % 4)))
  } catch {
    throw new UvttError('image-undecodable', 'The map image is not valid base64.', '/image')
  }
  return Uint8Array.from(text, (c) => c.charCodeAt(0))
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.slice(at, at + length))
}

function u32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0
}
