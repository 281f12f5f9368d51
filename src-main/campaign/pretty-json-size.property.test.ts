import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { prettyJsonSize } from './pretty-json-size'

function measuredByText(value: unknown): { bytes: number; lines: number } | undefined {
  const text = JSON.stringify(value, null, 2)
  if (text === undefined) return undefined
  return { bytes: Buffer.byteLength(text, 'utf8'), lines: text.split('\n').length - 1 }
}

describe('prettyJsonSize', () => {
  it('counts what JSON.stringify(value, null, 2) writes, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(prettyJsonSize(value)).toEqual(measuredByText(value))
      }),
      { numRuns: 2000 },
    )
  })

  it('leaves out and writes null where JSON.stringify does, escapes and multi-byte text included', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withNullPrototype: true,
          withBoxedValues: false,
          withBigInt: false,
          withDate: true,
          withSparseArray: true,
          withObjectString: true,
          withUnicodeString: true,
        }),
        (value) => {
          expect(prettyJsonSize(value)).toEqual(measuredByText(value))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('measures the fog spans a wall click sets, numbers of every width', () => {
    const spans = [
      [0, 0, 9],
      [10, 100, 1000],
      [-1, -0, 12345678901],
    ]
    const fog = {
      mode: 'vision',
      explored: spans,
      revealed: [],
      note: 'ゾーン "A"\n',
      gone: undefined,
    }
    expect(prettyJsonSize(fog)).toEqual(measuredByText(fog))
    expect(prettyJsonSize(undefined)).toBeUndefined()
    expect(prettyJsonSize([undefined, () => 1, NaN, Infinity, 1.5e300, 2 ** 60])).toEqual(
      measuredByText([undefined, () => 1, NaN, Infinity, 1.5e300, 2 ** 60]),
    )
  })
})
