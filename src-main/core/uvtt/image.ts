// Pixel size of a base64 PNG or WebP from its header alone (the import dialog and report need it;
// decoding the whole picture is the art worker's job).
import { imageInfo } from '../art/image-info'
import { UvttError } from './errors'

export function imageSize(base64: string): { width: number; height: number } {
  const info = imageInfo(headerBytes(base64))
  if (!info || info.type === 'jpeg') {
    throw new UvttError(
      'image-undecodable',
      'The map image is neither a PNG nor a WebP picture.',
      '/image',
    )
  }
  return { width: info.width, height: info.height }
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
