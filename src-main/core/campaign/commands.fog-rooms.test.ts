// Fog the GM can work fast (issue 23): a rectangle and a room revealed or hidden in one command,
// and the room behind a door revealed when it opens (the map's revealRoomOnDoorOpen option).
import { describe, expect, it } from 'vitest'
import { asciiMap } from '../rules/testing/ascii-map'
import type { Cell } from '../rules/model'
import { CommandError } from './commands'
import { spansToMask } from './fog'
import { roomMask } from './fog-rooms'
import type { Campaign, CampaignMap } from './schema'
import { applyParsed, makeCampaign, makeMap, mapIn } from './test-helpers'

// Room A (x 0–2, y 0–2) behind a closed door D; room B (x 3–4) with a rock wall (#) east of it and
// an open door (/) south into the corridor (row 3); a window between [1, 2] and [1, 3].
const PLAN = asciiMap(`
  . . .|. . #

  . . .D. . #

  . . .|. . #
  - - - / - -
  . . . . . .

  . . . . . .
`)

function hall(fog: CampaignMap['fog'] = { mode: 'manual', explored: [], revealed: [] }): Campaign {
  const edges = (PLAN.map.edges ?? []).map((edge) =>
    edge.between[0][0] === 1 && edge.between[0][1] === 2 && edge.between[1][1] === 3
      ? { ...edge, kind: 'window' as const }
      : edge,
  )
  return makeCampaign({
    maps: [makeMap({ width: 6, height: 5, cells: PLAN.map.cells ?? [], edges, tokens: [], fog })],
  })
}

/** The squares revealed by hand, as "x,y" sorted. */
function revealed(campaign: Campaign): string[] {
  const map = mapIn(campaign)
  const mask = spansToMask(map.fog?.revealed ?? [], map.width, map.height)
  const out: string[] = []
  mask.forEach((v, i) => v && out.push(`${i % map.width},${Math.floor(i / map.width)}`))
  return out.sort()
}

function square(x0: number, y0: number, x1: number, y1: number): string[] {
  const out: string[] = []
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.push(`${x},${y}`)
  return out.sort()
}

const ROOM_A = square(0, 0, 2, 2)
const ROOM_B = [...square(3, 0, 4, 2), ...square(0, 3, 5, 4), '5,0', '5,1', '5,2'].sort()

const openDoor = (campaign: Campaign, between: [Cell, Cell]) =>
  applyParsed(campaign, {
    type: 'edge.set',
    mapId: 'm1',
    between,
    edge: { kind: 'door', state: 'open' },
  })
const DOOR_AB: [Cell, Cell] = [
  [2, 1],
  [3, 1],
]

describe('revealing a room', () => {
  it('floods to walls, closed doors and windows; through open doors; takes the rock around it', () => {
    const a = applyParsed(hall(), { type: 'fog.room', mapId: 'm1', at: [1, 1], reveal: true })
    expect(revealed(a)).toEqual(ROOM_A)
    const b = applyParsed(hall(), { type: 'fog.room', mapId: 'm1', at: [4, 0], reveal: true })
    expect(revealed(b)).toEqual(ROOM_B)
    // Clicked on the rock itself: that square only.
    expect(
      revealed(applyParsed(hall(), { type: 'fog.room', mapId: 'm1', at: [5, 1], reveal: true })),
    ).toEqual(['5,1'])
  })

  it('low walls join rooms; a locked door parts them', () => {
    const { map } = asciiMap(`
      . .:. .L. .
    `)
    const mask = roomMask(
      { width: map.width, height: map.height, cells: [], edges: map.edges ?? [] },
      [0, 0],
    )
    expect([...mask]).toEqual([1, 1, 1, 1, 0, 0])
  })

  it('hides a room again, and the party forgets having explored it', () => {
    const start = hall({ mode: 'both', explored: [[1, 0, 2]], revealed: [[0, 0, 5]] })
    const hidden = applyParsed(start, { type: 'fog.room', mapId: 'm1', at: [0, 0], reveal: false })
    expect(revealed(hidden)).toEqual(['3,0', '4,0', '5,0'])
    expect(mapIn(hidden).fog?.explored).toEqual([])
  })
})

describe('revealing a rectangle', () => {
  it('takes every square between two corners, in either order, in one command', () => {
    const c = applyParsed(hall(), {
      type: 'fog.rect',
      mapId: 'm1',
      from: [4, 3],
      to: [1, 0],
      reveal: true,
    })
    expect(revealed(c)).toEqual(square(1, 0, 4, 3))
    const back = applyParsed(c, {
      type: 'fog.rect',
      mapId: 'm1',
      from: [2, 2],
      to: [4, 3],
      reveal: false,
    })
    expect(revealed(back)).toEqual(
      square(1, 0, 4, 3).filter((k) => !square(2, 2, 4, 3).includes(k)),
    )
  })

  it('refuses a corner off the map, and changes nothing when nothing changes', () => {
    expect(() =>
      applyParsed(hall(), {
        type: 'fog.rect',
        mapId: 'm1',
        from: [0, 0],
        to: [6, 0],
        reveal: true,
      }),
    ).toThrow(CommandError)
    const start = hall()
    expect(
      applyParsed(start, {
        type: 'fog.rect',
        mapId: 'm1',
        from: [0, 0],
        to: [1, 1],
        reveal: false,
      }),
    ).toBe(start)
  })
})

describe('the room behind a door, revealed when it opens', () => {
  const withOption = () =>
    applyParsed(hall(), { type: 'fog.settings', mapId: 'm1', revealRoomOnDoorOpen: true })

  it('reveals both sides of the door in the same step as the door opens', () => {
    expect(mapIn(withOption()).fog?.revealRoomOnDoorOpen).toBe(true)
    const opened = openDoor(withOption(), DOOR_AB)
    expect(revealed(opened)).toEqual([...new Set([...ROOM_A, ...ROOM_B])].sort())
    // Closing it again hides nothing: the players have seen those rooms.
    const closed = applyParsed(opened, {
      type: 'edge.set',
      mapId: 'm1',
      between: DOOR_AB,
      edge: { kind: 'door', state: 'closed' },
    })
    expect(revealed(closed)).toEqual(revealed(opened))
  })

  it('reveals nothing without the option, or for a door that was already open', () => {
    expect(revealed(openDoor(hall(), DOOR_AB))).toEqual([])
    const corridorDoor: [Cell, Cell] = [
      [3, 2],
      [3, 3],
    ]
    expect(revealed(openDoor(withOption(), corridorDoor))).toEqual([])
    const off = applyParsed(withOption(), {
      type: 'fog.settings',
      mapId: 'm1',
      revealRoomOnDoorOpen: false,
    })
    expect(mapIn(off).fog?.revealRoomOnDoorOpen).toBeUndefined()
    expect(revealed(openDoor(off, DOOR_AB))).toEqual([])
  })
})
