import { describe, expect, it } from 'vitest'
import { historyShortcut, isTextEntry } from './shortcuts'

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
})

describe('historyShortcut', () => {
  it('maps Ctrl/Cmd+Z, Ctrl+Shift+Z and Ctrl+Y', () => {
    expect(historyShortcut(key('z', { ctrlKey: true }))).toBe('undo')
    expect(historyShortcut(key('z', { metaKey: true }))).toBe('undo')
    expect(historyShortcut(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo')
    expect(historyShortcut(key('y', { ctrlKey: true }))).toBe('redo')
  })
  it('ignores plain keys and Alt combinations', () => {
    expect(historyShortcut(key('z'))).toBeNull()
    expect(historyShortcut(key('z', { ctrlKey: true, altKey: true }))).toBeNull()
    expect(historyShortcut(key('x', { ctrlKey: true }))).toBeNull()
  })
})

describe('isTextEntry', () => {
  it('is true for text inputs and text areas only', () => {
    const text = document.createElement('input')
    const checkbox = document.createElement('input')
    checkbox.type = 'checkbox'
    expect(isTextEntry(text)).toBe(true)
    expect(isTextEntry(document.createElement('textarea'))).toBe(true)
    expect(isTextEntry(checkbox)).toBe(false)
    expect(isTextEntry(document.createElement('button'))).toBe(false)
    expect(isTextEntry(null)).toBe(false)
  })
})
