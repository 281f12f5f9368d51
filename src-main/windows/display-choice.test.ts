import { describe, expect, it } from 'vitest'
import { pickProjectorDisplay } from './display-choice'

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
