import { describe, expect, it } from 'vitest'
import { displayOfWindow, displayToMoveTo, pickProjectorDisplay } from './display-choice'

const display = (id: number, x: number) => ({ id, bounds: { x, y: 0, width: 1920, height: 1080 } })

describe('pickProjectorDisplay', () => {
  it('returns null with only the primary display', () => {
    expect(pickProjectorDisplay([display(1, 0)], 1)).toBeNull()
  })
  it('picks a display that is not the primary one, whatever the order', () => {
    expect(pickProjectorDisplay([display(2, 1920), display(1, 0)], 1)?.id).toBe(2)
    expect(pickProjectorDisplay([display(1, 0), display(3, -1920)], 1)?.id).toBe(3)
  })
})

describe('displayToMoveTo', () => {
  it('moves a projector sitting on the primary display to a newly plugged one', () => {
    expect(displayToMoveTo([display(1, 0), display(2, 1920)], 1, 1)?.id).toBe(2)
    expect(displayToMoveTo([display(1, 0), display(2, 1920)], 1, null)?.id).toBe(2)
  })
  it('stays when already on an external display or when there is none', () => {
    expect(displayToMoveTo([display(1, 0), display(2, 1920), display(3, 3840)], 1, 3)).toBeNull()
    expect(displayToMoveTo([display(1, 0)], 1, 1)).toBeNull()
  })
})

describe('displayOfWindow', () => {
  it('finds the display holding most of the window', () => {
    const displays = [display(1, 0), display(2, 1920)]
    expect(displayOfWindow(displays, { x: 1800, y: 10, width: 800, height: 600 }, 1)?.id).toBe(2)
    expect(displayOfWindow(displays, { x: 100, y: 10, width: 800, height: 600 }, 1)?.id).toBe(1)
    expect(displayOfWindow(displays, { x: 9000, y: 9000, width: 10, height: 10 }, 1)?.id).toBe(1)
  })
})
