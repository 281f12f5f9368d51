// What the creatures' conditions changed in a movement answer, each with its source (issue 24: the
// path preview shows the effect and the condition it comes from): the mover standing up from 伏せ
// (a move action that provokes), acting under よろめき / 満身創痍, and the enemies by the path that
// provoke nothing because they take no action (朦朧, 無防備 …) or are 立ちすくみ.
import type { Battlefield, Creature } from './creatures'
import type { ConditionNote } from './conditions'
import type { MoveMode } from './move-modes'
import { provokingAmong } from './attack'
import { threateningEnemies } from './provokes'
import { meleeSquares } from './threat'

/** The mover's own conditions that shape this move. */
export function moverNotes(creature: Creature, mode: MoveMode): ConditionNote[] {
  const notes: ConditionNote[] = []
  if (creature.prone && mode !== 'crawl')
    notes.push({ token: creature.id, condition: 'prone', effect: 'stands-up' })
  if (creature.oneActionARound && (mode === 'withdraw' || mode === 'charge'))
    notes.push({
      token: creature.id,
      condition: creature.oneActionARound,
      effect: 'one-action-a-round',
    })
  return notes
}

/**
 * 伏せ: 「伏せ状態の姿勢から立ち上がる行為は1回の移動アクションを要し、機会攻撃を誘発する」 — the enemies
 * threatening the square it stands up on (who may take the attack), before it moves.
 */
export function standUpProvokes(field: Battlefield, creature: Creature, mode: MoveMode): string[] {
  if (!creature.prone || mode === 'crawl') return []
  return provokingAmong(field, creature, threateningEnemies(field, creature))
}

/**
 * Enemies whose reach covers a square of the path (`positions`: north-west squares, start first)
 * yet who provoke nothing there because of a condition: they take no action, or they are 立ちすくみ
 * without 《迎え討ち》.
 */
export function enemyNotes(
  field: Battlefield,
  creature: Creature,
  positions: readonly number[],
): ConditionNote[] {
  const grid = field.grid
  const squares = new Set(positions.flatMap((p) => field.spaceCells(creature, grid.cellOf(p))))
  const notes: ConditionNote[] = []
  for (const enemy of field.enemiesOf(creature)) {
    if (!enemy.armed || enemy.reach <= 0) continue
    const condition = enemy.cannotAct
      ? enemy.cannotAct
      : enemy.flatFooted && !enemy.extras.combatReflexes
        ? enemy.conditions.get('flat-footed')
        : undefined
    if (!condition) continue
    const reach = meleeSquares(field, enemy)
    if (![...squares].some((cell) => reach.has(cell))) continue
    notes.push({
      token: enemy.id,
      condition,
      effect: enemy.cannotAct ? 'threatens-nothing' : 'no-attacks-of-opportunity',
    })
  }
  return notes.sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0))
}
