// Where the projector window goes, and which display it is on. Pure so it can be tested without
// Electron; projector-window.ts and index.ts apply the answers.

export interface DisplayLike {
  id: number
  bounds: { x: number; y: number; width: number; height: number }
}

export interface DisplayDetails extends DisplayLike {
  label?: string
  size: { width: number; height: number }
  scaleFactor: number
}

/** The first display that is not the primary one (where the GM sits), or null if there is none. */
export function pickProjectorDisplay<D extends DisplayLike>(
  displays: readonly D[],
  primaryId: number,
): D | null {
  return displays.find((d) => d.id !== primaryId) ?? null
}

/**
 * When a display is plugged in: the display the projector should move to, or null to stay.
 * It moves only if it is not already on an external display.
 */
export function displayToMoveTo<D extends DisplayLike>(
  displays: readonly D[],
  primaryId: number,
  currentId: number | null,
): D | null {
  const target = pickProjectorDisplay(displays, primaryId)
  if (!target) return null
  const current = displays.find((d) => d.id === currentId)
  if (current && current.id !== primaryId) return null
  return target
}

/** The display holding most of a window, or the primary one. */
export function displayOfWindow<D extends DisplayLike>(
  displays: readonly D[],
  bounds: DisplayLike['bounds'],
  primaryId: number,
): D | null {
  let best: D | null = null
  let bestArea = 0
  for (const d of displays) {
    const w =
      Math.min(d.bounds.x + d.bounds.width, bounds.x + bounds.width) -
      Math.max(d.bounds.x, bounds.x)
    const h =
      Math.min(d.bounds.y + d.bounds.height, bounds.y + bounds.height) -
      Math.max(d.bounds.y, bounds.y)
    const area = Math.max(0, w) * Math.max(0, h)
    if (area > bestArea) {
      bestArea = area
      best = d
    }
  }
  return best ?? displays.find((d) => d.id === primaryId) ?? null
}
