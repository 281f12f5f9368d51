// Issue 12.4: the hint under the tool bar describes the current tool, in both languages.
import { describe, expect, it } from 'vitest'
import { translate } from './i18n'
import { TOOLS, toolHint } from './tools'

describe('tool hints', () => {
  it('every tool has its own hint in English and Japanese', () => {
    const english = TOOLS.map((tool) => translate('en', `hint.${tool}`))
    expect(new Set(english).size).toBe(TOOLS.length)
    for (const tool of TOOLS)
      expect(translate('ja', `hint.${tool}`)).not.toBe(translate('en', `hint.${tool}`))
    expect(translate('en', 'hint.select')).not.toMatch(/place or remove a wall/)
  })

  it('lists only the terrain the map’s system has (issue 25: Arianrhod has no difficult terrain)', () => {
    for (const locale of ['en', 'ja'] as const) {
      const arianrhod = translate(locale, toolHint('terrain', 'arianrhod'))
      const pathfinder = translate(locale, toolHint('terrain', 'pathfinder'))
      expect(arianrhod).not.toMatch(/difficult,|移動困難／/)
      expect(pathfinder).toMatch(/difficult|移動困難/)
    }
  })
})
