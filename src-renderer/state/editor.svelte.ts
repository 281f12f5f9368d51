// The map editor's own view state: which tool is active and its options, and which board
// overlays are shown. Never campaign data (that only changes through commands).
import type { DoorState, SystemId, Terrain } from '@core/rules/model'
import type { ElevationMode } from '../lib/edit-tools'
import type { Shape, Tool } from '../lib/tools'
import { systemFacts } from '@core/rules/facts'

export const TERRAIN_ORDER: readonly Terrain[] = ['floor', 'difficult', 'pit', 'solid']

/**
 * The terrain a system gives a meaning: Arianrhod's グリッドルール (seed 000) has no difficult
 * terrain, so its maps are not offered one that would do nothing.
 */
export function terrainsFor(system: SystemId): readonly Terrain[] {
  return systemFacts(system).difficultTerrain
    ? TERRAIN_ORDER
    : TERRAIN_ORDER.filter((t) => t !== 'difficult')
}

export class EditorState {
  /** Walls first: opening a map is mostly for prep, and a click on a grid line then draws. */
  // Select first: a campaign must never open on a tool whose first click draws (issue 12.4).
  tool = $state<Tool>('select')
  shape = $state<Shape>('brush')
  terrain = $state<Terrain>('difficult')
  elevation = $state(6)
  elevationMode = $state<ElevationMode>('set')
  /** New doors are drawn secret when set. */
  secretDoors = $state(false)
  newDoorState = $state<DoorState>('closed')
  lightLevel = $state(4)
  lightRadius = $state(6)
  /** Index into the map's light sources being edited, if any. */
  /** The selected light source's id (light tool). */
  selectedLight = $state<string | null>(null)
  tokenFaction = $state('party')
  /** Name of the tokens the Token tool places, numbered per copy ("Goblin 1, 2, 3"); blank = faction. */
  tokenName = $state('')
  /** "Place hidden" per faction; unset means on for every faction but the party (issue 11.8). */
  placeHidden = $state<Record<string, boolean>>({})

  placesHidden(faction: string): boolean {
    return Object.hasOwn(this.placeHidden, faction)
      ? this.placeHidden[faction]
      : faction !== 'party'
  }
  deployFaction = $state('party')
  /** The trap being edited in the trap tool's panel, by id. */
  selectedTrap = $state<string | null>(null)
  /**
   * A thing a click just created whose name field takes the keyboard (issue 25): typing right
   * after placing a trap or a token names it instead of switching tools. Cleared once focused.
   */
  nameEntry = $state<{ kind: 'trap' | 'token'; id: string } | null>(null)
  lightOverlay = $state(false)
  heights = $state(false)
  heightView = $state(false)
  helpOpen = $state(false)
  /** The next drag on the board marks one square of the map's picture (ArtPanel → alignment). */
  artMark = $state(false)

  /** What the brush paints on a map of this system: the chosen terrain, or solid where the system has no use for it. */
  terrainOn(system: SystemId): Terrain {
    return terrainsFor(system).includes(this.terrain) ? this.terrain : 'solid'
  }

  cycleTerrain(system?: SystemId): void {
    const order = system ? terrainsFor(system) : TERRAIN_ORDER
    const current = system ? this.terrainOn(system) : this.terrain
    this.terrain = order[(order.indexOf(current) + 1) % order.length]
  }
}
