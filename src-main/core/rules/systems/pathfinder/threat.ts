// 機会攻撃範囲 (threatened squares): the squares a creature can make a melee attack into.
//
// Threat is distance plus line of effect. Distance is counted 5/10/5 from the nearest square of
// the creature's space in a straight line; exactly 10 ft of reach also takes the second diagonal
// (the Core Rulebook's reach diagram: the whole ring of 16 squares around a Medium creature),
// though 5/10/5 counts those corners as 15 ft. A reach weapon threatens only beyond the natural
// reach (中型が間合いのある武器を使うと隣接マスは機会攻撃範囲に入らない); natural reach threatens
// everything within it. Line of effect: some line from an intersection of the space to a corner of
// the square avoids walls, closed doors, windows and solid rock (grid/region-lines.ts, the lines of
// cover; spec decision 2: threat never reaches across a wall or closed door), and a diagonal
// neighbour is not threatened past a blocked corner (decision 1). Never into solid rock.
import type { Cell } from '../../model'
import { TERRAIN_SOLID, edgeBlocksMovement } from '../../grid/grid'
import type { Region } from '../../grid/region-lines'
import { RegionLines } from '../../grid/region-lines'
import type { Battlefield, Creature } from './creatures'
import { feetForOffset, spaceGap } from './creatures'

const cache = new WeakMap<Battlefield, Map<string, ReadonlySet<number>>>()

/**
 * Whether a creature can threaten at all: 0 ft reach and unarmed creatures threaten nothing (003:
 * 「君が素手の場合、ふつうはいずれのマス目も機会攻撃範囲に収めない」), nor one that takes no action
 * (朦朧, 無防備, 麻痺, 気絶, 瀕死 …: 「自分が近接攻撃を行える範囲を機会攻撃範囲に収めている」).
 */
export function canThreaten(creature: Creature): boolean {
  return creature.reach > 0 && !creature.cannotAct && creature.armed
}

/** Cell indices the creature threatens if its space's north-west square is `at` (its own space excluded). */
export function threatenedCells(
  field: Battlefield,
  creature: Creature,
  at: Cell = creature.at,
): ReadonlySet<number> {
  return canThreaten(creature) ? meleeSquares(field, creature, at) : EMPTY
}

const EMPTY: ReadonlySet<number> = new Set()

/** The squares a creature's melee attacks reach (its reach and line of effect), armed or not. */
export function meleeSquares(
  field: Battlefield,
  creature: Creature,
  at: Cell = creature.at,
): ReadonlySet<number> {
  let perField = cache.get(field)
  if (!perField) {
    perField = new Map()
    cache.set(field, perField)
  }
  const key = `${creature.index}:${at[0]},${at[1]}`
  const hit = perField.get(key)
  if (hit) return hit
  const result = computeThreat(field, creature, at)
  perField.set(key, result)
  return result
}

const effectLines = new WeakMap<Battlefield, RegionLines>()

/** Lines of effect for threat: walls, closed or locked doors, windows and solid rock stop them. */
function linesOfEffect(field: Battlefield): RegionLines {
  let lines = effectLines.get(field)
  if (!lines) {
    const grid = field.grid
    lines = new RegionLines(grid, {
      edgeLevel: (code) => (edgeBlocksMovement(code) ? 1 : 0),
      cellLevel: (cell) => (grid.terrain[cell] === TERRAIN_SOLID ? 1 : 0),
      borderLevel: 1,
    })
    effectLines.set(field, lines)
  }
  return lines
}

/** Whether some line from the space (north-west square `at`, side `side`) reaches square (x, y). */
export function lineOfEffect(
  field: Battlefield,
  at: Cell,
  side: number,
  x: number,
  y: number,
): boolean {
  const lines = linesOfEffect(field)
  const from: Region = (cx, cy) =>
    cx >= at[0] && cy >= at[1] && cx < at[0] + side && cy < at[1] + side
  const to: Region = (cx, cy) => cx === x && cy === y
  const targets: [number, number][] = [
    [x, y],
    [x + 1, y],
    [x, y + 1],
    [x + 1, y + 1],
  ]
  for (let j = 0; j <= side; j++) {
    for (let i = 0; i <= side; i++) {
      const p: [number, number] = [at[0] + i, at[1] + j]
      for (const q of targets) if (lines.level(p, q, from, to) === 0) return true
    }
  }
  return false
}

/** Whether square (x, y) lies within the creature's reach by distance alone (walls aside). */
function withinReachDistance(creature: Creature, at: Cell, x: number, y: number): boolean {
  const [gx, gy] = spaceGap(at, creature.side, [x, y], 1)
  if (gx === 0 && gy === 0) return false
  const straight = feetForOffset(gx, gy)
  const ringException = creature.reach === 10
  if (straight > creature.reach && !(ringException && Math.max(gx, gy) === 2)) return false
  return !(creature.reachWeapon && straight <= creature.naturalReach)
}

/** Square (x, y) is a diagonal neighbour of a corner of the space past a blocked corner (decision 1). */
function pastBlockedCorner(field: Battlefield, creature: Creature, at: Cell, x: number, y: number) {
  const [gx, gy] = spaceGap(at, creature.side, [x, y], 1)
  if (gx !== 1 || gy !== 1) return false
  const side = creature.side
  const nx = x < at[0] ? at[0] : at[0] + side - 1
  const ny = y < at[1] ? at[1] : at[1] + side - 1
  return field.grid.cornerBlocked(nx, ny, x - nx, y - ny)
}

function computeThreat(field: Battlefield, creature: Creature, at: Cell): ReadonlySet<number> {
  const out = new Set<number>()
  if (creature.reach <= 0) return out
  const grid = field.grid
  const side = creature.side
  const span = Math.ceil(creature.reach / 5)
  for (
    let y = Math.max(0, at[1] - span);
    y <= Math.min(grid.height - 1, at[1] + side - 1 + span);
    y++
  ) {
    for (
      let x = Math.max(0, at[0] - span);
      x <= Math.min(grid.width - 1, at[0] + side - 1 + span);
      x++
    ) {
      const cell = grid.index(x, y)
      if (grid.terrain[cell] === TERRAIN_SOLID) continue
      if (!withinReachDistance(creature, at, x, y)) continue
      if (pastBlockedCorner(field, creature, at, x, y)) continue
      if (lineOfEffect(field, at, side, x, y)) out.add(cell)
    }
  }
  return out
}

/**
 * Why a target within reach by distance still cannot be hit in melee: a square of its space is a
 * diagonal neighbour past a blocked corner (decision 1: 「角」), and no square of it is reached.
 */
export function cornerBlocksMelee(field: Battlefield, creature: Creature, target: Creature) {
  return field
    .spaceCells(target, target.at)
    .map((cell) => field.grid.cellOf(cell))
    .some(
      ([x, y]) =>
        withinReachDistance(creature, creature.at, x, y) &&
        pastBlockedCorner(field, creature, creature.at, x, y),
    )
}

/** Whether `creature` (at its place) threatens any square of `target`'s space. */
export function threatensCreature(
  field: Battlefield,
  creature: Creature,
  target: Creature,
  at: Cell = creature.at,
): boolean {
  const threat = threatenedCells(field, creature, at)
  return field.spaceCells(target, target.at).some((cell) => threat.has(cell))
}
