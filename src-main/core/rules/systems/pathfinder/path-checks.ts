// Checks along a Pathfinder / D&D 3.5 path and the path answer itself (split from queries.ts):
// 蹴散らし and 〈軽業〉 through foes, 〈脱出術〉 when squeezing, 〈登攀〉 / 〈軽業〉 for climbs and jumps.
import { readBoolean, readNumber } from '../../scenario/query'
import type { Creature } from './creatures'
import { Battlefield } from './creatures'
import type { PathAnswer, PathStepOut } from './movement'
import type { Lift } from './steps'
import { ESCAPE_ARTIST_PENALTIES, SQUEEZE_PENALTIES } from './squeeze'

type Query = Readonly<Record<string, unknown>>

/**
 * Checks for passing enemies (Core Rulebook DCs from the target's 戦技防御値 `cmd`, omitted when the
 * token has none): 蹴散らし, a combat maneuver against each foe whose square the path enters (on a
 * failure the move ends before it: 「目標の前方(君が来た方向)の空間で移動を終了する」); 〈軽業〉,
 * one check per foe the move would provoke, DC its CMD + 2 for each foe avoided before in the
 * move, CMD + 5 through its square; a success means no attack of opportunity from it.
 */
export function throughChecks(
  field: Battlefield,
  creature: Creature,
  steps: readonly PathStepOut[],
  provokes: readonly string[],
  through: 'acrobatics' | 'overrun',
): Record<string, unknown>[] {
  const entered: { id: string; before: number }[] = []
  let before = field.grid.index(creature.at[0], creature.at[1])
  for (const step of steps) {
    const cells = field.footprintCells(
      field.grid.cellOf(step.cell),
      ...(step.squeezed ?? [creature.side, creature.side]),
    )
    for (const cell of cells) {
      for (const other of field.occupantsOf(cell)) {
        if (
          other === creature ||
          field.areAllies(other, creature) ||
          other.helpless ||
          entered.some((e) => e.id === other.id)
        )
          continue
        entered.push({ id: other.id, before })
      }
    }
    before = step.cell
  }
  const cmdOf = (id: string) => field.byId.get(id)?.extras.cmd
  if (through === 'overrun') {
    return entered.map(({ id, before: at }) => {
      const cmd = cmdOf(id)
      // 「目標が朦朧状態であったなら、戦技を試みる際の攻撃ロールに+4のボーナスを得る」
      const stunned = field.byId.get(id)?.conditions.has('stunned')
      return {
        kind: 'overrun',
        skill: 'combat-maneuver',
        against: [id],
        ...(cmd !== undefined ? { dc: cmd } : {}),
        ...(stunned ? { modifier: 4, condition: 'stunned' } : {}),
        onFailure: { at: field.grid.cellOf(at) },
      }
    })
  }
  let avoided = 0
  return provokes.map((id) => {
    const cmd = cmdOf(id)
    const square = entered.some((e) => e.id === id)
    const dc = cmd === undefined ? undefined : square ? cmd + 5 : cmd + 2 * avoided
    if (!square) avoided++
    return {
      kind: 'acrobatics',
      ability: 'AGI',
      skill: 'acrobatics',
      against: [id],
      ...(dc !== undefined ? { dc } : {}),
      onSuccess: 'no-attack-of-opportunity',
    }
  })
}

/** One 〈脱出術〉 check each time the path squeezes into a space narrower than half its width. */
export function escapeChecks(
  field: Battlefield,
  steps: readonly PathStepOut[],
): Record<string, unknown>[] {
  const checks: Record<string, unknown>[] = []
  let before = false
  for (const step of steps) {
    const escape = step.escape === true
    if (escape && !before)
      checks.push({
        kind: 'escape-artist',
        ability: 'AGI',
        skill: 'escape-artist',
        at: field.grid.cellOf(step.cell),
      })
    before = escape
  }
  return checks
}

/** The checks a path's climbs and jumps need, in the order met (〈登攀〉 / 〈軽業〉; the DC is the surface's, the GM's). */
function liftChecks(
  field: Battlefield,
  creature: Creature,
  steps: readonly PathStepOut[],
  query: Query,
) {
  // A creature with a climb speed climbs at it without a check.
  const climbSpeed = (creature.extras.climbSpeed ?? 0) > 0
  const climbDc =
    query.climbDc === undefined
      ? undefined
      : readNumber(query, 'climbDc', { integer: true, min: 0, max: 100 })
  const fast = readBoolean(query, 'fastClimb', false)
  const checks: Record<string, unknown>[] = []
  const falls: Record<string, unknown>[] = []
  for (const step of steps) {
    const lift = step.lift
    if (!lift || lift.kind === 'obstacle') continue
    const at = field.grid.cellOf(step.cell)
    const height = Math.abs(lift.rise)
    if (lift.kind === 'climb') {
      if (climbSpeed) continue
      checks.push({
        kind: 'climb',
        ability: 'STR',
        skill: 'climb',
        at,
        height,
        direction: lift.rise > 0 ? 'up' : 'down',
        ...(climbDc !== undefined ? { dc: climbDc } : {}),
        ...(fast ? { modifier: -5 } : {}),
      })
    } else {
      checks.push({
        kind: 'jump',
        ability: 'AGI',
        skill: 'acrobatics',
        at,
        height,
        direction: 'down',
      })
      falls.push({ at, height, damage: 'gm' })
    }
  }
  return { checks, ...(falls.length > 0 ? { falls } : {}) }
}

const STEP_ACTION: Record<Lift['kind'], string> = {
  level: 'move',
  obstacle: 'move',
  climb: 'climb',
  jump: 'jump',
}

export function pathAnswer(
  field: Battlefield,
  creature: Creature,
  answer: PathAnswer,
  query: Query,
): Record<string, unknown> {
  if (!answer.reachable) {
    return {
      reachable: false,
      reason: answer.reason,
      ...(answer.fallback
        ? { fallback: { at: field.grid.cellOf(answer.fallback.cell), cost: answer.fallback.cost } }
        : {}),
    }
  }
  return {
    reachable: true,
    cost: answer.cost,
    steps: answer.steps.map((s) => ({
      at: field.grid.cellOf(s.cell),
      cost: s.cost,
      action: STEP_ACTION[s.lift?.kind ?? 'level'],
      ...(s.squeezed ? { squeeze: true, space: [...s.squeezed] } : {}),
      ...(s.escape ? { escapeArtist: true } : {}),
      ...(s.lift ? { rise: s.lift.rise } : {}),
    })),
    ...liftChecks(field, creature, answer.steps, query),
    provokes: answer.provokes,
    ...(answer.minimum ? { minimum: true } : {}),
    // Ends squeezed (無理矢理入り込んでいる): the space's shape and the −4 attack / −4 AC.
    ...(answer.squeezed
      ? {
          squeeze: true,
          space: [...answer.squeezed],
          // 〈脱出術〉: 「攻撃を行うことができず、ACに-4のペナルティを被り、ACに対する【敏捷力】ボーナスを失う」.
          penalties: answer.steps[answer.steps.length - 1].escape
            ? { ...ESCAPE_ARTIST_PENALTIES }
            : { ...SQUEEZE_PENALTIES },
        }
      : {}),
  }
}
