// The docks and folded sections a GM chose are remembered (issue 12.6), and a damaged saved
// value never stops the screen from opening.
import { beforeEach, describe, expect, it } from 'vitest'
import { LayoutState } from './layout.svelte'

describe('LayoutState', () => {
  beforeEach(() => localStorage.clear())

  it('opens both docks on a first start and remembers what the GM closed and folded', () => {
    const first = new LayoutState()
    expect(first.isOpen('fight') && first.isOpen('panels')).toBe(true)
    first.toggle('panels')
    first.fold('notes')
    const next = new LayoutState()
    expect(next.isOpen('panels')).toBe(false)
    expect(next.isOpen('fight')).toBe(true)
    expect(next.isFolded('notes')).toBe(true)
    next.toggle('panels')
    next.fold('notes')
    const last = new LayoutState()
    expect(last.isOpen('panels')).toBe(true)
    expect(last.isFolded('notes')).toBe(false)
  })

  it('ignores a damaged or foreign saved layout', () => {
    for (const saved of [
      '{not json',
      '42',
      '{"closed": ["fight", 3, "board"], "folded": "notes"}',
    ]) {
      localStorage.setItem('grid-gm.layout', saved)
      const layout = new LayoutState()
      expect(layout.isFolded('notes')).toBe(false)
      expect(layout.closed.every((dock) => dock === 'fight' || dock === 'panels')).toBe(true)
    }
  })
})
