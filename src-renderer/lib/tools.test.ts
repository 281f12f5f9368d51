import { describe, expect, it } from 'vitest'
import { isFogTool, SHAPED_TOOLS, SHORTCUTS, shortcutFor } from './tools'

const press = (key: string) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
})

describe('fog and trap tools', () => {
  it('have their own keys, and no key is bound twice', () => {
    expect(shortcutFor(press('o'))).toEqual({ kind: 'tool', tool: 'fog-reveal' })
    expect(shortcutFor(press('U'))).toEqual({ kind: 'tool', tool: 'fog-hide' })
    expect(shortcutFor(press('j'))).toEqual({ kind: 'tool', tool: 'trap' })
    const keys = SHORTCUTS.flatMap((s) => s.match)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('fog brushes take the brush / rectangle / fill shapes; the trap tool does not', () => {
    expect(isFogTool('fog-reveal') && isFogTool('fog-hide')).toBe(true)
    expect(isFogTool('terrain')).toBe(false)
    expect(SHAPED_TOOLS).toContain('fog-hide')
    expect(SHAPED_TOOLS).not.toContain('trap')
  })
})
