// 機会攻撃の誘発 by movement: leaving a square an enemy threatens provokes that enemy once per
// move (同じ敵の機会攻撃範囲内の別のマスから出ても複数の機会とは見なさない), and so does passing
// through an enemy's square (tiny creatures, 3 size categories apart). Exceptions: a 5-foot step
// never provokes; withdraw treats its start square as unthreatened by the enemies the mover can
// see. An enemy cannot take the attack if the mover has cover or total concealment against it.
import type { Battlefield, Creature } from './creatures'
import type { MoveMode } from './move-modes'
import { canThreaten, threatenedCells } from './threat'
import { concealmentBetween, coverBetween } from './cover'
import { seesCreature } from './light'

/**
 * Whether an enemy may take an attack of opportunity now: 立ちすくみ (no turn yet, or helpless)
 * 「《迎え討ち》特技を修得していない限り、機会攻撃を行えない」, and one left this round.
 */
export function mayTakeAttack(field: Battlefield, enemy: Creature): boolean {
  return (
    (!enemy.flatFooted || enemy.extras.combatReflexes === true) && field.round.aooLeft(enemy) > 0
  )
}

/** Enemies that could take attacks of opportunity against `creature`. */
export function threateningEnemies(field: Battlefield, creature: Creature): Creature[] {
  return field.enemiesOf(creature).filter(canThreaten)
}

/** Per cell, how many of these enemies threaten it (a cheap weight for preferring safe paths). */
export function threatCounts(field: Battlefield, enemies: readonly Creature[]): Uint16Array {
  const counts = new Uint16Array(field.grid.size)
  for (const enemy of enemies) for (const cell of threatenedCells(field, enemy)) counts[cell]++
  return counts
}

/**
 * Ids of the enemies a move provokes, in the order the path meets them (ties by id).
 * `positions` are the north-west squares of the mover's space, start first; `sizes` the space's
 * [w, h] at each (squeezed spaces), default its full s × s.
 */
export function provokesAlong(
  field: Battlefield,
  creature: Creature,
  mode: MoveMode,
  positions: readonly number[],
  sizes?: readonly (readonly [number, number])[],
): string[] {
  if (mode === 'five-foot-step' || positions.length < 2) return []
  // 003 立ちすくみ状態: 「《迎え討ち》特技を修得していない限り、機会攻撃を行えない」; and no more
  // than its attacks of opportunity this round (one, more with 《迎え討ち》).
  const enemies = threateningEnemies(field, creature).filter((e) => mayTakeAttack(field, e))
  // Passing through a (tiny, or 3 sizes apart) enemy's square: the same attack, if it can take one.
  const passable = field.enemiesOf(creature).filter((e) => !e.cannotAct && mayTakeAttack(field, e))
  const out: string[] = []
  const taken = new Set<string>()
  const grid = field.grid
  const sizeAt = (i: number): readonly [number, number] =>
    sizes?.[i] ?? [creature.side, creature.side]
  const cellsAt = (i: number) => field.footprintCells(grid.cellOf(positions[i]), ...sizeAt(i))
  // 這い進む: 「君が這い進む経路上で君を機会攻撃範囲に含むすべての攻撃者から機会攻撃を誘発する」 — its
  // last square too, not only the squares it leaves.
  const last = mode === 'crawl' ? positions.length : positions.length - 1
  for (let i = 0; i < last; i++) {
    const at = grid.cellOf(positions[i])
    const space = cellsAt(i)
    const here = { creature, at, size: sizeAt(i) }
    const met: string[] = []
    for (const enemy of enemies) {
      if (taken.has(enemy.id)) continue
      const threat = threatenedCells(field, enemy)
      if (!space.some((cell) => threat.has(cell))) continue
      if (mode === 'withdraw' && i === 0 && seesCreature(field, creature, enemy)) continue
      const attacker = { creature: enemy, at: enemy.at }
      // Creatures give soft cover against ranged attacks only (003: 「クリーチャーは君に遠隔攻撃に対する遮蔽を提供し」).
      const cover = coverBetween(field, attacker, here, 'melee')
      if (cover.cover !== 'none' && !cover.soft) continue
      if (concealmentBetween(field, attacker, here, 'melee') === 'total') continue
      met.push(enemy.id)
    }
    const next = new Set(i + 1 < positions.length ? cellsAt(i + 1) : [])
    for (const enemy of passable) {
      if (taken.has(enemy.id) || met.includes(enemy.id)) continue
      if (field.spaceCells(enemy, enemy.at).some((cell) => next.has(cell))) met.push(enemy.id)
    }
    met.sort()
    for (const id of met) {
      taken.add(id)
      out.push(id)
    }
  }
  return out
}
