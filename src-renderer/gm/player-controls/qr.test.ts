import { describe, expect, it } from 'vitest'
import { codewords, dataPositions, formatBits, maskApplies, qrMatrix, reedSolomon, versionBits } from './qr'

describe('QR encoder', () => {
  it('computes Reed–Solomon codewords (the standard’s HELLO WORLD 1-M example)', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
    expect(reedSolomon(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
  })

  it('computes format and version information', () => {
    expect(formatBits(0).toString(2).padStart(15, '0')).toBe('101010000010010')
    expect(formatBits(5).toString(2).padStart(15, '0')).toBe('100000011001110')
    expect(versionBits(7).toString(2).padStart(18, '0')).toBe('000111110010010100')
    expect(versionBits(10).toString(2).padStart(18, '0')).toBe('001010010011010011')
  })

  it('encodes bytes with a byte-mode header and pads to capacity', () => {
    const words = codewords(new TextEncoder().encode('hi'), 1)
    expect(words).toHaveLength(26)
    // 0100 | 00000010 | 01101000 01101001 | 0000 → 0x40 0x26 0x86 0x90, then 0xEC 0x11 …
    expect(words.slice(0, 6)).toEqual([0x40, 0x26, 0x86, 0x90, 0xec, 0x11])
  })

  it('draws finder patterns and timing, and the data reads back through the chosen mask', () => {
    const url = 'http://192.168.1.23:54321/player.html?code=ABCD2345'
    const qr = qrMatrix(url)
    expect(qr.version).toBe(4)
    expect(qr.size).toBe(33)
    const at = (x: number, y: number) => qr.modules[y * qr.size + x]
    for (const [fx, fy] of [[0, 0], [qr.size - 7, 0], [0, qr.size - 7]]) {
      expect(at(fx, fy)).toBe(1)
      expect(at(fx + 1, fy + 1)).toBe(0)
      expect(at(fx + 3, fy + 3)).toBe(1)
    }
    for (let i = 8; i < qr.size - 8; i++) expect(at(i, 6)).toBe(i % 2 === 0 ? 1 : 0)
    // read the format bits back: they name the mask used
    const format = [0, 1, 2, 3, 4, 5, 7, 8].map((y, i) => at(8, y) << i).reduce((a, b) => a | b, 0)
    expect(format & 0xff).toBe(formatBits(qr.mask) & 0xff)
    // unmask and read the zigzag: the codewords come back
    const positions = dataPositionsFor(qr.size, qr.version)
    const bits = positions.map((p) => qr.modules[p] ^ (maskApplies(qr.mask, p % qr.size, Math.floor(p / qr.size)) ? 1 : 0))
    const words = codewords(new TextEncoder().encode(url), qr.version)
    const read: number[] = []
    for (let i = 0; i < words.length; i++) read.push(bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0))
    expect(read).toEqual(words)
    expect(qrMatrix('x'.repeat(150)).version).toBe(8)
    expect(qrMatrix('x'.repeat(160)).version).toBe(9)
    expect(() => qrMatrix('x'.repeat(300))).toThrow()
  })
})

/** Function-pattern areas for versions below 7, rebuilt independently of the encoder. */
function dataPositionsFor(size: number, version: number): number[] {
  const reserved = new Uint8Array(size * size)
  const mark = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < size && y < size) reserved[y * size + x] = 1
  }
  for (const [fx, fy] of [[0, 0], [size - 7, 0], [0, size - 7]]) for (let dy = -1; dy <= 7; dy++) for (let dx = -1; dx <= 7; dx++) mark(fx + dx, fy + dy)
  const centre = 4 * version + 10
  if (version >= 2) for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) mark(centre + dx, centre + dy)
  for (let i = 0; i < size; i++) {
    mark(i, 6)
    mark(6, i)
  }
  for (let i = 0; i < 9; i++) {
    mark(i, 8)
    mark(8, i)
  }
  for (let i = 0; i < 8; i++) {
    mark(size - 1 - i, 8)
    mark(8, size - 1 - i)
  }
  return dataPositions(size, reserved)
}
