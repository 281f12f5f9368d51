// The join address as a QR code, encoded by the `qrcode` package (a maintained implementation of
// ISO/IEC 18004) and drawn by the LAN panel as one SVG path, so no canvas or image is needed.
import QRCode from 'qrcode'

export interface QrMatrix {
  size: number
  /** Row-major, 1 = dark. */
  modules: Uint8Array
  /** One SVG path drawing every dark module as a unit square. */
  path: string
}

/** Medium error correction: a projected or phone-photographed code survives a smudge or glare. */
export function qrMatrix(text: string): QrMatrix {
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const size = code.modules.size
  const modules = Uint8Array.from(code.modules.data, (dark) => (dark ? 1 : 0))
  const runs: string[] = []
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!modules[y * size + x]) continue
      let end = x
      while (end + 1 < size && modules[y * size + end + 1]) end++
      runs.push(`M${x} ${y}h${end - x + 1}v1h${-(end - x + 1)}z`)
      x = end
    }
  }
  return { size, modules, path: runs.join('') }
}
