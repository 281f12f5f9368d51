import { describe, expect, it } from 'vitest'
import { translate } from './i18n'
import { rollTextIn } from './roll-words'

const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
  translate('en', key, params)
const ja = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
  translate('ja', key, params)

describe('rollTextIn', () => {
  it("words BCDice's outcome in the page's language", () => {
    expect(rollTextIn('(2D6+8>=12) ＞ 9[4,5]+8 ＞ 17 ＞ 成功', en)).toBe(
      '(2D6+8>=12) ＞ 9[4,5]+8 ＞ 17 ＞ Success',
    )
    expect(rollTextIn('(1D100<=45) ＞ 81 ＞ 失敗', en)).toBe('(1D100<=45) ＞ 81 ＞ Failure')
    expect(rollTextIn('(2D6+30>=?) ＞ 2[1,1]+30 ＞ 32 ＞ ファンブル', en)).toBe(
      '(2D6+30>=?) ＞ 2[1,1]+30 ＞ 32 ＞ Fumble',
    )
    expect(rollTextIn('(2D6+3) ＞ 12[6,6]+3 ＞ 15 ＞ クリティカル(+2D6)', en)).toBe(
      '(2D6+3) ＞ 12[6,6]+3 ＞ 15 ＞ Critical (+2D6)',
    )
  })

  it('leaves the Japanese page as BCDice wrote it', () => {
    for (const text of [
      '(2D6+8>=12) ＞ 9[4,5]+8 ＞ 17 ＞ 成功',
      '(2D6+3) ＞ 12[6,6]+3 ＞ 15 ＞ クリティカル(+2D6)',
      '(2D6+30>=?) ＞ 2[1,1]+30 ＞ 32 ＞ ファンブル',
    ])
      expect(rollTextIn(text, ja)).toBe(text)
  })

  it('changes only whole steps after the command', () => {
    expect(rollTextIn('(CHOICE[成功,失敗]) ＞ 失敗', en)).toBe('(CHOICE[成功,失敗]) ＞ Failure')
    expect(rollTextIn('(CHOICE[大成功,x]) ＞ 大成功', en)).toBe('(CHOICE[大成功,x]) ＞ 大成功')
    expect(rollTextIn('成功', en)).toBe('成功')
    expect(rollTextIn('(2D6) ＞ 7[3,4] ＞ 7', en)).toBe('(2D6) ＞ 7[3,4] ＞ 7')
  })
})
