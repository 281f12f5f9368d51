// The size of a value's pretty-printed JSON (`JSON.stringify(value, null, 2)`), counted without
// building the text. The file budget measures every value a change sets (file-budget.ts): a wall
// click that explores squares sets the map's whole fog, ~5,000 spans, whose 215 KB of text cost
// ~0.5 ms a click to build, count lines in and measure as UTF-8 (issue 29); counted, the same
// spans take a fraction of that and allocate nothing.

export interface TextSize {
  /** UTF-8 bytes of the text. */
  bytes: number
  /** Line breaks in the text. */
  lines: number
}

/** Digits (and sign) of an integer as JSON writes it. */
function integerLength(value: number): number {
  let length = value < 0 ? 2 : 1
  let rest = Math.abs(value)
  while (rest >= 10) {
    rest = Math.floor(rest / 10)
    length++
  }
  return length
}

function numberLength(value: number): number {
  if (!Number.isFinite(value)) return 4 // null
  if (Number.isSafeInteger(value)) return integerLength(value === 0 ? 0 : value)
  return String(value).length
}

/** Bytes of a string as JSON writes it, quotes included. */
function stringBytes(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    // Escapes and multi-byte characters: measured the slow way.
    if (code < 0x20 || code === 0x22 || code === 0x5c || code > 0x7e) {
      return Buffer.byteLength(JSON.stringify(value), 'utf8')
    }
  }
  return value.length + 2
}

/** What JSON.stringify leaves out of an object (and writes as null in a list). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol'
}

/**
 * The pretty-printed size of `value` written at depth 0; `undefined` for what JSON.stringify
 * gives no text for. Placed `d` levels deep, each of its lines gains `2 * d` bytes of indentation.
 */
export function prettyJsonSize(value: unknown): TextSize | undefined {
  if (omitted(value)) return undefined
  const size = { bytes: 0, lines: 0 }
  addValue(value, size)
  return size
}

function addValue(value: unknown, size: TextSize): void {
  switch (typeof value) {
    case 'number':
      size.bytes += numberLength(value)
      return
    case 'string':
      size.bytes += stringBytes(value)
      return
    case 'boolean':
      size.bytes += value ? 4 : 5
      return
    case 'bigint':
      // JSON.stringify throws on it; campaign values hold none.
      throw new TypeError('Do not know how to serialize a BigInt')
    case 'object':
      break
    default:
      size.bytes += 4 // null, for an omitted value in a list
      return
  }
  if (value === null) {
    size.bytes += 4
    return
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    // Campaign values are plain data; anything else is measured the way it is written.
    const text = JSON.stringify(value, null, 2) ?? 'null'
    size.bytes += Buffer.byteLength(text, 'utf8')
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) size.lines++
    return
  }
  if (Array.isArray(value)) addList(value, size)
  else addRecord(value as Record<string, unknown>, size)
}

// A nested value's lines after its first are indented one level more than at depth 0.
function addNested(value: unknown, size: TextSize): void {
  const linesBefore = size.lines
  addValue(value, size)
  size.bytes += 2 * (size.lines - linesBefore)
}

function addList(list: readonly unknown[], size: TextSize): void {
  const count = list.length
  if (count === 0) {
    size.bytes += 2
    return
  }
  // "[", then each item on its own line indented two spaces, commas between, "\n]".
  size.bytes += 2 + (count + 1) + 2 * count + (count - 1)
  size.lines += count + 1
  for (let i = 0; i < count; i++) addNested(list[i], size)
}

function addRecord(record: Record<string, unknown>, size: TextSize): void {
  let count = 0
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue
    const value = record[key]
    if (omitted(value)) continue
    // Its line: indentation, the quoted key, ": ", the value.
    size.bytes += 2 + stringBytes(key) + 2
    addNested(value, size)
    count++
  }
  if (count === 0) {
    size.bytes += 2
    return
  }
  size.bytes += 2 + (count + 1) + (count - 1)
  size.lines += count + 1
}
