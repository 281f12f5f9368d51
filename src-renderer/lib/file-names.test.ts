import { describe, expect, it } from 'vitest'
import { exportFileStem } from './file-names'

describe('exportFileStem', () => {
  it('keeps any script and replaces what file systems refuse', () => {
    expect(exportFileStem('Sample dungeons / サンプルダンジョン')).toBe(
      'Sample dungeons _ サンプルダンジョン',
    )
    expect(exportFileStem('a:b*c?"d"<e>|f\\g')).toBe('a_b_c__d__e__f_g')
    expect(exportFileStem('tab\there')).toBe('tab_here')
  })
  it('never gives an empty or overlong name', () => {
    expect(exportFileStem('   ')).toBe('campaign')
    expect(exportFileStem('x'.repeat(300))).toHaveLength(80)
  })
})
