// Closing the GM window closes the projector (issue 11.13); closing the projector leaves the GM
// window alone. Fake windows stand in for BrowserWindows.
import { describe, expect, it } from 'vitest'
import { WindowSet } from './window-set'

class FakeWindow {
  closes = 0
  destroyed = false
  close(): void {
    this.closes++
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
}

function setUp() {
  const windows = new WindowSet<FakeWindow>()
  const gm = new FakeWindow()
  const projector = new FakeWindow()
  windows.add(1, 'gm', gm)
  windows.add(2, 'player', projector)
  return { windows, gm, projector }
}

describe('WindowSet', () => {
  it('knows each window’s kind by its web contents until it closes', () => {
    const { windows } = setUp()
    expect(windows.kindOf(1)).toBe('gm')
    expect(windows.kindOf(2)).toBe('player')
    expect(windows.kindOf(3)).toBeUndefined()
    windows.closed(2)
    expect(windows.kindOf(2)).toBeUndefined()
  })

  it('closes the projector when the GM window closes', () => {
    const { windows, gm, projector } = setUp()
    gm.destroyed = true
    windows.closed(1)
    expect(projector.closes).toBe(1)
    expect(windows.kindOf(1)).toBeUndefined()
  })

  it('leaves the GM window open when the projector closes', () => {
    const { windows, gm, projector } = setUp()
    projector.destroyed = true
    windows.closed(2)
    expect(gm.closes).toBe(0)
    expect(windows.windowsOf('gm')).toEqual([gm])
  })

  it('does not close a projector that is already gone', () => {
    const { windows, gm, projector } = setUp()
    projector.destroyed = true
    gm.destroyed = true
    windows.closed(1)
    expect(projector.closes).toBe(0)
  })

  it('keeps the projector while another GM window is still open', () => {
    const { windows, gm, projector } = setUp()
    windows.add(3, 'gm', new FakeWindow())
    gm.destroyed = true
    windows.closed(1)
    expect(projector.closes).toBe(0)
  })
})
