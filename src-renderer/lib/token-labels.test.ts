// Issues 12.10 and 25: short token labels and numbered copies. A unique name keeps its name, and a
// label's digits are only ever the token's own number.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { initials, nextNumberedName, tokenLabels } from './token-labels'

const labelsOf = (...names: string[]) => [
  ...tokenLabels(names.map((name, i) => ({ id: `t${i}`, name }))).values(),
]

describe('token labels', () => {
  it('skips words with no letter or digit, such as the slash of a bilingual name', () => {
    expect(initials('Climber / 登攀役')).toBe('C登')
    expect(initials('Orc - 2')).toBe('O2')
  })

  it("uses initials with the copy number, and the GM's own label when set", () => {
    expect(initials('Goblin 3')).toBe('G3')
    expect(initials('Goblin Boss')).toBe('GB')
    expect(initials('  ')).toBe('?')
    expect(initials('ゴブリン 2')).toBe('ゴ2')
    expect(initials('7')).toBe('7')
    const labels = tokenLabels([
      { id: 'a', name: 'Goblin 1' },
      { id: 'b', name: 'Goblin 2' },
      { id: 'c', name: 'Hero', label: 'Me' },
    ])
    expect([...labels.values()]).toEqual(['G1', 'G2', 'Me'])
  })

  it('tells apart names with the same initials by their letters, never by a digit (issue 25)', () => {
    // Before: "S1" and "S12", which reads as Skeleton 12.
    expect(labelsOf('Skeleton 1', 'Seoni 1')).toEqual(['Sk1', 'Se1'])
    // Before: 主 and 主2 (wt-23a's report).
    expect(labelsOf('主人公A', '主人公B')).toEqual(['主A', '主B'])
    expect(labelsOf('Seoni', 'Sean', 'Skeleton')).toEqual(['Seo', 'Sea', 'Sk'])
    expect(labelsOf('Goblin2', 'Goblin3')).toEqual(['G2', 'G3'])
  })

  it('marks later copies of one name with a letter', () => {
    expect(labelsOf('Orc', 'Orc', 'Orc')).toEqual(['O', 'Ob', 'Oc'])
    expect(labelsOf('Goblin 1', 'Goblin 1')).toEqual(['G1', 'Gb1'])
  })

  it('keeps clear of labels already on the screen (the table screen’s “E3”)', () => {
    const labels = tokenLabels([{ id: 'elf', name: 'Elf 3' }], ['E3'])
    expect(labels.get('elf')).toBe('El3')
  })

  it('property: labels are unique, and their digits are the name’s own number', () => {
    const word = fc.constantFrom(
      'Skeleton',
      'Seoni',
      'Sean',
      'Orc',
      'Ogre',
      '主人公A',
      '主人公B',
      'Goblin',
      'Boss',
      'E',
    )
    const name = fc
      .tuple(
        fc.array(word, { minLength: 1, maxLength: 2 }),
        fc.option(fc.integer({ min: 1, max: 30 })),
      )
      .map(([words, n]) => [...words, ...(n === null ? [] : [String(n)])].join(' '))
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 12 }), (names) => {
        const labels = labelsOf(...names)
        expect(new Set(labels).size).toBe(labels.length)
        labels.forEach((label, i) => {
          const own = /\s(\d+)$/.exec(names[i])?.[1] ?? ''
          const digits = /(\d*)$/.exec(label)![1]
          expect(digits, `${names[i]} → ${label}`).toBe(own)
        })
      }),
      { numRuns: 500 },
    )
  })

  it('keeps a unique name as it is, and numbers from the second copy on (issue 25)', () => {
    expect(nextNumberedName('Valeros', [])).toBe('Valeros')
    expect(nextNumberedName('Valeros', ['Seoni'])).toBe('Valeros')
    expect(nextNumberedName('Goblin', ['Goblin'])).toBe('Goblin 2')
    expect(nextNumberedName('Goblin', ['Goblin', 'Goblin 2'])).toBe('Goblin 3')
    expect(nextNumberedName('Goblin', ['Goblin 1', 'Goblin 4', 'Orc 9'])).toBe('Goblin 5')
    expect(nextNumberedName('a.b', ['a.b 2', 'axb 7'])).toBe('a.b 3')
  })
})
