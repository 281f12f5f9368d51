import { describe, expect, it } from 'vitest'
import type { PlayerToken } from '@core/table/player-view-schema'
import { translate, type Locale } from '../lib/i18n'
import { tableNames } from './table-names'

const tokens: PlayerToken[] = [
  { id: 'a', at: [0, 0], side: 'party', name: 'Valeros' },
  { id: 'b', at: [1, 0], side: 'party', name: 'Merisiel', label: 'Mer' },
  { id: 'c', at: [2, 0], side: 'other', number: 3 },
  { id: 'd', at: [3, 0], side: 'party', number: 1 },
  { id: 'e', at: [4, 0], side: 'other', name: 'Goblin 2' },
]

const names = (locale: Locale) =>
  Object.fromEntries(tableNames(tokens, (key, params) => translate(locale, key, params)))

describe('tableNames', () => {
  it('names a token by its name and label, or by its side and number in the page’s language', () => {
    expect(names('en')).toEqual({
      a: { name: 'Valeros', label: 'V' },
      b: { name: 'Merisiel', label: 'Mer' },
      c: { name: 'Enemy 3', label: 'E3' },
      d: { name: 'Ally 1', label: 'A1' },
      e: { name: 'Goblin 2', label: 'G2' },
    })
    expect(names('ja').c).toEqual({ name: '敵3', label: '敵3' })
    expect(names('ja').d).toEqual({ name: '味方1', label: '味1' })
  })

  it('never gives a named token the label of an unnamed one (issue 25)', () => {
    const elf: PlayerToken = { id: 'f', at: [5, 0], side: 'other', name: 'Elf 3' }
    const said = tableNames([...tokens, elf], (key, params) => translate('en', key, params))
    expect(said.get('c')!.label).toBe('E3')
    expect(said.get('f')!.label).toBe('El3')
  })
})
