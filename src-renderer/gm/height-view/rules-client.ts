// The engine answers the 3D view needs (path, reach, light), asked through lib/api.ts's
// `rules.query` like every other view: main stays the authority.
import type { Cell } from '../../../src-main/rules/model'
import { readLightLevel } from './shading'

export type RulesQuery = (query: Record<string, unknown>) => Promise<unknown>

export interface LightFetch {
  /** Resolves with every cell's level the engine answered (index = y * width + x). */
  done: Promise<Map<number, number>>
  cancel(): void
}

/** Several light queries are kept in flight at once; the host answers them in order anyway. */
const LIGHT_CONCURRENCY = 8

/**
 * Asks the engine for the light level of every cell. A system without a `light` query answers the
 * first one with an error: then nothing more is asked and the map counts as unshaded (empty).
 */
export function fetchLightLevels(
  query: RulesQuery,
  width: number,
  height: number,
  onProgress?: (levels: Map<number, number>) => void,
): LightFetch {
  const levels = new Map<number, number>()
  let cancelled = false
  let next = 0
  const total = width * height
  const first = query({ type: 'light', at: [0, 0] satisfies Cell })
  const done = first
    .then(async (answer) => {
      const level = readLightLevel(answer)
      if (level === null) return levels
      levels.set(0, level)
      next = 1
      const worker = async (): Promise<void> => {
        while (!cancelled && next < total) {
          const index = next++
          const at: Cell = [index % width, Math.floor(index / width)]
          const value = readLightLevel(await query({ type: 'light', at }))
          if (value !== null) levels.set(index, value)
          if (onProgress && index % 64 === 0 && !cancelled) onProgress(levels)
        }
      }
      await Promise.all(Array.from({ length: LIGHT_CONCURRENCY }, worker))
      return levels
    })
    .catch(() => levels)
  return {
    done,
    cancel: () => {
      cancelled = true
    },
  }
}
