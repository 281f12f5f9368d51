// Issue 12.10: short token labels and numbered copies.
import { describe, expect, it } from 'vitest'
import { initials, nextNumberedName, tokenLabels } from './token-labels'

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
    const labels = tokenLabels([
      { id: 'a', name: 'Orc' },
      { id: 'b', name: 'Orc' },
      { id: 'c', name: 'Hero', label: 'Me' },
    ])
    expect([...labels.values()]).toEqual(['O', 'O2', 'Me'])
  })

  it('numbers copies after the highest number already on the map', () => {
    expect(nextNumberedName('Goblin', [])).toBe('Goblin 1')
    expect(nextNumberedName('Goblin', ['Goblin 1', 'Goblin 4', 'Orc 9'])).toBe('Goblin 5')
    expect(nextNumberedName('a.b', ['a.b 2', 'axb 7'])).toBe('a.b 3')
  })
})
