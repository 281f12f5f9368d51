// Tests that count the battles the engine answers on (map-battle.ts), by the map asked for:
//   const battles = vi.hoisted(() => ({ asked: [] as unknown[] }))
//   vi.mock('@core/campaign/map-battle', async (importOriginal) =>
//     (await import('./counted-battles.testing')).countingBattles(await importOriginal(), battles))
import type * as MapBattle from '@core/campaign/map-battle'

export function countingBattles(
  actual: typeof MapBattle,
  battles: { asked: unknown[] },
): typeof MapBattle {
  return {
    ...actual,
    battleOf: (map) => {
      battles.asked.push(map)
      return actual.battleOf(map)
    },
  }
}
