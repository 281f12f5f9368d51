// Keyboard shortcuts for campaign history. Text fields keep their own undo.

export type HistoryAction = 'undo' | 'redo'

export interface KeyLike {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/** Ctrl/Cmd+Z undoes; Ctrl/Cmd+Shift+Z and Ctrl/Cmd+Y redo. */
export function historyShortcut(event: KeyLike): HistoryAction | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null
  const key = event.key.toLowerCase()
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo'
  if (key === 'y' && !event.shiftKey) return 'redo'
  return null
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
