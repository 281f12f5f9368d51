// The type and pixel size of a PNG, JPEG or WebP picture, read from its header bytes alone (no
// decoding), so a store, an import dialog or a report can check a picture cheaply. The header also
// says how the pixels are laid out (PNG depth and colour type, JPEG components and sampling, WebP
// lossy or lossless), which is what a decode's memory depends on (picture-budget.ts).

export type ImageType = 'png' | 'jpeg' | 'webp'

export interface ImageInfo {
  type: ImageType
  width: number
  height: number
}

export type PictureHeader =
  | (ImageInfo & {
      type: 'png'
      /** Bits per sample: 1, 2, 4, 8 or 16. */
      depth: number
      /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
      colourType: number
      interlaced: boolean
    })
  | (ImageInfo & {
      type: 'jpeg'
      /** Sampling factors of each component (1–4 each), in frame order. */
      components: Array<{ h: number; v: number }>
      progressive: boolean
    })
  | (ImageInfo & { type: 'webp'; lossless: boolean })

export const IMAGE_MIME: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
}

/** The picture's type and size, or null when the bytes are none of the three formats. */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const header = pictureHeader(bytes)
  return header ? { type: header.type, width: header.width, height: header.height } : null
}

/** The picture's header, or null when the bytes do not start like a PNG, JPEG or WebP. */
export function pictureHeader(bytes: Uint8Array): PictureHeader | null {
  return pngHeader(bytes) ?? webpHeader(bytes) ?? jpegHeader(bytes)
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function pngHeader(bytes: Uint8Array): PictureHeader | null {
  if (
    bytes.length < 29 ||
    !PNG_SIGNATURE.every((b, i) => bytes[i] === b) ||
    ascii(bytes, 12, 4) !== 'IHDR'
  )
    return null
  return positive({
    type: 'png',
    width: u32be(bytes, 16),
    height: u32be(bytes, 20),
    depth: bytes[24],
    colourType: bytes[25],
    interlaced: bytes[28] === 1,
  })
}

function webpHeader(bytes: Uint8Array): PictureHeader | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP')
    return null
  const chunk = ascii(bytes, 12, 4)
  if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return positive({
      type: 'webp',
      width: (bytes[26] | (bytes[27] << 8)) & 0x3fff,
      height: (bytes[28] | (bytes[29] << 8)) & 0x3fff,
      lossless: false,
    })
  }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24)
    return positive({
      type: 'webp',
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
      lossless: true,
    })
  }
  if (chunk === 'VP8X') {
    return positive({
      type: 'webp',
      width: 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16)),
      height: 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16)),
      // The canvas header does not say; a lossless picture needs more memory, so assume it.
      lossless: true,
    })
  }
  return null
}

/** Walks the JPEG markers to the first start-of-frame, which holds the size and components. */
function jpegHeader(bytes: Uint8Array): PictureHeader | null {
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
      const count = bytes[at + 9]
      const components: Array<{ h: number; v: number }> = []
      for (let i = 0; i < count; i++) {
        const sampling = bytes[at + 11 + i * 3]
        if (sampling === undefined) return null
        components.push({ h: sampling >> 4, v: sampling & 15 })
      }
      return positive({
        type: 'jpeg',
        height: (bytes[at + 5] << 8) | bytes[at + 6],
        width: (bytes[at + 7] << 8) | bytes[at + 8],
        components,
        progressive: marker === 0xc2,
      })
    }
    at += 2 + length
  }
  return null
}

function positive<T extends ImageInfo>(info: T): T | null {
  return info.width > 0 && info.height > 0 ? info : null
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.slice(at, at + length))
}

function u32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0
}
