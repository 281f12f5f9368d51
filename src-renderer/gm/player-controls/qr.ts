// A small QR code encoder for the LAN join address (ISO/IEC 18004): byte mode, error correction
// level M, versions 1–10 (up to 213 bytes), mask chosen by the standard penalty rules. Written
// here because the project adds no packages; it only has to encode one short URL.

/** Per version (index 1–10), level M: EC codewords per block and the blocks' data codeword counts. */
const BLOCKS_M: readonly { ec: number; data: readonly number[] }[] = [
  { ec: 0, data: [] },
  { ec: 10, data: [16] },
  { ec: 16, data: [28] },
  { ec: 26, data: [44] },
  { ec: 18, data: [32, 32] },
  { ec: 24, data: [43, 43] },
  { ec: 16, data: [27, 27, 27, 27] },
  { ec: 18, data: [31, 31, 31, 31] },
  { ec: 22, data: [38, 38, 39, 39] },
  { ec: 22, data: [36, 36, 36, 37, 37] },
  { ec: 26, data: [43, 43, 43, 43, 44] },
]

const ALIGNMENT: readonly (readonly number[])[] = [
  [],
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
]

export const MAX_VERSION = 10

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512)
const LOG = new Uint8Array(256)
{
  let x = 1
  for (let i = 0; i < 255; i++) {
    EXP[i] = x
    LOG[x] = i
    x <<= 1
    if (x & 0x100) x ^= 0x11d
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]
}
const mul = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]])

/** Reed–Solomon error correction codewords for one block. */
export function reedSolomon(data: readonly number[], ecCount: number): number[] {
  // generator (x - α^0)(x - α^1)…(x - α^(n-1)), highest degree first
  let gen = [1]
  for (let i = 0; i < ecCount; i++) {
    const next = new Array<number>(gen.length + 1).fill(0)
    for (let j = 0; j < gen.length; j++) {
      next[j] ^= gen[j]
      next[j + 1] ^= mul(gen[j], EXP[i])
    }
    gen = next
  }
  const rest = [...data, ...new Array<number>(ecCount).fill(0)]
  for (let i = 0; i < data.length; i++) {
    const factor = rest[i]
    if (factor === 0) continue
    for (let j = 0; j < gen.length; j++) rest[i + j] ^= mul(gen[j], factor)
  }
  return rest.slice(data.length)
}

function bch(value: number, generator: number, bits: number): number {
  const genBits = 31 - Math.clz32(generator)
  let rem = value << (genBits)
  for (let i = bits + genBits - 1; i >= genBits; i--) if (rem & (1 << i)) rem ^= generator << (i - genBits)
  return (value << genBits) | rem
}

/** 15 format bits for level M (bits 00) and a mask, masked with 0x5412. */
export function formatBits(mask: number): number {
  return bch((0b00 << 3) | mask, 0x537, 5) ^ 0x5412
}

/** 18 version bits (versions 7 and up). */
export function versionBits(version: number): number {
  return bch(version, 0x1f25, 6)
}

function chooseVersion(byteLength: number): number {
  for (let v = 1; v <= MAX_VERSION; v++) {
    const capacity = BLOCKS_M[v].data.reduce((a, b) => a + b, 0)
    const bits = 4 + (v < 10 ? 8 : 16) + 8 * byteLength
    if (Math.ceil(bits / 8) <= capacity) return v
  }
  throw new Error(`Too long for a version ${MAX_VERSION} QR code: ${byteLength} bytes.`)
}

/** Data and EC codewords, interleaved as they are placed. */
export function codewords(bytes: Uint8Array, version: number): number[] {
  const { ec, data: blockSizes } = BLOCKS_M[version]
  const capacity = blockSizes.reduce((a, b) => a + b, 0)
  const bits: number[] = []
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  put(0b0100, 4)
  put(bytes.length, version < 10 ? 8 : 16)
  for (const b of bytes) put(b, 8)
  put(0, Math.min(4, capacity * 8 - bits.length))
  while (bits.length % 8) bits.push(0)
  const data: number[] = []
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0))
  for (let pad = 0; data.length < capacity; pad++) data.push(pad % 2 === 0 ? 0xec : 0x11)

  const blocks: number[][] = []
  let offset = 0
  for (const size of blockSizes) {
    blocks.push(data.slice(offset, offset + size))
    offset += size
  }
  const ecBlocks = blocks.map((block) => reedSolomon(block, ec))
  const out: number[] = []
  for (let i = 0; i < Math.max(...blockSizes); i++) for (const block of blocks) if (i < block.length) out.push(block[i])
  for (let i = 0; i < ec; i++) for (const block of ecBlocks) out.push(block[i])
  return out
}

export interface QrMatrix {
  size: number
  /** Row-major, 1 = dark. */
  modules: Uint8Array
  /** One SVG path drawing every dark module as a unit square. */
  path: string
  version: number
  mask: number
}

/** The order data modules are filled: two-column zigzag from the bottom right, skipping column 6. */
export function dataPositions(size: number, reserved: Uint8Array): number[] {
  const out: number[] = []
  let upward = true
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5
    for (let k = 0; k < size; k++) {
      const y = upward ? size - 1 - k : k
      for (const x of [right, right - 1]) if (!reserved[y * size + x]) out.push(y * size + x)
    }
    upward = !upward
  }
  return out
}

const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
]

export function maskApplies(mask: number, x: number, y: number): boolean {
  return MASKS[mask](x, y)
}

export function qrMatrix(text: string): QrMatrix {
  const bytes = new TextEncoder().encode(text)
  const version = chooseVersion(bytes.length)
  const size = 17 + 4 * version
  const base = new Uint8Array(size * size)
  const reserved = new Uint8Array(size * size)
  const set = (x: number, y: number, dark: boolean) => {
    base[y * size + x] = dark ? 1 : 0
    reserved[y * size + x] = 1
  }

  for (const [fx, fy] of [[0, 0], [size - 7, 0], [0, size - 7]]) {
    for (let dy = -1; dy <= 7; dy++) {
      for (let dx = -1; dx <= 7; dx++) {
        const x = fx + dx
        const y = fy + dy
        if (x < 0 || y < 0 || x >= size || y >= size) continue
        const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3))
        set(x, y, ring !== 2 && ring !== 4)
      }
    }
  }
  const centres = ALIGNMENT[version]
  for (const cy of centres) {
    for (const cx of centres) {
      if (reserved[cy * size + cx]) continue
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
    }
  }
  for (let i = 8; i < size - 8; i++) {
    set(i, 6, i % 2 === 0)
    set(6, i, i % 2 === 0)
  }
  set(8, size - 8, true)
  // reserve format and version areas (written per mask below)
  for (let i = 0; i < 9; i++) {
    reserved[8 * size + i] = reserved[i * size + 8] = 1
  }
  for (let i = 0; i < 8; i++) {
    reserved[8 * size + (size - 1 - i)] = reserved[(size - 1 - i) * size + 8] = 1
  }
  if (version >= 7) {
    const bits = versionBits(version)
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >> i) & 1) === 1
      const a = Math.floor(i / 3)
      const b = (i % 3) + size - 11
      set(a, b, dark)
      set(b, a, dark)
    }
  }

  const words = codewords(bytes, version)
  const positions = dataPositions(size, reserved)
  const dataBits = new Uint8Array(positions.length)
  for (let i = 0; i < words.length * 8 && i < positions.length; i++) dataBits[i] = (words[i >> 3] >> (7 - (i & 7))) & 1

  let best: Uint8Array | null = null
  let bestMask = 0
  let bestScore = Infinity
  for (let mask = 0; mask < 8; mask++) {
    const modules = base.slice()
    positions.forEach((p, i) => {
      const x = p % size
      const y = (p - x) / size
      modules[p] = dataBits[i] ^ (maskApplies(mask, x, y) ? 1 : 0)
    })
    writeFormat(modules, size, mask)
    const score = penalty(modules, size)
    if (score < bestScore) {
      bestScore = score
      best = modules
      bestMask = mask
    }
  }
  const modules = best as Uint8Array
  let path = ''
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (modules[y * size + x]) path += `M${x} ${y}h1v1h-1z`
  return { size, modules, path, version, mask: bestMask }
}

function writeFormat(modules: Uint8Array, size: number, mask: number): void {
  const bits = formatBits(mask)
  const bit = (i: number) => (bits >> i) & 1
  // around the top-left finder: bits 0–7 down column 8 (skipping timing), 8–14 along row 8
  const vertical = [0, 1, 2, 3, 4, 5, 7, 8]
  for (let i = 0; i < 8; i++) modules[vertical[i] * size + 8] = bit(i)
  const horizontal = [7, 5, 4, 3, 2, 1, 0]
  for (let i = 0; i < 7; i++) modules[8 * size + horizontal[i]] = bit(8 + i)
  // the copy: bits 0–7 along row 8 from the right, 8–14 up column 8 from the bottom
  for (let i = 0; i < 8; i++) modules[8 * size + (size - 1 - i)] = bit(i)
  for (let i = 0; i < 7; i++) modules[(size - 7 + i) * size + 8] = bit(8 + i)
}

/** The standard's four penalty rules (runs, 2×2 blocks, finder-like patterns, dark balance). */
function penalty(m: Uint8Array, size: number): number {
  let score = 0
  const at = (x: number, y: number) => m[y * size + x]
  for (let pass = 0; pass < 2; pass++) {
    for (let a = 0; a < size; a++) {
      let run = 1
      const line: number[] = []
      for (let b = 0; b < size; b++) line.push(pass === 0 ? at(b, a) : at(a, b))
      for (let b = 1; b <= size; b++) {
        if (b < size && line[b] === line[b - 1]) run++
        else {
          if (run >= 5) score += run - 2
          run = 1
        }
      }
      const text = line.join('')
      for (const pattern of ['10111010000', '00001011101']) {
        for (let i = text.indexOf(pattern); i >= 0; i = text.indexOf(pattern, i + 1)) score += 40
      }
    }
  }
  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const c = at(x, y)
      if (c === at(x + 1, y) && c === at(x, y + 1) && c === at(x + 1, y + 1)) score += 3
    }
  }
  let dark = 0
  for (const v of m) dark += v
  score += Math.floor(Math.abs((dark * 100) / m.length - 50) / 5) * 10
  return score
}
