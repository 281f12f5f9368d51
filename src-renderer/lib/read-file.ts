// Bytes as base64 and back: pictures and campaign packs travel to and from main as text.

/** A file the GM picked, as base64 without the data: URL prefix. */
export function readFileBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64)
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  return bytes
}

/** A data: URL as a Blob, decoded here: the page's CSP keeps connect-src to main alone. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const mime = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream'
  return new Blob([base64ToBytes(dataUrl.slice(dataUrl.indexOf(',') + 1))], { type: mime })
}
