// Shared by the campaign tests (main's and the pages'): small, valid campaigns to start from.
// Pure, so the pages' tests use it too; real temp folders are in temp-dirs.testing.ts.
import {
  CURRENT_SCHEMA_VERSION,
  commandSchema,
  type Campaign,
  type CampaignEdge,
  type CampaignMap,
  type Command,
} from './schema'
import { applyCommand } from './commands'

export function makeMap(overrides: Partial<CampaignMap> = {}): CampaignMap {
  return {
    id: 'm1',
    name: 'Test map',
    system: 'arianrhod',
    width: 6,
    height: 5,
    cells: [],
    edges: [],
    light: { sources: [] },
    tokens: [{ id: 'pc', name: 'PC', at: [0, 0], faction: 'party' }],
    notes: '',
    ...overrides,
  }
}

export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    id: 'c1',
    name: 'Test campaign',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    maps: [makeMap()],
    notes: '',
    ...overrides,
  }
}

/** Freezes a value and everything inside it, so a test fails if code under test mutates it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/** A command applied as main applies one from the page: parsed first, so the schema is exercised. */
export function applyParsed(campaign: Campaign, command: Command): Campaign {
  return applyCommand(deepFreeze(campaign), commandSchema.parse(command))
}

/** Commands applied one after another as main applies those from a page (each parsed first). */
export function applyAllParsed(start: Campaign, ...commands: unknown[]): Campaign {
  return commands.reduce<Campaign>(
    (campaign, command) => applyCommand(campaign, commandSchema.parse(command)),
    start,
  )
}

/** The map with this id; a test fails loudly if it is missing. */
export function mapIn(campaign: Campaign, id = 'm1'): CampaignMap {
  const found = campaign.maps.find((m) => m.id === id)
  if (!found) throw new Error(`no map ${id}`)
  return found
}

/**
 * Walls on every other column boundary of every third row of a size × size map, each record a
 * proxy that notes when it is read: tests count the records an edit touches this way, so they do
 * not depend on the machine's speed.
 */
export function countedWalls(size: number): { edges: CampaignEdge[]; read: Set<object> } {
  const read = new Set<object>()
  const edges: CampaignEdge[] = []
  for (let y = 0; y < size; y += 3)
    for (let x = 0; x < size - 1; x += 2) {
      const edge: CampaignEdge = {
        between: [
          [x, y],
          [x + 1, y],
        ],
        kind: 'wall',
      }
      edges.push(
        new Proxy(edge, {
          get: (target, key, receiver) => {
            read.add(target)
            return Reflect.get(target, key, receiver) as unknown
          },
          ownKeys: (target) => {
            read.add(target)
            return Reflect.ownKeys(target)
          },
        }),
      )
    }
  return { edges, read }
}

/** A wall between two neighbouring squares. */
export const wallBetween = (a: [number, number], b: [number, number]): CampaignEdge => ({
  between: [a, b],
  kind: 'wall',
})

/** The command a wall click on the line between `a` and `b` of map m1 sends. */
export const placeWall = (
  a: [number, number],
  b: [number, number],
): Extract<Command, { type: 'edge.set' }> => ({
  type: 'edge.set',
  mapId: 'm1',
  between: [a, b],
  edge: { kind: 'wall' },
})

/** `tokens` walled into a 4×4 room in the north-west corner of a `size` × `size` map. */
export function walledRoomMap(size: number, tokens: CampaignMap['tokens']): CampaignMap {
  const edges: CampaignEdge[] = []
  for (let i = 0; i < 4; i++) edges.push(wallBetween([3, i], [4, i]), wallBetween([i, 3], [i, 4]))
  return makeMap({ width: size, height: size, edges, tokens })
}

/** The room's east wall taken away at row 1 (walledRoomMap; map m1): its PCs see out. */
export const ROOM_EAST_WALL_REMOVED: Extract<Command, { type: 'edge.set' }> = {
  type: 'edge.set',
  mapId: 'm1',
  between: [
    [3, 1],
    [4, 1],
  ],
  edge: null,
}
