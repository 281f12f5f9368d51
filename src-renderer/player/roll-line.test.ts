import { describe, expect, it } from 'vitest'
import { rollLine } from './roll-line'

describe('rollLine', () => {
  it('keeps the last total and the word after it as the outcome', () => {
    expect(rollLine('(1D20) ＞ 7')).toEqual({ working: '(1D20)', outcome: '7' })
    expect(rollLine('(2D6+8>=20) ＞ 4[2,2]+8 ＞ 12 ＞ 失敗')).toEqual({
      working: '(2D6+8>=20) ＞ 4[2,2]+8',
      outcome: '12 ＞ 失敗',
    })
    expect(rollLine('(2D6+30>=?) ＞ 2[1,1]+30 ＞ 32 ＞ ファンブル')).toEqual({
      working: '(2D6+30>=?) ＞ 2[1,1]+30',
      outcome: '32 ＞ ファンブル',
    })
    expect(rollLine('(1D100<=45) ＞ 81 ＞ 失敗')).toEqual({
      working: '(1D100<=45)',
      outcome: '81 ＞ 失敗',
    })
  })

  it('takes the last step when no step is a number, and a text without steps whole', () => {
    expect(rollLine('(CHOICE[a,b]) ＞ b')).toEqual({ working: '(CHOICE[a,b])', outcome: 'b' })
    expect(rollLine('Secret dice')).toEqual({ working: '', outcome: 'Secret dice' })
    expect(rollLine('(4) ＞ x')).toEqual({ working: '(4)', outcome: 'x' })
  })
})
