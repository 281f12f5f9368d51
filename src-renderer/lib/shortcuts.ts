// Key presses: the shape the action registry matches (state/actions/) and which targets keep
// their keys to themselves. Text fields keep their own undo.

export interface KeyLike {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/** True when the key press belongs to an editable control rather than the map. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false
  const element = target as HTMLElement
  const tag = element.tagName.toLowerCase()
  if (tag === 'textarea' || element.isContentEditable) return true
  if (tag !== 'input') return false
  const type = ((element as HTMLInputElement).type || 'text').toLowerCase()
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(type)
}
