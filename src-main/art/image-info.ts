// The type and pixel size of a PNG, JPEG or WebP picture, read from its header bytes alone (no
// decoding), so a store, an import dialog or a report can check a picture cheaply.

export type ImageType = 'png' | 'jpeg' | 'webp'

export interface ImageInfo {
  type: ImageType
  width: number
  height: number
}

export const IMAGE_MIME: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
}

/** The picture's type and size, or null when the bytes are none of the three formats. */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const size = pngSize(bytes) ?? webpSize(bytes)
  if (size) return size
  return jpegSize(bytes)
}

function pngSize(bytes: Uint8Array): ImageInfo | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (
    bytes.length < 24 ||
    !signature.every((b, i) => bytes[i] === b) ||
    ascii(bytes, 12, 4) !== 'IHDR'
  )
    return null
  return positive({ type: 'png', width: u32be(bytes, 16), height: u32be(bytes, 20) })
}

function webpSize(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP')
    return null
  const chunk = ascii(bytes, 12, 4)
  if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return positive({
      type: 'webp',
      width: (bytes[26] | (bytes[27] << 8)) & 0x3fff,
      height: (bytes[28] | (bytes[29] << 8)) & 0x3fff,
    })
  }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24)
    return positive({
      type: 'webp',
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
    })
  }
  if (chunk === 'VP8X') {
    return positive({
      type: 'webp',
      width: 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16)),
      height: 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16)),
    })
  }
  return null
}

/** Walks the JPEG markers to the first start-of-frame, which holds the size. */
function jpegSize(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1]
    if (marker === 0xff) {
      at++
      continue
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3]
    const startOfFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (startOfFrame) {
      return positive({
        type: 'jpeg',
        height: (bytes[at + 5] << 8) | bytes[at + 6],
        width: (bytes[at + 7] << 8) | bytes[at + 8],
      })
    }
    at += 2 + length
  }
  return null
}

function positive(info: ImageInfo): ImageInfo | null {
  return info.width > 0 && info.height > 0 ? info : null
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.slice(at, at + length))
}

function u32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0
}
