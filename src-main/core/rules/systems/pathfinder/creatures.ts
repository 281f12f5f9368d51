// The battlefield as the Pathfinder rules see it: each token's space (接敵面), reach (間合い),
// speed and senses, and which squares are occupied by whom.
import { z } from 'zod'
import type { Cell, TokenSpec } from '../../model'
import { SIZES } from '../../model'
import type { Grid } from '../../grid/grid'
import type { Battle } from '../../system'
import { ScenarioError } from '../../system'
import { tokenExtrasReader } from '../../scenario/token-extras'
import type { TacticalRules } from './rules'
import { RoundState } from './round'
import type { PathfinderCondition } from './conditions'
import { CONDITION_RULES, conditionWith, conditionsOf } from './conditions'

/** Optional token fields only pathfinder / dnd35 read (additions to the scenario format, see README). */
export const extrasSchema = z.object({
  vision: z.enum(['normal', 'low-light', 'darkvision']).optional(),
  /** Darkvision range in ft (default 60). */
  darkvisionRange: z.number().finite().nonnegative().optional(),
  /** Medium or heavy armour only matters for running; "heavy" runs at 3 × speed. */
  armor: z.enum(['none', 'light', 'medium', 'heavy']).optional(),
  /** The token's `reach` (or twice its natural reach) comes from a reach weapon: it threatens only beyond its natural reach. */
  reachWeapon: z.boolean().optional(),
  /** A "long" body (the size table's 伏せ column): shorter natural reach. */
  shape: z.enum(['tall', 'long']).optional(),
  /** Initiative modifier (for the initiative module). */
  initiative: z.number().int().optional(),
  /** 立ちすくみ: has not had a turn yet in this fight (the turn tracker sets it). */
  flatFooted: z.boolean().optional(),
  /** 《迎え討ち》 (Combat Reflexes): may make attacks of opportunity while flat-footed, and 【敏捷力】 modifier more a round. */
  combatReflexes: z.boolean().optional(),
  /** 【敏捷力】 modifier: the extra attacks of opportunity a round with 《迎え討ち》. */
  dexModifier: z.number().int().min(-10).max(100).optional(),
  /** false: unarmed, threatens no square and makes no attacks of opportunity (「素手の場合、ふつうは…機会攻撃範囲に収めない」). */
  armed: z.boolean().optional(),
  /** 《精密射撃》 (Precise Shot): no −4 for shooting into melee. */
  preciseShot: z.boolean().optional(),
  /** 【耐久力】 score: how many rounds it can run before Constitution checks. */
  constitution: z.number().int().min(0).max(100).optional(),
  /** Climb speed (ft): climbs at this speed, no Climb check, and may withdraw or 5-foot step climbing. */
  climbSpeed: z.number().finite().nonnegative().optional(),
  /** 戦技防御値 (CMD): the DC of an overrun or an Acrobatics check against it. */
  cmd: z.number().int().min(0).max(1000).optional(),
  /** Swim speed (ft): swims at this speed while `swimming` (else a quarter of its speed). */
  swimSpeed: z.number().finite().nonnegative().optional(),
})
export type CreatureExtras = z.infer<typeof extrasSchema>

// Once per token record, not per battle: a wall click builds the battle again (issue 29).
const readExtras = tokenExtrasReader(extrasSchema)

export interface Creature {
  readonly index: number
  readonly id: string
  readonly spec: TokenSpec
  readonly faction: string
  /** North-west square of the space. */
  readonly at: Cell
  /** Side of the square space, in squares. */
  readonly side: number
  readonly sizeIndex: number
  readonly subSquare: boolean
  /** Natural reach (ft). */
  readonly naturalReach: number
  /** Longest reach it threatens with (ft); 0 threatens nothing. */
  readonly reach: number
  /** Threatens only squares beyond its natural reach (reach weapon). */
  readonly reachWeapon: boolean
  readonly speed: number
  readonly heavyArmor: boolean
  /** 無防備 (and what implies it: 麻痺, 気絶, 睡眠, 縛られている, 瀕死). */
  readonly helpless: boolean
  /** Its conditions, each with the condition it came from (conditions.ts). */
  readonly conditions: ReadonlyMap<PathfinderCondition, PathfinderCondition>
  /** The condition that keeps it from taking any action (朦朧, 無防備 …), if one does. */
  readonly cannotAct?: PathfinderCondition
  /** The condition that keeps it from moving on its own (組みつき, 押さえ込まれた), if one does. */
  readonly cannotMove?: PathfinderCondition
  /** The condition that limits it to one move or standard action a round (よろめき, 満身創痍). */
  readonly oneActionARound?: PathfinderCondition
  /** 立ちすくみ: no turn yet in this fight (`flatFooted`), or helpless. */
  readonly flatFooted: boolean
  readonly flying: boolean
  /** Unarmed (armed: false): threatens nothing. */
  readonly armed: boolean
  readonly prone: boolean
  readonly invisible: boolean
  readonly blinded: boolean
  readonly incorporeal: boolean
  readonly swimming: boolean
  /**
   * Difficult terrain and obstacles do not hinder it: 「飛行クリーチャーや非実体クリーチャーにとっては、
   * 移動困難な地形も移動の支障とはならない」「…ほとんどの障害物を避けることができる」.
   */
  readonly unhindered: boolean
  readonly vision: 'normal' | 'low-light' | 'darkvision'
  readonly darkvisionRange: number
  readonly extras: CreatureExtras
}

export class Battlefield {
  readonly grid: Grid
  /** What each combatant already did this round (optional scenario field `round`). */
  readonly round: RoundState
  readonly creatures: readonly Creature[]
  readonly byId: ReadonlyMap<string, Creature>
  /** Cell index → creatures whose space covers it. */
  private readonly occupants = new Map<number, Creature[]>()

  constructor(
    readonly battle: Battle,
    readonly rules: TacticalRules,
  ) {
    this.grid = battle.grid
    this.round = RoundState.of(battle)
    const raw = Array.isArray(battle.scenario.tokens) ? (battle.scenario.tokens as unknown[]) : []
    this.creatures = battle.tokens.map((spec, i) => this.creatureOf(spec, i, raw[i]))
    this.byId = new Map(this.creatures.map((c) => [c.id, c]))
    for (const creature of this.creatures) {
      for (const cell of this.spaceCells(creature, creature.at)) {
        const list = this.occupants.get(cell)
        if (list) list.push(creature)
        else this.occupants.set(cell, [creature])
      }
    }
  }

  private creatureOf(spec: TokenSpec, index: number, raw: unknown): Creature {
    const parsed = readExtras(typeof raw === 'object' && raw !== null ? raw : {})
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new ScenarioError(
        'invalid-scenario',
        `token "${spec.id}": ${issue.message}`,
        `/tokens/${index}/${issue.path.join('/')}`,
      )
    }
    const extras = parsed.data
    const size = spec.size ?? 'medium'
    const row = this.rules.sizes[size]
    const states = new Set(spec.states ?? [])
    const conditions = conditionsOf(spec.states, extras.flatFooted === true)
    const sourceOf = (
      effect: (rule: (typeof CONDITION_RULES)[PathfinderCondition]) => boolean | undefined,
    ) => {
      const condition = conditionWith(conditions, effect)
      return condition === undefined ? undefined : conditions.get(condition)
    }
    const natural =
      extras.reachWeapon || spec.reach === undefined
        ? extras.shape === 'long'
          ? row.longReach
          : row.reach
        : spec.reach
    const reach = extras.reachWeapon ? (spec.reach ?? 2 * Math.max(natural, 5)) : natural
    const side = Math.min(row.space, this.grid.width - spec.at[0], this.grid.height - spec.at[1])
    if (side < row.space) {
      throw new ScenarioError(
        'cell-out-of-bounds',
        `token "${spec.id}" (${size}, ${row.space}×${row.space} squares) does not fit on the map at [${spec.at[0]}, ${spec.at[1]}]`,
        `/tokens/${index}/at`,
      )
    }
    return {
      index,
      id: spec.id,
      spec,
      faction: spec.faction,
      at: [spec.at[0], spec.at[1]],
      side: row.space,
      sizeIndex: SIZES.indexOf(size),
      subSquare: row.subSquare,
      naturalReach: natural,
      reach,
      reachWeapon: extras.reachWeapon === true && reach > natural,
      speed: spec.move ?? this.rules.defaultSpeed,
      heavyArmor: extras.armor === 'heavy',
      helpless: conditions.has('helpless'),
      conditions,
      cannotAct: sourceOf((r) => r.cannotAct),
      cannotMove: sourceOf((r) => r.cannotMove),
      oneActionARound: sourceOf((r) => r.oneActionARound),
      flatFooted: conditions.has('flat-footed'),
      flying: states.has('flying'),
      armed: extras.armed !== false,
      prone: states.has('prone'),
      invisible: states.has('invisible'),
      blinded: states.has('blinded'),
      incorporeal: states.has('incorporeal'),
      unhindered: states.has('flying') || states.has('incorporeal'),
      swimming: states.has('swimming'),
      vision: extras.vision ?? 'normal',
      darkvisionRange:
        extras.vision === 'darkvision'
          ? (extras.darkvisionRange ?? this.rules.defaultDarkvision)
          : 0,
      extras,
    }
  }

  /** Cell indices of a creature's space if its north-west square were `at` (all assumed on the map). */
  spaceCells(creature: Pick<Creature, 'side'>, at: Cell): number[] {
    return this.footprintCells(at, creature.side, creature.side)
  }

  /** Cell indices of a w × h rectangle whose north-west square is `at` (a squeezed space, all assumed on the map). */
  footprintCells(at: Cell, w: number, h: number): number[] {
    const out: number[] = []
    for (let dy = 0; dy < h; dy++) {
      for (let dx = 0; dx < w; dx++) out.push(this.grid.index(at[0] + dx, at[1] + dy))
    }
    return out
  }

  occupantsOf(cell: number): readonly Creature[] {
    return this.occupants.get(cell) ?? []
  }

  isOccupied(cell: number, except?: Creature): boolean {
    const list = this.occupants.get(cell)
    return list !== undefined && list.some((c) => c !== except)
  }

  areAllies(a: Creature, b: Creature): boolean {
    return a.faction === b.faction
  }

  enemiesOf(creature: Creature): Creature[] {
    return this.creatures.filter((c) => c.faction !== creature.faction)
  }
}

/** 5 ft per square, every second diagonal 10 ft (距離の数え方). */
export function alternatingDiagonalFeet(a: Cell, b: Cell): number {
  return feetForOffset(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]))
}

export function feetForOffset(dx: number, dy: number): number {
  const diagonal = Math.min(dx, dy)
  const straight = Math.max(dx, dy) - diagonal
  return 5 * (straight + diagonal + Math.floor(diagonal / 2))
}

/** Square offsets between two square spaces (0 when they overlap), per axis. */
export function spaceGap(aAt: Cell, aSide: number, bAt: Cell, bSide: number): [number, number] {
  return rectGap(aAt, [aSide, aSide], bAt, [bSide, bSide])
}

/** Square offsets between two rectangles given as north-west square and [w, h] (0 when they overlap), per axis. */
export function rectGap(
  aAt: Cell,
  aSize: readonly [number, number],
  bAt: Cell,
  bSize: readonly [number, number],
): [number, number] {
  const gap = (a0: number, as: number, b0: number, bs: number) =>
    Math.max(0, b0 - (a0 + as - 1), a0 - (b0 + bs - 1))
  return [gap(aAt[0], aSize[0], bAt[0], bSize[0]), gap(aAt[1], aSize[1], bAt[1], bSize[1])]
}
