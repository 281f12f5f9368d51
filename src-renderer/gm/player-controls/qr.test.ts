import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { qrMatrix } from './qr'

/** Renders the matrix as an RGBA bitmap (4 px a module, a 4-module quiet zone) for a decoder. */
function rasterise(qr: ReturnType<typeof qrMatrix>): { data: Uint8ClampedArray; side: number } {
  const scale = 4
  const side = (qr.size + 8) * scale
  const data = new Uint8ClampedArray(side * side * 4).fill(255)
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (!qr.modules[y * qr.size + x]) continue
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((y + 4) * scale + dy) * side + (x + 4) * scale + dx) * 4
          data[offset] = data[offset + 1] = data[offset + 2] = 0
        }
      }
    }
  }
  return { data, side }
}

describe('the join QR code', () => {
  it.each([
    'http://192.168.1.23:54321/join',
    'http://[fe80::1c2b:3aff:fe4d:5e6f]:5199/join?code=ABCD2345',
    `http://10.0.0.7:5199/join#${'x'.repeat(120)}`,
  ])('decodes back to the address it encodes: %s', (url) => {
    const qr = qrMatrix(url)
    const { data, side } = rasterise(qr)
    expect(jsQR(data, side, side)?.data).toBe(url)
  })

  it('draws exactly the dark modules as the SVG path', () => {
    const qr = qrMatrix('http://192.168.1.23:54321/join')
    const drawn = new Uint8Array(qr.size * qr.size)
    for (const [, x, y, width] of qr.path.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
      for (let i = 0; i < Number(width); i++) drawn[Number(y) * qr.size + Number(x) + i] = 1
    }
    expect(drawn).toEqual(qr.modules)
    // The three finder patterns sit in the corners.
    const at = (x: number, y: number) => qr.modules[y * qr.size + x]
    for (const [fx, fy] of [
      [0, 0],
      [qr.size - 7, 0],
      [0, qr.size - 7],
    ]) {
      expect([at(fx, fy), at(fx + 1, fy + 1), at(fx + 3, fy + 3)]).toEqual([1, 0, 1])
    }
  })
})
