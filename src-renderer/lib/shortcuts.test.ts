import { describe, expect, it } from 'vitest'
import { isTextEntry } from './shortcuts'

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
