// The `attack` query: every situational modifier the map and the creatures' states decide for one
// attack, each with its source (003 戦闘における修正値, 遮蔽, 視認困難, 挟撃, 近接戦闘中の敵に遠隔
// 攻撃を行う, 突撃, 無理矢理入り込む, 無防備状態の敵), and whether the attack provokes. The GM adds
// the numbers the sheet holds (attack bonus, AC); the engine answers what the battlefield adds.
import type { Battlefield, Creature } from './creatures'
import { feetForOffset, rectGap } from './creatures'
import type { AttackKind, Concealment, CoverLevel } from './cover'
import { concealmentBetween, coverAcBonus, coverBetween, missChance, placementOf } from './cover'
import { flanks, FLANKING_BONUS } from './flanking'
import type { PathfinderCondition } from './conditions'
import { CONDITION_RULES, PATHFINDER_CONDITIONS } from './conditions'
import { mayTakeAttack, threateningEnemies } from './provokes'
import { canThreaten, cornerBlocksMelee, meleeSquares, threatensCreature } from './threat'

export const ATTACK_MODIFIER_CODES = [
  /** 遮蔽 +4 AC (soft cover from creatures too), 部分遮蔽 +2, 良好な遮蔽 ×2 (arrow slit) */
  'cover',
  'partial-cover',
  'soft-cover',
  'improved-cover',
  /** 視認困難 20 %, 完全視認困難 50 % */
  'concealment',
  'total-concealment',
  /** 防御側を挟撃している +2 */
  'flanking',
  /** 高い場所にいる +1 (melee) */
  'higher-ground',
  /** 近接戦闘中の敵に遠隔攻撃を行う −4 (−2 two sizes larger, 0 three; 《精密射撃》 none) */
  'shooting-into-melee',
  /** 突撃 +2 attack, −2 AC until the charger's next turn */
  'charge',
  /** 無理矢理入り込んでいる −4 attack / −4 AC */
  'attacker-squeezing',
  'target-squeezing',
  /** 伏せ状態: attacker −4 melee (most ranged weapons unusable); target −4 AC melee, +4 ranged */
  'attacker-prone',
  'target-prone',
  /** 無防備状態: −4 AC melee, 【敏捷力】 0 */
  'target-helpless',
  /** 立ちすくみ状態: no 【敏捷力】 bonus to AC */
  'target-flat-footed',
  /** 盲目状態: −2 AC, no 【敏捷力】 bonus */
  'target-blinded',
  /** 不可視状態 attacker: +2, the target loses its 【敏捷力】 bonus */
  'attacker-invisible',
  /** 非実体接触攻撃 ignores cover bonuses */
  'incorporeal-touch',
  // The other rows of 表『攻撃ロールの修正値』 and 表『アーマー・クラスへの修正』 (conditions.ts):
  /** 目がくらんだ −1, 絡みつかれた −2 (【敏捷力】 −4), 怯え / 恐れ −2 */
  'attacker-dazzled',
  'attacker-entangled',
  'attacker-shaken',
  'attacker-frightened',
  /** 朦朧 −2 and 戦慄 −2, no 【敏捷力】 bonus; 押さえ込まれた −4 melee, no bonus; 膝をついている −2 melee / +2 ranged; 絡みつかれた 【敏捷力】 −4 */
  'target-stunned',
  'target-cowering',
  'target-pinned',
  'target-kneeling',
  'target-entangled',
] as const
export type AttackModifierCode = (typeof ATTACK_MODIFIER_CODES)[number]

export const ATTACK_REFUSAL_CODES = [
  /** 「君は完全遮蔽を持つ目標に対して攻撃を行うことができない」 */
  'total-cover',
  /** The target is beyond the attacker's reach (melee). */
  'out-of-reach',
  /** The target is a diagonal neighbour past a wall's corner (spec decisions 1 and 2): the corner blocks the blow. */
  'corner-blocks-attack',
  /** A reach weapon 「隣接する…敵を攻撃することはできない」 */
  'reach-weapon-adjacent',
  /** 0 ft reach: 「近接攻撃を行うためには、敵のマス目に入り込まねばならない」 */
  'must-enter-square',
  /** 〈脱出術〉 squeezing: 「攻撃を行うことができず」 */
  'escape-artist-squeeze',
  /** Cannot attack itself. */
  'self',
] as const
export type AttackRefusal = (typeof ATTACK_REFUSAL_CODES)[number]

export interface AttackModifier {
  code: AttackModifierCode
  /** To the attack roll. */
  attack?: number
  /** To the target's AC against this attack. */
  ac?: number
  /** To the attacker's own AC (until its next turn). */
  attackerAc?: number
  missChance?: number
  /** The target's 【敏捷力】 bonus to AC: lost, or 【敏捷力】 0 (helpless). */
  dexToAc?: 'lost' | 'zero'
  /** To the 【敏捷力】 score of whoever has the condition (絡みつかれた −4; the GM applies it to the sheet). */
  dex?: number
  /** Who or what decided it (the flanking ally, the engaged ally, the cover level …). */
  source?: string
}

export interface AttackOptions {
  attack: AttackKind
  charge: boolean
  /** The attacker is squeezed (無理矢理入り込んでいる); `escapeArtist`: through a space narrower than half. */
  squeezing: boolean
  escapeArtist: boolean
  targetSqueezing: boolean
  /** 《精密射撃》 by feat: the token field `preciseShot` or the query. */
  preciseShot: boolean
  /** A touch attack by an incorporeal attacker (非実体接触攻撃). */
  touch: boolean
  /** An unarmed attack (素手攻撃): provokes from an armed target. */
  unarmed: boolean
}

export interface AttackAnswer {
  allowed: boolean
  reason?: AttackRefusal
  attack: number
  ac: number
  attackerAc: number
  missChance: number
  dexToAc?: 'lost' | 'zero'
  cover: CoverLevel
  concealment: Concealment
  modifiers: AttackModifier[]
  /** Enemies that get an attack of opportunity because of this attack, before it. */
  provokes: string[]
}

/** Floor height of a creature: its token's elevation, else the highest square of its space. */
function heightOf(field: Battlefield, creature: Creature): number {
  if (creature.spec.elevation !== undefined) return creature.spec.elevation
  return Math.max(
    ...field.spaceCells(creature, creature.at).map((cell) => field.grid.elevation[cell]),
  )
}

function feetBetween(a: Creature, b: Creature): number {
  const [gx, gy] = rectGap(a.at, [a.side, a.side], b.at, [b.side, b.side])
  return feetForOffset(gx, gy)
}

/**
 * 「近接戦闘中の敵に遠隔攻撃を行う」: −4 when the target is in melee with an ally of the attacker
 * (enemies, one threatening the other; a helpless ally does not count), unless the nearest such
 * ally is 10 ft or more from the target; −2 when the target is two size categories larger than
 * that ally, nothing at three.
 */
function intoMelee(
  field: Battlefield,
  attacker: Creature,
  target: Creature,
): AttackModifier | null {
  const engaged = field.creatures.filter(
    (c) =>
      c !== attacker &&
      field.areAllies(c, attacker) &&
      !field.areAllies(c, target) &&
      !c.helpless &&
      (threatensCreature(field, c, target) ||
        (canThreaten(target) && threatensCreature(field, target, c))),
  )
  if (engaged.length === 0) return null
  const nearest = Math.min(...engaged.map((c) => feetBetween(c, target)))
  if (nearest >= 10) return null
  const close = engaged.filter((c) => feetBetween(c, target) === nearest)
  // The largest penalty any nearest engaged ally gives.
  const penalty = Math.min(
    ...close.map((c) =>
      target.sizeIndex - c.sizeIndex >= 3 ? 0 : target.sizeIndex - c.sizeIndex === 2 ? -2 : -4,
    ),
  )
  if (penalty === 0) return null
  const ally = close.find(
    (c) =>
      (target.sizeIndex - c.sizeIndex >= 3 ? 0 : target.sizeIndex - c.sizeIndex === 2 ? -2 : -4) ===
      penalty,
  ) as Creature
  return { code: 'shooting-into-melee', attack: penalty, source: ally.id }
}

/**
 * The conditions' rows of the two tables (conditions.ts), attacker's then target's, in table order;
 * `source` names the condition a modifier comes from when it is implied (無防備 ← 麻痺). A helpless
 * target's 【敏捷力】 0 already includes 立ちすくみ (「立ちすくみ状態としても扱う」).
 */
function conditionModifiers(
  attacker: Creature,
  target: Creature,
  melee: boolean,
): AttackModifier[] {
  const out: AttackModifier[] = []
  const source = (c: Creature, condition: PathfinderCondition) => {
    const from = c.conditions.get(condition)
    return from && from !== condition ? { source: from } : {}
  }
  for (const condition of PATHFINDER_CONDITIONS) {
    const rule = CONDITION_RULES[condition]
    if (!attacker.conditions.has(condition) || !rule.attack) continue
    out.push({
      code: `attacker-${condition}` as AttackModifierCode,
      attack: melee ? rule.attack.melee : rule.attack.ranged,
      ...(rule.dex ? { dex: rule.dex } : {}),
      ...source(attacker, condition),
    })
  }
  for (const condition of PATHFINDER_CONDITIONS) {
    const rule = CONDITION_RULES[condition]
    if (!target.conditions.has(condition) || (!rule.ac && !rule.dexToAc && !rule.dex)) continue
    if (condition === 'flat-footed' && target.conditions.has('helpless')) continue
    const ac = rule.ac ? (melee ? rule.ac.melee : rule.ac.ranged) : 0
    out.push({
      code: `target-${condition}` as AttackModifierCode,
      ...(ac !== 0 ? { ac } : {}),
      ...(rule.dexToAc ? { dexToAc: rule.dexToAc } : {}),
      ...(rule.dex ? { dex: rule.dex } : {}),
      ...source(target, condition),
    })
  }
  return out
}

export function attackBetween(
  field: Battlefield,
  attacker: Creature,
  target: Creature,
  options: AttackOptions,
): AttackAnswer {
  const modifiers: AttackModifier[] = []
  const melee = options.attack === 'melee'
  const from = placementOf(attacker)
  const to = placementOf(target)
  const cover =
    attacker === target
      ? { cover: 'none' as const, soft: false }
      : coverBetween(field, from, to, options.attack)
  let concealment =
    attacker === target ? ('none' as const) : concealmentBetween(field, from, to, options.attack)
  // 不可視状態 gives total concealment; a blinded attacker sees nothing.
  if (target.invisible || attacker.blinded) concealment = 'total'

  let reason: AttackRefusal | undefined
  if (attacker === target) reason = 'self'
  else if (options.escapeArtist) reason = 'escape-artist-squeeze'
  else if (cover.cover === 'total') reason = 'total-cover'
  else if (melee) {
    const sharing = field
      .spaceCells(target, target.at)
      .some((cell) => field.spaceCells(attacker, attacker.at).includes(cell))
    const reach = meleeSquares(field, attacker)
    const inReach = field.spaceCells(target, target.at).some((cell) => reach.has(cell))
    if (attacker.reach <= 0 && !sharing) reason = 'must-enter-square'
    else if (attacker.reach > 0 && !inReach) {
      const adjacent = feetBetween(attacker, target) <= attacker.naturalReach
      reason =
        attacker.reachWeapon && adjacent
          ? 'reach-weapon-adjacent'
          : cornerBlocksMelee(field, attacker, target)
            ? 'corner-blocks-attack'
            : 'out-of-reach'
    }
  }

  // Cover, unless an incorporeal touch attack ignores it.
  if (cover.cover === 'partial' || cover.cover === 'cover') {
    const improved = (cover as { improved?: boolean }).improved === true
    const code: AttackModifierCode = improved
      ? 'improved-cover'
      : cover.soft
        ? 'soft-cover'
        : cover.cover === 'partial'
          ? 'partial-cover'
          : 'cover'
    if (options.touch && attacker.incorporeal)
      modifiers.push({ code: 'incorporeal-touch', ac: 0, source: cover.cover })
    else modifiers.push({ code, ac: coverAcBonus(cover.cover, improved), source: cover.cover })
  }
  if (concealment !== 'none') {
    modifiers.push({
      code: concealment === 'total' ? 'total-concealment' : 'concealment',
      missChance: missChance(concealment),
      source: target.invisible ? 'invisible' : attacker.blinded ? 'blinded' : 'sight',
    })
  }
  if (melee) {
    for (const ally of field.creatures) {
      if (ally !== attacker && flanks(field, attacker, ally, target)) {
        modifiers.push({ code: 'flanking', attack: FLANKING_BONUS, source: ally.id })
        break
      }
    }
    if (heightOf(field, attacker) > heightOf(field, target))
      modifiers.push({ code: 'higher-ground', attack: 1 })
  } else if (!options.preciseShot && !attacker.extras.preciseShot) {
    const penalty = intoMelee(field, attacker, target)
    if (penalty) modifiers.push(penalty)
  }
  if (options.charge && melee) modifiers.push({ code: 'charge', attack: 2, attackerAc: -2 })
  if (options.squeezing) modifiers.push({ code: 'attacker-squeezing', attack: -4, attackerAc: -4 })
  if (options.targetSqueezing) modifiers.push({ code: 'target-squeezing', ac: -4 })
  if (attacker.prone)
    modifiers.push(
      melee
        ? { code: 'attacker-prone', attack: -4 }
        : { code: 'attacker-prone', source: 'crossbow-or-shuriken-only' },
    )
  if (target.prone) modifiers.push({ code: 'target-prone', ac: melee ? -4 : 4 })
  modifiers.push(...conditionModifiers(attacker, target, melee))
  if (attacker.invisible && !target.blinded)
    modifiers.push({ code: 'attacker-invisible', attack: 2, dexToAc: 'lost' })

  const sum = (key: 'attack' | 'ac' | 'attackerAc') =>
    modifiers.reduce((n, m) => n + (m[key] ?? 0), 0)
  const dex = modifiers.some((m) => m.dexToAc === 'zero')
    ? 'zero'
    : modifiers.some((m) => m.dexToAc === 'lost')
      ? 'lost'
      : undefined
  return {
    allowed: reason === undefined,
    ...(reason ? { reason } : {}),
    attack: sum('attack'),
    ac: sum('ac'),
    attackerAc: sum('attackerAc'),
    missChance: Math.max(0, ...modifiers.map((m) => m.missChance ?? 0)),
    ...(dex ? { dexToAc: dex } : {}),
    cover: cover.cover,
    concealment,
    modifiers,
    provokes: reason ? [] : attackProvokes(field, attacker, target, options),
  }
}

/**
 * Who gets an attack of opportunity for the attack itself (表『戦闘中のアクション』): a ranged attack
 * provokes from every enemy threatening the attacker (not one the attacker has cover against: 002
 * 「角から隣接した敵に遠隔攻撃を行う場合、自身は…遮蔽を得ているために機会攻撃を受けず」); an unarmed
 * attack provokes from its target if the target is armed (「攻撃の対象となるキャラクターが武装していた
 * 場合には、相手からの機会攻撃を誘発する」); a melee attack with a weapon provokes nobody.
 */
export function attackProvokes(
  field: Battlefield,
  attacker: Creature,
  target: Creature,
  options: AttackOptions,
): string[] {
  if (options.attack === 'melee' && !options.unarmed) return []
  const candidates =
    options.attack === 'ranged'
      ? threateningEnemies(field, attacker)
      : canThreaten(target)
        ? [target]
        : []
  return provokingAmong(field, attacker, candidates)
}

/**
 * Of these enemies, the ids of those that threaten the creature's square and may make an attack of
 * opportunity now: not flat-footed (unless 《迎え討ち》), attacks of opportunity left this round, and
 * no cover or total concealment for the creature against them. Sorted.
 */
export function provokingAmong(
  field: Battlefield,
  creature: Creature,
  enemies: readonly Creature[],
): string[] {
  const here = placementOf(creature)
  return enemies
    .filter((enemy) => {
      if (enemy.faction === creature.faction || !canThreaten(enemy)) return false
      if (!mayTakeAttack(field, enemy) || !threatensCreature(field, enemy, creature)) return false
      const cover = coverBetween(field, placementOf(enemy), here, 'melee')
      if (cover.cover !== 'none' && !cover.soft) return false
      return concealmentBetween(field, placementOf(enemy), here, 'melee') !== 'total'
    })
    .map((enemy) => enemy.id)
    .sort()
}
