// The scenario queries (shared/spec/scenario-format.md) answered by pathfinder and its variants.
// Extra answer fields beyond the spec are additions only (README "Queries").
import type { QueryAnswer } from '../../queries'
import type { Cell } from '../../model'
import type { Battle, SystemQueries } from '../../system'
import { ScenarioError } from '../../system'
import {
  readBoolean,
  readCell,
  readEnum,
  readMode,
  readNumber,
  readToken,
} from '../../scenario/query'
import type { Creature } from './creatures'
import { Battlefield } from './creatures'
import { coverAcBonus, concealmentBetween, coverBetween, missChance, placementOf } from './cover'
import { flankingPairs } from './flanking'
import { rollInitiative } from './initiative'
import { initiativeChangesSchema, withChanges } from '../../turn-order/query'
import { lightLevels, visibleCells } from './light'
import type { ReachCell } from './movement'
import type { StepOptions } from './steps'
import { MOVE_MODES } from './move-modes'
import { MoveSearch } from './movement'
import type { TacticalRules } from './rules'
import type { AreaCell } from './spread'
import { areaFrom } from './spread'
import { coneFrom, lineFrom } from './templates'
import { StraightMove } from './straight'
import { attackBetween } from './attack'
import { COMBAT_ACTION_IDS, provokesFor } from './actions'
import type { ModeRefusal, MoveRefusal } from './mode-limits'
import type { PathfinderCondition } from './conditions'
import { enemyNotes, moverNotes, standUpProvokes } from './condition-notes'
import { modeRefusal, runCheck } from './mode-limits'
import { threatenedCells } from './threat'
import type { PathfinderLightEffect } from './reasons'
import { escapeChecks, pathAnswer, throughChecks } from './path-checks'

type Query = Readonly<Record<string, unknown>>

function fieldOf(battle: Battle, rules: TacticalRules): Battlefield {
  return new Battlefield(battle, rules)
}

function creatureFor(field: Battlefield, battle: Battle, query: Query, key: string): Creature {
  return field.byId.get(readToken(battle, query, key).id) as Creature
}

function cellList(field: Battlefield, cells: Iterable<number>): Cell[] {
  return [...cells].sort((a, b) => a - b).map((c) => field.grid.cellOf(c))
}

/** Movement options of the query: how to get down a drop, and 登攀速度の上昇. */
function stepOptions(query: Query, mode: string): StepOptions {
  const through =
    query.through === undefined
      ? undefined
      : readEnum(query, 'through', ['acrobatics', 'overrun'] as const)
  // 蹴散らし is 「移動の合間に使う標準アクション」: it fits a move action's movement, not a double move.
  if (through === 'overrun' && mode !== 'move')
    throw new ScenarioError(
      'invalid-query',
      'query.through "overrun" goes with mode "move" (it takes the standard action)',
      '/query/through',
    )
  if (through === 'acrobatics' && mode === 'five-foot-step')
    throw new ScenarioError(
      'invalid-query',
      'a 5-foot step never passes an enemy',
      '/query/through',
    )
  return {
    descend: readEnum(query, 'descend', ['climb', 'jump'] as const, 'climb'),
    fastClimb: readBoolean(query, 'fastClimb', false),
    escapeArtist: readBoolean(query, 'escapeArtist', false),
    ...(through ? { through } : {}),
  }
}

/** A mode the creature may not use now: nowhere to go, and why. */
class Refused {
  constructor(readonly refusal: ModeRefusal) {}
  /** The reason, and the condition that decides it (朦朧 …), as every refused answer gives them. */
  answer(): { reason: MoveRefusal; condition?: PathfinderCondition } {
    const { reason, condition } = this.refusal
    return { reason, ...(condition ? { condition } : {}) }
  }
}

function planner(
  field: Battlefield,
  battle: Battle,
  query: Query,
  creature: Creature,
): MoveSearch | StraightMove | Refused {
  const mode = readMode(query, MOVE_MODES)
  const refusal = modeRefusal(field, creature, mode)
  if (refusal) return new Refused(refusal)
  if (mode === 'run') return new StraightMove(field, creature, 'run')
  if (mode === 'charge')
    return new StraightMove(field, creature, 'charge', creatureFor(field, battle, query, 'target'))
  return new MoveSearch(field, creature, mode, { step: stepOptions(query, mode) })
}

function reachAnswer(field: Battlefield, cells: ReachCell[]) {
  return {
    cells: cells.map((c) => ({
      at: field.grid.cellOf(c.cell),
      cost: c.cost,
      ...(c.minimum ? { minimum: true } : {}),
      ...(c.squeezed ? { squeeze: true, space: [...c.squeezed] } : {}),
    })),
  }
}

function readIntersection(battle: Battle, query: Query, key: string): Cell {
  const value = query[key]
  const ok = Array.isArray(value) && value.length === 2 && value.every((v) => Number.isInteger(v))
  if (!ok)
    throw new ScenarioError(
      value === undefined ? 'missing-field' : 'invalid-query',
      `query.${key} must be a grid intersection [i, j]`,
      `/query/${key}`,
    )
  const [i, j] = value as [number, number]
  if (i < 0 || j < 0 || i > battle.grid.width || j > battle.grid.height) {
    throw new ScenarioError(
      'cell-out-of-bounds',
      `query.${key} [${i}, ${j}] is outside the map`,
      `/query/${key}`,
    )
  }
  return [i, j]
}

/**
 * The creatures an area reaches: any square of their space in it. A creature's Reflex bonus is
 * the one of its least covered square in the area (the effect reaches it there).
 */
function creaturesIn(
  field: Battlefield,
  cells: readonly AreaCell[],
): { tokens: string[]; targets: { id: string; reflex: number }[] } {
  const reflexAt = new Map(cells.map((c) => [c.cell, c.reflex]))
  const targets: { id: string; reflex: number }[] = []
  for (const creature of field.creatures) {
    const hit = field.spaceCells(creature, creature.at).filter((cell) => reflexAt.has(cell))
    if (hit.length > 0)
      targets.push({
        id: creature.id,
        reflex: Math.min(...hit.map((cell) => reflexAt.get(cell) as number)),
      })
  }
  targets.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return { tokens: targets.map((t) => t.id), targets }
}

export function tacticalQueries(rules: TacticalRules): SystemQueries {
  return {
    reach(battle, query) {
      const field = fieldOf(battle, rules)
      const creature = creatureFor(field, battle, query, 'token')
      const plan = planner(field, battle, query, creature)
      // A refused mode answers like arianrhod's: no cells, `allowed: false` and the reason.
      if (plan instanceof Refused) return { cells: [], allowed: false, ...plan.answer() }
      return reachAnswer(field, plan.reach())
    },
    path(battle, query) {
      const field = fieldOf(battle, rules)
      const creature = creatureFor(field, battle, query, 'token')
      const to = readCell(battle, query, 'to')
      const plan = planner(field, battle, query, creature)
      if (plan instanceof Refused) return { reachable: false as const, ...plan.answer() }
      const found = plan.path(battle.grid.index(to[0], to[1]))
      // path-checks.ts builds the steps and checks as records (each check kind has its own
      // fields); their declared shape (answers.ts) is checked by the answer tests.
      const answer = pathAnswer(field, creature, found, query) as QueryAnswer<'path'>
      if (!found.reachable || !answer.reachable) return answer
      const run =
        plan instanceof StraightMove && plan.mode === 'run' ? runCheck(field, creature) : null
      const through = plan instanceof MoveSearch ? plan.options.step?.through : undefined
      const passing = through
        ? throughChecks(field, creature, found.steps, found.provokes, through)
        : []
      // Standing up from 伏せ provokes first; then the move's own attacks of opportunity.
      const standing = standUpProvokes(field, creature, plan.mode)
      const notes = [
        ...moverNotes(creature, plan.mode),
        ...enemyNotes(field, creature, [
          battle.grid.index(creature.at[0], creature.at[1]),
          ...found.steps.map((s) => s.cell),
        ]),
      ]
      return {
        ...answer,
        checks: [
          ...(run ? [run] : []),
          ...passing,
          ...escapeChecks(field, found.steps),
          ...(answer.checks ?? []),
        ] as NonNullable<typeof answer.checks>,
        provokes: [...new Set([...standing, ...found.provokes])],
        ...(notes.length > 0 ? { conditions: notes } : {}),
      }
    },
    zoc(battle, query) {
      const field = fieldOf(battle, rules)
      const creature = creatureFor(field, battle, query, 'token')
      return { cells: cellList(field, threatenedCells(field, creature)) }
    },
    cover(battle, query) {
      const field = fieldOf(battle, rules)
      const from = placementOf(creatureFor(field, battle, query, 'from'))
      const to = placementOf(creatureFor(field, battle, query, 'to'))
      const attack = readEnum(query, 'attack', ['ranged', 'melee'] as const, 'ranged')
      const { cover, soft, lines, improved } = coverBetween(field, from, to, attack)
      const concealment = concealmentBetween(field, from, to, attack)
      return {
        cover,
        soft,
        ...(improved ? { improved: true } : {}),
        ac: coverAcBonus(cover, improved),
        concealment,
        missChance: missChance(concealment),
        lines: lines ?? [],
      }
    },
    attack(battle, query) {
      const field = fieldOf(battle, rules)
      const attacker = creatureFor(field, battle, query, 'attacker')
      const target = creatureFor(field, battle, query, 'target')
      return attackBetween(field, attacker, target, {
        attack: readEnum(query, 'attack', ['melee', 'ranged'] as const),
        charge: readBoolean(query, 'charge', false),
        squeezing: readBoolean(query, 'squeezing', false),
        escapeArtist: readBoolean(query, 'escapeArtist', false),
        targetSqueezing: readBoolean(query, 'targetSqueezing', false),
        preciseShot: readBoolean(query, 'preciseShot', false),
        touch: readBoolean(query, 'touch', false),
        unarmed: readBoolean(query, 'unarmed', false),
      })
    },
    provokes(battle, query) {
      const field = fieldOf(battle, rules)
      const creature = creatureFor(field, battle, query, 'token')
      const action = readEnum(query, 'action', COMBAT_ACTION_IDS)
      const target =
        query.target === undefined ? undefined : creatureFor(field, battle, query, 'target')
      return provokesFor(field, creature, action, target, readBoolean(query, 'improved', false))
    },
    flanking(battle, query) {
      const field = fieldOf(battle, rules)
      return { pairs: flankingPairs(field, creatureFor(field, battle, query, 'target')) }
    },
    visible(battle, query) {
      const field = fieldOf(battle, rules)
      return {
        cells: cellList(field, visibleCells(field, creatureFor(field, battle, query, 'token'))),
      }
    },
    light(battle, query) {
      const field = fieldOf(battle, rules)
      const at = readCell(battle, query, 'at')
      const viewer =
        query.token === undefined ? undefined : creatureFor(field, battle, query, 'token')
      const level = lightLevels(field, viewer)[battle.grid.index(at[0], at[1])]
      const { categories, seeLevel, clearLevel } = rules.light
      const effects: PathfinderLightEffect[] =
        level < seeLevel
          ? ['total-concealment', 'no-5-foot-step']
          : level < clearLevel
            ? ['concealment']
            : []
      return { level, category: categories[level], effects }
    },
    spread(battle, query) {
      const field = fieldOf(battle, rules)
      const origin = readIntersection(battle, query, 'origin')
      const radius = readNumber(query, 'radius', { min: 0, max: 10_000 })
      const shape = readEnum(query, 'shape', ['spread', 'burst', 'cone', 'line'] as const, 'spread')
      let cells: AreaCell[]
      if (shape === 'cone' || shape === 'line') {
        const toward = readIntersection(battle, query, 'toward')
        if (toward[0] === origin[0] && toward[1] === origin[1]) {
          throw new ScenarioError(
            'invalid-query',
            `query.toward must differ from query.origin to aim a ${shape}`,
            '/query/toward',
          )
        }
        cells =
          shape === 'cone'
            ? coneFrom(field, origin, toward, radius)
            : lineFrom(
                field,
                origin,
                toward,
                radius,
                readEnum(query, 'side', ['right', 'left'] as const, 'right'),
              )
      } else {
        cells = areaFrom(field, origin, radius, shape)
      }
      return {
        cells: cells.map((c) => ({ at: battle.grid.cellOf(c.cell), reflex: c.reflex })),
        ...creaturesIn(field, cells),
      }
    },
    initiative(battle, query) {
      const field = fieldOf(battle, rules)
      const dice = query.dice
      if (!Array.isArray(dice) || !dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 20)) {
        throw new ScenarioError(
          'invalid-query',
          'query.dice must be a list of d20 results (1–20), used in order',
          '/query/dice',
        )
      }
      const unaware = new Set(Array.isArray(query.unaware) ? query.unaware.map(String) : [])
      let next = 0
      const roll = () => {
        if (next >= dice.length)
          throw new ScenarioError('invalid-query', 'query.dice ran out of results', '/query/dice')
        return dice[next++] as number
      }
      const state = rollInitiative(
        field.creatures.map((c) => ({
          id: c.id,
          modifier: c.extras.initiative ?? 0,
          aware: !unaware.has(c.id),
        })),
        roll,
      )
      // Delays and readies so far (003 イニシアチブ変更アクション) move combatants to new counts.
      const changes = initiativeChangesSchema.safeParse({
        delays: query.delays ?? [],
        readies: query.readies ?? [],
      })
      if (!changes.success)
        throw new ScenarioError(
          'invalid-query',
          'query.delays / query.readies: [{token, count}] / [{token, before}]',
          '/query',
        )
      const totals = new Map(state.rolls.map((r) => [r.id, r.total]))
      const counted = state.order.map((id) => ({
        token: id,
        count: totals.get(id) ?? null,
        roll: null,
        modifier: null,
        tiedBy: null,
        rollOffs: [],
      }))
      const changed = withChanges(counted, changes.data.delays, changes.data.readies)
      return {
        order: changed.map((e) => e.token),
        surpriseRound: state.round === 0,
        rolls: state.rolls,
        counts: changed.map((e) => ({ token: e.token, count: e.count })),
      }
    },
  }
}
