// Where the projector window goes. Pure so it can be tested without Electron.

export interface DisplayLike {
  id: number
  bounds: { x: number; y: number; width: number; height: number }
}

/** The first display that is not the primary one (where the GM sits), or null if there is none. */
export function pickProjectorDisplay<D extends DisplayLike>(displays: readonly D[], primaryId: number): D | null {
  return displays.find((d) => d.id !== primaryId) ?? null
}
