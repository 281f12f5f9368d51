// The board's focus keeps the squares it is given as they are (issue 29): a pointer move over a
// new square is stored as that pair, not copied into a deep proxy, and so are the path target and
// a token drag (readers following them: ruler, fight and board tests).
import { describe, expect, it } from 'vitest'
import type { Cell } from '@core/rules/model'
import { BoardFocus } from './board.svelte'

describe('BoardFocus', () => {
  it('keeps the hovered square, the path target and a drag as given', () => {
    const focus = new BoardFocus()
    const hovered: Cell = [3, 4]
    focus.hover(hovered)
    expect(focus.hoveredCell).toBe(hovered)
    const target: Cell = [5, 6]
    focus.pathTarget = target
    expect(focus.pathTarget).toBe(target)
    const drag = { tokenId: 't', from: [1, 1] as Cell, to: [2, 2] as Cell }
    focus.drag = drag
    expect(focus.drag).toBe(drag)
  })
})
