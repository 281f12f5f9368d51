// Brings an element into view inside the dock that scrolls it, never by scrolling the page or any
// other ancestor (the page itself never scrolls: issue 12.6). Element.scrollIntoView would also
// scroll overflow-hidden ancestors, shifting the whole screen.

function scroller(element: HTMLElement): HTMLElement | null {
  for (let box = element.parentElement; box; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY
    if (overflow === 'auto' || overflow === 'scroll') return box
  }
  return null
}

/** Whether the element is wholly inside the visible part of its dock. */
function wholeInDock(element: HTMLElement, box: HTMLElement): boolean {
  const area = box.getBoundingClientRect()
  const rect = element.getBoundingClientRect()
  return rect.top >= area.top && rect.bottom <= area.bottom
}

/** `start`: the element's top at the top of its dock; `nearest`: scrolled only if partly hidden. */
export function showInDock(element: HTMLElement, block: 'start' | 'nearest' = 'nearest'): void {
  const box = scroller(element)
  if (!box) return
  const area = box.getBoundingClientRect()
  const rect = element.getBoundingClientRect()
  // The dock's own padding: an element at the top of its content scrolls to 0, not past it.
  const margin = parseFloat(getComputedStyle(box).paddingTop) || 0
  const top = rect.top - area.top + box.scrollTop - margin
  if (block === 'start' || rect.top < area.top) box.scrollTop = top
  else if (rect.bottom > area.bottom)
    box.scrollTop = top + Math.min(rect.height + 2 * margin, area.height) - area.height
}

/**
 * Brings a row into view with the section it belongs to when both fit (the turn order's current
 * row with its round and Next turn buttons), else the row alone; nothing moves while the row is
 * already in view.
 */
export function showRowInSection(row: HTMLElement, section: HTMLElement): void {
  const box = scroller(row)
  if (!box || wholeInDock(row, box)) return
  showInDock(section, 'start')
  if (!wholeInDock(row, box)) showInDock(row)
}
