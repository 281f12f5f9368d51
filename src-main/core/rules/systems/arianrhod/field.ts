// One Arianrhod battlefield as the rules see it: who stands where, who is whose enemy, each
// character's engagement (ZOC / リーチ) and which squares are blockaded (封鎖).
import { z } from 'zod'
import type { Cell, TokenSpec } from '../../model'
import { cellSchema } from '../../model'
import type { Grid } from '../../grid/grid'
import { EIGHT_DIRECTIONS, TERRAIN_SOLID } from '../../grid/grid'
import { regionWithin } from '../../grid/regions'
import type { Battle } from '../../system'
import { ScenarioError } from '../../system'
import { tokenExtrasReader } from '../../scenario/token-extras'
import { stepCost } from './metric'

/** Optional token fields only this system reads (additions to the scenario format, see README). */
export const extrasSchema = z.object({
  /** Mob group: tokens sharing it count as one enemy for 決戦状態. */
  group: z.string().min(1).max(200).optional(),
  /** A skill or item made this token's whole ZOC 封鎖. */
  blockade: z.boolean().optional(),
  /** Where that blockade was made; it holds only while the token stays there. Default: its square. */
  blockadeAt: cellSchema.optional(),
  /** 決戦状態 declared against this token id. */
  duel: z.string().min(1).max(200).optional(),
  /** 【幸運】: caps the fate spent on 効果範囲 ± 1 m and on カバー range (「フェイト使用上限は「ダイスの増加」の場合に準じる」). */
  luck: z.number().int().min(0).max(1000).optional(),
  /** 《カバームーブ》: metres it adds to the カバー range (stacks with fate). */
  coverMove: z.number().finite().min(0).max(1000).optional(),
  /** A GM-marked object that hinders movement (「敵や移動を妨害するものの［ＺＯＣ］」): its ZOC hinders everyone. */
  hinders: z.boolean().optional(),
})
export type TokenExtras = z.infer<typeof extrasSchema>

// Once per token record, not per battle: a wall click builds the battle again (issue 29).
const readExtras = tokenExtrasReader(extrasSchema)

export interface ArToken {
  readonly spec: TokenSpec
  readonly id: string
  readonly cell: number
  readonly faction: string
  readonly extras: TokenExtras
  readonly flying: boolean
  readonly elevation: number
  has(state: string): boolean
}

export class Field {
  readonly grid: Grid
  readonly tokens: readonly ArToken[]
  readonly byId: ReadonlyMap<string, ArToken>
  private readonly occupants = new Map<number, ArToken[]>()
  private readonly engagementCache = new Map<number, number[]>()

  constructor(readonly battle: Battle) {
    this.grid = battle.grid
    const rawTokens = Array.isArray(battle.scenario.tokens)
      ? (battle.scenario.tokens as unknown[])
      : []
    const tokens = battle.tokens.map((spec, i) => {
      const parsed = readExtras(rawTokens[i] ?? {})
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw new ScenarioError(
          'invalid-scenario',
          `token "${spec.id}": ${issue.message}`,
          `/tokens/${i}/${issue.path.join('/')}`,
        )
      }
      const cell = this.grid.index(spec.at[0], spec.at[1])
      const states = new Set<string>(spec.states ?? [])
      const token: ArToken = {
        spec,
        id: spec.id,
        cell,
        faction: spec.faction,
        extras: parsed.data,
        flying: states.has('flying'),
        elevation: spec.elevation ?? this.grid.elevation[cell],
        has: (state) => states.has(state),
      }
      return token
    })
    this.tokens = tokens
    this.byId = new Map(tokens.map((t) => [t.id, t]))
    for (const token of tokens) {
      const list = this.occupants.get(token.cell)
      if (list) list.push(token)
      else this.occupants.set(token.cell, [token])
    }
  }

  token(spec: TokenSpec): ArToken {
    return this.byId.get(spec.id) as ArToken
  }

  cellOf(token: ArToken): Cell {
    return this.grid.cellOf(token.cell)
  }

  occupantsOf(cell: number): readonly ArToken[] {
    return this.occupants.get(cell) ?? []
  }

  /** Occupied by anyone but `except`. */
  occupiedByOthers(cell: number, except?: ArToken): boolean {
    const list = this.occupants.get(cell)
    return list !== undefined && list.some((t) => t !== except)
  }

  isEnemy(a: ArToken, b: ArToken): boolean {
    return a.faction !== b.faction
  }

  enemiesOf(token: ArToken): ArToken[] {
    return this.tokens.filter((t) => t !== token && this.isEnemy(token, t))
  }

  /**
   * The 3 m neighbourhood of a square: the square and its eight neighbours, minus those behind a
   * wall or closed door, past a blocked corner (decisions 1 and 2) or solid. Sorted indices.
   */
  engagement(cell: number): readonly number[] {
    const cached = this.engagementCache.get(cell)
    if (cached) return cached
    const grid = this.grid
    const x = cell % grid.width
    const y = (cell - x) / grid.width
    const out = [cell]
    for (const [dx, dy] of EIGHT_DIRECTIONS) {
      const nx = x + dx
      const ny = y + dy
      if (!grid.inBounds(nx, ny) || grid.stepBlocked(x, y, dx, dy)) continue
      const next = grid.index(nx, ny)
      if (grid.terrain[next] !== TERRAIN_SOLID) out.push(next)
    }
    out.sort((a, b) => a - b)
    this.engagementCache.set(cell, out)
    return out
  }

  /** A wider neighbourhood measured through the grid (fate-widened areas, 《リーチ拡大》). */
  region(cell: number, radius: number, includeSolid = false): Map<number, number> {
    return regionWithin(this.grid, cell, radius, stepCost, { includeSolid })
  }

  zocOf(token: ArToken): readonly number[] {
    return this.engagement(token.cell)
  }

  /** Whether `owner`'s ZOC hinders `mover`: enemies and hindering objects, and a flyer ignores non-flyers. */
  zocAffects(owner: ArToken, mover: ArToken): boolean {
    return (
      owner !== mover &&
      (this.isEnemy(owner, mover) || owner.extras.hinders === true) &&
      (!mover.flying || owner.flying)
    )
  }

  /** Per cell, how many enemy ZOCs that hinder `mover` cover it. */
  zocMask(mover: ArToken): Uint8Array {
    const mask = new Uint8Array(this.grid.size)
    for (const owner of this.tokens) {
      if (!this.zocAffects(owner, mover)) continue
      for (const cell of this.zocOf(owner)) if (mask[cell] < 255) mask[cell]++
    }
    return mask
  }

  /** The enemies whose ZOC (hindering `mover`) covers `cell`, sorted by id. */
  zocOwnersAt(mover: ArToken, cell: number): ArToken[] {
    return this.tokens
      .filter((owner) => this.zocAffects(owner, mover) && this.zocOf(owner).includes(cell))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }

  /** Enemies standing in the 3 m neighbourhood of `cell` (隣接している敵), sorted by id. */
  adjacentEnemies(mover: ArToken, cell: number): ArToken[] {
    const around = this.engagement(cell)
    return this.tokens
      .filter(
        (t) => t !== mover && this.isEnemy(t, mover) && t.cell !== cell && around.includes(t.cell),
      )
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }

  /** Distinct enemies in a token's ZOC, a mob group counting once. */
  private duelCounts(token: ArToken): {
    enemies: ArToken[]
    allies: ArToken[]
    units: Set<string>
  } {
    const zoc = this.zocOf(token)
    const inZoc = this.tokens.filter((t) => t !== token && zoc.includes(t.cell))
    const enemies = inZoc.filter((t) => this.isEnemy(t, token))
    const allies = inZoc.filter((t) => !this.isEnemy(t, token))
    const units = new Set(
      enemies.map((e) => (e.extras.group ? `group:${e.extras.group}` : `id:${e.id}`)),
    )
    return { enemies, allies, units }
  }

  /** 決戦状態 may be declared only with exactly one enemy (or one mob group) in the ZOC. */
  duelStatus(token: ArToken): {
    canDeclare: boolean
    enemies: string[]
    allies: string[]
    active?: boolean
    endedBy?: string
  } {
    const { enemies, allies, units } = this.duelCounts(token)
    const status: {
      canDeclare: boolean
      enemies: string[]
      allies: string[]
      active?: boolean
      endedBy?: string
    } = {
      canDeclare: units.size === 1,
      enemies: enemies.map((e) => e.id).sort(),
      allies: allies.map((a) => a.id).sort(),
    }
    const declared = token.extras.duel
    if (declared !== undefined) {
      const opponent = this.byId.get(declared)
      let endedBy: string | undefined
      if (!opponent || !enemies.includes(opponent)) endedBy = 'enemy-left'
      else if (allies.length > 0) endedBy = 'ally-entered'
      else if (units.size > 1) endedBy = 'second-enemy'
      status.active = endedBy === undefined
      if (endedBy) status.endedBy = endedBy
    }
    return status
  }

  /** Whether a token's whole ZOC is blockaded (a blockading skill kept in place, or an active duel). */
  blockadesZoc(token: ArToken): boolean {
    if (token.extras.blockade) {
      const anchor = token.extras.blockadeAt
      if (!anchor || this.grid.index(anchor[0], anchor[1]) === token.cell) return true
    }
    return token.extras.duel !== undefined && this.duelStatus(token).active === true
  }

  /** 封鎖: GM-marked squares, plus the ZOC of blockading characters (never against themselves). */
  isBlockaded(cell: number, mover: ArToken): boolean {
    if (this.grid.blockade[cell]) return true
    return this.tokens.some(
      (t) => t !== mover && this.blockadesZoc(t) && this.zocOf(t).includes(cell),
    )
  }
}

export function sortIds(tokens: readonly ArToken[]): string[] {
  return tokens.map((t) => t.id).sort()
}
