// Placing characters without a move: 同乗 (boarding and dismounting, 曲芸下乗), 強制移動 onto an
// occupied square, and the reach of traps (トラップ探知, 《リーチ拡大》).
import type { Cell } from '../../model'
import { TERRAIN_PIT, TERRAIN_SOLID } from '../../grid/grid'
import { leastCostSearch } from '../../grid/search'
import { EIGHT_DIRECTIONS } from '../../grid/grid'
import type { ArToken, Field } from './field'
import { ENGAGEMENT, EXTENDED_REACH, distance, stepCost } from './metric'
import type { Cover } from './combat'
import type { ArianrhodReason } from './reasons'
import { coverBetween, coverReactionDice, inLineOfFire, reachCells, strongerCover } from './combat'
import { diceAt, rolledAt, rollersAt } from './light'

const refused = (reason: ArianrhodReason) => ({ allowed: false as const, reason })

/** A square a character may be put on: in the map, neither solid nor a pit, nobody else there. */
function isFree(field: Field, cell: number, except: ArToken): boolean {
  const terrain = field.grid.terrain[cell]
  return (
    terrain !== TERRAIN_SOLID && terrain !== TERRAIN_PIT && !field.occupiedByOthers(cell, except)
  )
}

function cells(field: Field, list: Iterable<number>): Cell[] {
  return [...list].sort((a, b) => a - b).map((c) => field.grid.cellOf(c))
}

/** 同乗: a minor action, with the rider (a token in the `mounted` state) in the passenger's リーチ. */
export function boardingOf(field: Field, passenger: ArToken, rider: ArToken) {
  if (rider === passenger) return refused('same-token')
  if (!rider.has('mounted')) return refused('rider-not-mounted')
  if (!reachCells(field, passenger.cell).includes(rider.cell)) return refused('rider-outside-reach')
  if (!inLineOfFire(field.grid, passenger.cell, rider.cell))
    return refused('rider-behind-full-cover')
  return { allowed: true, at: field.cellOf(rider), action: 'minor' }
}

export const ACROBATIC_DISMOUNT_BASE_DC = 5

/** 曲芸下乗: 【敏捷】 DC 5 + the widened ZOC, スリップ on failure; `dice` −1 rolled at 明度 ≤ 2. */
interface DismountCheck {
  kind: 'acrobatic-dismount'
  ability: 'AGI'
  dc: number
  onFailure: 'slip'
  dice?: number
}

/**
 * Dismounting (同乗状態の解除): any free square of the passenger's ZOC. When there is none
 * (曲芸下乗) the ZOC widens metre by metre until one appears, with an AGI check of DC 5 + the
 * widened ZOC (in metres) and スリップ on failure.
 */
export function dismountOf(field: Field, passenger: ArToken) {
  const sharing = field.occupantsOf(passenger.cell).filter((t) => t !== passenger)
  if (sharing.length === 0) return refused('not-sharing-a-square')
  const free = field
    .engagement(passenger.cell)
    .filter((c) => c !== passenger.cell && isFree(field, c, passenger))
  if (free.length > 0)
    return {
      allowed: true,
      acrobatic: false,
      zoc: ENGAGEMENT,
      cells: cells(field, free),
      checks: [],
    }
  const nearest = nearestFree(field, passenger, passenger.cell)
  if (nearest.cells.length > 0) {
    const radius = nearest.distance
    return {
      allowed: true,
      acrobatic: true,
      zoc: radius,
      cells: cells(field, nearest.cells),
      // 曲芸下乗 is rolled on the square the passenger leaves (the rider's).
      checks: [
        rolledAt<DismountCheck>(field, passenger.cell, {
          kind: 'acrobatic-dismount',
          ability: 'AGI',
          dc: ACROBATIC_DISMOUNT_BASE_DC + radius,
          onFailure: 'slip',
        }),
      ],
    }
  }
  return refused('no-free-square')
}

/**
 * 強制移動: a character pushed onto an occupied square goes to the nearest free square instead,
 * measured from the intended square through the grid (not across walls); ties are listed for
 * the GM, who picks one.
 */
export function forcedMoveOf(field: Field, token: ArToken, to: number) {
  const grid = field.grid
  if (isFree(field, to, token))
    return { at: grid.cellOf(to), redirected: false, distance: 0, candidates: [grid.cellOf(to)] }
  const nearest = nearestFree(field, token, to)
  if (nearest.cells.length === 0)
    return { at: null, redirected: true, distance: null, candidates: [] }
  const candidates = cells(field, nearest.cells)
  return {
    at: candidates.length === 1 ? candidates[0] : null,
    redirected: true,
    distance: nearest.distance,
    candidates,
  }
}

/** The free squares nearest to `from` (other than itself), measured through the grid. */
function nearestFree(
  field: Field,
  token: ArToken,
  from: number,
): { distance: number; cells: number[] } {
  const grid = field.grid
  const width = grid.width
  const result = leastCostSearch({
    cellCount: grid.size,
    starts: [{ cell: from }],
    canPassThrough: (cell) => grid.terrain[cell] !== TERRAIN_SOLID,
    expand(cell, _s, _c, emit) {
      const x = cell % width
      const y = (cell - x) / width
      for (const [dx, dy] of EIGHT_DIRECTIONS) {
        if (!grid.inBounds(x + dx, y + dy) || grid.stepBlocked(x, y, dx, dy)) continue
        emit(grid.index(x + dx, y + dy), 0, stepCost(dx, dy), 0)
      }
    },
    canEndOn: (cell) => isFree(field, cell, token),
  })
  const reach = result.reach({ excludeStarts: true })
  if (reach.length === 0) return { distance: 0, cells: [] }
  const best = Math.min(...reach.map((r) => r.cost))
  return { distance: best, cells: reach.filter((r) => r.cost === best).map((r) => r.cell) }
}

/**
 * The trap's own リーチ, distance only like a character's (decision 7: 「あるキャラクターやオブジェクトを
 * 中心に…［リーチ］という」): every non-solid square within `metres`; line of fire then decides who it can
 * target (`targets`).
 */
function withinDistance(field: Field, cell: number, metres: number): number[] {
  const grid = field.grid
  const origin = grid.cellOf(cell)
  const span = Math.floor(metres / 2)
  const out: number[] = []
  for (let y = origin[1] - span; y <= origin[1] + span; y++) {
    for (let x = origin[0] - span; x <= origin[0] + span; x++) {
      if (!grid.inBounds(x, y)) continue
      const next = grid.index(x, y)
      if (!grid.isSolid(next) && distance(origin, [x, y]) <= metres) out.push(next)
    }
  }
  return out
}

export type TrapObject = { at: Cell } | { between: [Cell, Cell] }

/**
 * トラップ探知 and the trap's own reach. A chest (a square object) is examined from the squares
 * adjacent to it; an object on an edge (a door) from the two squares sharing that edge. The
 * trap reaches its square's 3 m neighbourhood, 5 m with 《リーチ拡大》; an edge trap reaches the
 * two squares beside it, and with 《リーチ拡大》 the 3 m (5 − 2) neighbourhood of each.
 */
export function trapReachOf(field: Field, object: TrapObject, extended: boolean) {
  const grid = field.grid
  let detect: number[]
  let reach: Set<number>
  let origins: number[]
  if ('at' in object) {
    const cell = grid.index(object.at[0], object.at[1])
    origins = [cell]
    // Decision 7: examined from the リーチ around it wherever a line of fire reaches the chest.
    detect = reachCells(field, cell).filter((c) => c !== cell && inLineOfFire(grid, c, cell))
    reach = new Set(withinDistance(field, cell, extended ? EXTENDED_REACH : ENGAGEMENT))
  } else {
    const sides = object.between.map(([x, y]) => grid.index(x, y))
    detect = sides.filter((c) => !grid.isSolid(c))
    origins = detect
    reach = new Set<number>()
    for (const side of detect) {
      for (const c of extended ? withinDistance(field, side, EXTENDED_REACH - 2) : [side])
        reach.add(c)
    }
  }
  const inside = (set: Iterable<number>) => {
    const s = new Set(set)
    return field.tokens
      .filter((t) => s.has(t.cell))
      .map((t) => t.id)
      .sort()
  }
  // 遮蔽 against the trap itself: 「完全遮蔽を受けているキャラクター等は…トラップ等の対象として選択できない」,
  // partial cover gives +1D to the reaction. Measured from the trap's square (an edge trap: the
  // better of its two sides for the trap).
  const targets = field.tokens
    .filter((t) => reach.has(t.cell))
    .map((t) => {
      const cover = origins
        .map((o) => coverBetween(grid, o, t.cell))
        .reduce<Cover>((best, c) => (strongerCover(best, c) === best ? c : best), 'full')
      // The target's reaction is rolled on its own square.
      return { id: t.id, cover, reactionDice: diceAt(field, t.cell, coverReactionDice(cover)) }
    })
    .filter((t) => t.cover !== 'full')
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const detectors = inside(detect)
  // Each detector's トラップ探知 is a check rolled on its own square.
  const detection = rollersAt(
    field,
    detectors.map((id) => ({ id, cell: field.tokens.find((t) => t.id === id)!.cell })),
  )
  return {
    detectFrom: cells(field, detect),
    detectors,
    ...(detection ? { detection } : {}),
    reach: cells(field, reach),
    tokensInReach: inside(reach),
    targets,
  }
}
