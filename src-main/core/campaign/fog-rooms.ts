// Rooms for the fog (issue 23): the squares reachable from one square by orthogonal steps that cross
// no wall, closed (or locked) door, window or arrow slit, and enter no solid rock; the solid squares
// around them come with them, as the room's walls. Open doors and low walls join rooms. This is
// what "reveal the room" (fog.room) reveals, and what a map's revealRoomOnDoorOpen option reveals
// on both sides of a door that opens (for tables that play with physical minis and no party
// tokens, so sight never reveals anything).
import { fogOf } from './fog'
import { edgeKey } from './geometry'
import type { CampaignEdge, CampaignMap } from './schema'

type Cell = readonly [number, number]

/** A partition the room's flood stops at. */
function closesRoom(edge: CampaignEdge): boolean {
  if (edge.kind === 'low-wall') return false
  if (edge.kind === 'door') return edge.state !== 'open'
  return true
}

/** The room around `start` as a width × height mask (1 = in the room or one of its walls). */
export function roomMask(
  map: Pick<CampaignMap, 'width' | 'height' | 'edges' | 'cells'>,
  start: Cell,
): Uint8Array {
  const { width, height } = map
  const mask = new Uint8Array(width * height)
  const solid = new Uint8Array(width * height)
  for (const cell of map.cells)
    if (cell.terrain === 'solid') solid[cell.at[1] * width + cell.at[0]] = 1
  const closed = new Set<string>()
  for (const edge of map.edges) if (closesRoom(edge)) closed.add(edgeKey(edge.between))

  const first = start[1] * width + start[0]
  mask[first] = 1
  if (solid[first]) return mask
  const stack = [first]
  const walls: number[] = []
  while (stack.length > 0) {
    const i = stack.pop()!
    const x = i % width
    const y = (i - x) / width
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const nx = x + dx
      const ny = y + dy
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue
      const n = ny * width + nx
      if (
        mask[n] ||
        closed.has(
          edgeKey([
            [x, y],
            [nx, ny],
          ]),
        )
      )
        continue
      mask[n] = 1
      if (solid[n]) walls.push(n)
      else stack.push(n)
    }
  }
  // The rock around the room, corners too, so the players see its walls as the party would.
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || solid[i]) continue
    const x = i % width
    const y = (i - x) / width
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx
        const ny = y + dy
        if (nx >= 0 && ny >= 0 && nx < width && ny < height && solid[ny * width + nx])
          mask[ny * width + nx] = 1
      }
  }
  return mask
}

/** A door, by its edge, that is open in `after` and was not open in `before`. */
function openedDoors(before: CampaignMap, after: CampaignMap): CampaignEdge[] {
  const wasOpen = new Set<string>()
  for (const edge of before.edges)
    if (edge.kind === 'door' && edge.state === 'open') wasOpen.add(edgeKey(edge.between))
  return after.edges.filter(
    (edge) => edge.kind === 'door' && edge.state === 'open' && !wasOpen.has(edgeKey(edge.between)),
  )
}

/**
 * The rooms behind the doors a command opened, as one mask, on a map whose fog reveals them
 * (fog.revealRoomOnDoorOpen); null when there is nothing to reveal. The door being open, the room
 * on one side runs into the room on the other: one flood covers both.
 */
export function roomsBehindOpenedDoors(
  before: CampaignMap | undefined,
  after: CampaignMap,
): Uint8Array | null {
  if (!before || !fogOf(after).revealRoomOnDoorOpen || before.edges === after.edges) return null
  if (before.width !== after.width || before.height !== after.height) return null
  const doors = openedDoors(before, after)
  if (doors.length === 0) return null
  const mask = new Uint8Array(after.width * after.height)
  for (const door of doors) {
    const room = roomMask(after, door.between[0])
    for (let i = 0; i < mask.length; i++) mask[i] |= room[i]
  }
  return mask
}
