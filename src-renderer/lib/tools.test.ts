import { describe, expect, it } from 'vitest'
import { isFogTool, SHAPED_TOOLS } from './tools'
import { actionForKey } from '../state/actions/registry.svelte'

const press = (key: string) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
})

describe('fog and trap tools', () => {
  it('have their own keys', () => {
    const idOf = (key: string) => actionForKey(press(key), 'board')?.action.id
    expect(idOf('o')).toBe('tool.fog-reveal')
    expect(idOf('U')).toBe('tool.fog-hide')
    expect(idOf('j')).toBe('tool.trap')
  })

  it('fog brushes take the brush / rectangle / fill shapes; the trap tool does not', () => {
    expect(isFogTool('fog-reveal') && isFogTool('fog-hide')).toBe(true)
    expect(isFogTool('terrain')).toBe(false)
    expect(SHAPED_TOOLS).toContain('fog-hide')
    expect(SHAPED_TOOLS).not.toContain('trap')
  })
})
