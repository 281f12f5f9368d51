// Dice rolls through BCDice, in the main process only (the renderer never rolls, so a player
// client cannot fake or foresee a result). The random source is injectable: tests pass scripted
// dice in draw order, the same way BCDice's own test suite stubs its randomizer's `$random`, or a
// fixed seed; the app's dice come from a seed drawn when main starts (core/random.ts).
import { createRequire } from 'node:module'
import type { SystemId } from '@core/rules/model'
import { DICE_LIMITS, type DiceErrorCode } from '@core/table/dice-limits'
import type { DiceRoll } from '@core/table/dice-roll'
import { randomSeed, seededDice } from '@core/random'

export { DICE_ERROR_CODES, DICE_LIMITS, type DiceErrorCode } from '@core/table/dice-limits'

/** BCDice's game system per rule system; DysTopiA has none, so it uses the generic dice bot. */
export const BCDICE_SYSTEMS: Readonly<Record<SystemId, string>> = {
  arianrhod: 'Arianrhod',
  pathfinder: 'Pathfinder',
  dnd35: 'DungeonsAndDragons',
  dystopia: 'DiceBot',
}

/** Returns one die's face, 1..sides. */
export type DiceSource = (sides: number) => number

export class DiceError extends Error {
  constructor(
    message: string,
    readonly code: DiceErrorCode = 'dice-command-invalid',
  ) {
    super(message)
    this.name = 'DiceError'
  }
}

const count = (n: number) => n.toLocaleString('en')

interface BcdiceResult {
  text: string
  rands: Array<[number, number]>
  success: boolean
  failure: boolean
  critical: boolean
  fumble: boolean
  secret: boolean
}
/** The Opal methods of BCDice's Randomizer the roller replaces or wraps (Ruby names, `$` first). */
interface Randomizer {
  $random(sides: number): number
  $roll_barabara(times: number, sides: number): number[]
  $roll_once(sides: number): number
}
interface GameSystemInstance {
  randomizer: Randomizer
  eval(): BcdiceResult | null
}
type GameSystemClass = new (command: string) => GameSystemInstance
interface BcdiceModule {
  DynamicLoader: new () => { dynamicLoad(id: string): Promise<GameSystemClass> }
}

// BCDice is CommonJS and loads its systems with a runtime require (stack-notes.md).
const bcdice = createRequire(import.meta.url)('bcdice') as BcdiceModule
const loader = new bcdice.DynamicLoader()
const loaded = new Map<string, Promise<GameSystemClass>>()

function gameSystem(id: string): Promise<GameSystemClass> {
  let entry = loaded.get(id)
  if (!entry) {
    entry = loader.dynamicLoad(id)
    loaded.set(id, entry)
  }
  return entry
}

export const MAX_DICE_COMMAND_LENGTH = DICE_LIMITS.length

export interface DiceRoller {
  roll(system: SystemId, command: string, options?: { secret?: boolean }): Promise<DiceRoll>
}

/**
 * A roller on `source`: scripted dice (tests, `--dice`), seeded ones (a test's fixed seed), or by
 * default dice from a fresh seed (core/random.ts, where every die and id is made).
 */
export function createDiceRoller(source: DiceSource = seededDice(randomSeed())): DiceRoller {
  return {
    async roll(system, rawCommand, options = {}) {
      const command = rawCommand.trim()
      if (command === '') throw new DiceError('A dice command cannot be empty.')
      if (command.length > DICE_LIMITS.length) {
        throw new DiceError(
          `A dice command has at most ${DICE_LIMITS.length} characters; this one has ${command.length}.`,
          'dice-too-long',
        )
      }
      const GameSystem = await gameSystem(BCDICE_SYSTEMS[system])
      // BCDice marks secret rolls with an "S" prefix (e.g. "S2D6").
      const text = options.secret && !/^s/i.test(command) ? `S${command}` : command
      refuseWrittenTerms(command)
      const result = evaluate(GameSystem, text, command, source)
      if (!result) throw new DiceError(`BCDice does not understand "${command}".`)
      return {
        command,
        text: result.text,
        dice: result.rands.map(([value]) => value),
        total: finalNumber(result.text),
        success: result.success,
        failure: result.failure,
        critical: result.critical,
        fumble: result.fumble,
        secret: result.secret,
      }
    },
  }
}

/**
 * The terms written out (200D6, 5B10001, 300U6[6]) checked against the limits before BCDice is
 * asked at all; terms it computes, such as (2+3)D6, are checked as it rolls them (evaluate).
 * BCDice allows one term of up to 10,000 upper dice (U), at most 200 of the others.
 */
function refuseWrittenTerms(command: string): void {
  for (const [, times, kind, sides] of command.matchAll(/(\d+)\s*([DBRU])\s*(\d+)/gi)) {
    const perTerm = /u/i.test(kind) ? DICE_LIMITS.dicePerCommand : DICE_LIMITS.dicePerTerm
    if (Number(times) > perTerm) throw tooMany(command, Number(times), perTerm)
    if (Number(sides) > DICE_LIMITS.faces) throw tooLarge(command, Number(sides))
  }
}

const tooMany = (command: string, times: number, limit: number) =>
  new DiceError(
    `A roll has at most ${count(limit)} dice in one term; "${command}" asks for ${count(times)}.`,
    'dice-too-many',
  )

const tooLarge = (command: string, sides: number) =>
  new DiceError(
    `A die has at most ${count(DICE_LIMITS.faces)} faces; "${command}" asks for ${count(sides)}.`,
    'dice-too-large',
  )

/**
 * One evaluation, with BCDice's randomizer watched: where BCDice would quietly roll nothing (too
 * many dice in a term) or zeros (too many faces, no faces), or gives up (too many dice in all),
 * the roll is refused with the limit instead, before that term's dice are drawn, and nothing of it
 * is shown or logged. Any other failure comes back as a DiceError with
 * a string message (BCDice's own errors are Opal objects whose message is not one).
 */
function evaluate(
  GameSystem: GameSystemClass,
  text: string,
  command: string,
  source: DiceSource,
): BcdiceResult | null {
  const instance = new GameSystem(text)
  const randomizer = instance.randomizer
  let refusal: DiceError | null = null
  const refuse = (error: DiceError) => (refusal ??= error)
  const rollBarabara = randomizer.$roll_barabara
  const rollOnce = randomizer.$roll_once
  Object.assign(randomizer, {
    $random: (sides: number) => source(sides),
    $roll_barabara(this: Randomizer, times: number, sides: number): number[] {
      if (times > DICE_LIMITS.dicePerTerm) {
        refuse(tooMany(command, times, DICE_LIMITS.dicePerTerm))
        return []
      }
      return rollBarabara.call(this, times, sides)
    },
    $roll_once(this: Randomizer, sides: number): number {
      if (sides > DICE_LIMITS.faces) {
        refuse(tooLarge(command, sides))
        return 1
      }
      if (sides < 1) {
        refuse(new DiceError(`A die has at least 1 face; "${command}" asks for ${sides}.`))
        return 1
      }
      return rollOnce.call(this, sides)
    },
  })
  let result: BcdiceResult | null
  try {
    result = instance.eval()
  } catch (error) {
    if (error instanceof DiceError) throw error
    if (opalClass(error) === 'TooManyRandsError') {
      throw new DiceError(
        `A command rolls at most ${count(DICE_LIMITS.dicePerCommand)} dice in all; "${command}" needs more.`,
        'dice-too-many',
      )
    }
    throw new DiceError(`BCDice could not roll "${command}": ${reasonOf(error)}.`)
  }
  if (refusal) throw refusal
  return result
}

/** A readable reason from a JavaScript error or an Opal exception (whose `message` is a method). */
function reasonOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  if (typeof message === 'string' && message !== '') return message
  const opal = error as { $message?: () => unknown } | null
  const text = typeof opal?.$message === 'function' ? opal.$message() : undefined
  if (typeof text === 'string' && text !== '') return text
  return opalClass(error) ?? 'unknown error'
}

function opalClass(error: unknown): string | undefined {
  const name = (error as { $$class?: { $$name?: unknown } } | null)?.$$class?.$$name
  return typeof name === 'string' ? name : undefined
}

/** Dice in draw order; a roll that needs more dice than given is refused, not invented. */
export function scriptedDice(values: readonly number[]): DiceSource {
  let next = 0
  return (sides) => {
    if (next >= values.length) throw new DiceError('The scripted dice ran out.')
    const value = values[next++]
    if (!Number.isInteger(value) || value < 1 || value > sides) {
      throw new DiceError(`A scripted die of ${value} does not fit a d${sides}.`)
    }
    return value
  }
}

function finalNumber(text: string): number | null {
  const segments = text.split('＞').map((part) => part.trim())
  for (let i = segments.length - 1; i >= 0; i--) {
    if (/^-?\d+$/.test(segments[i])) return Number(segments[i])
  }
  return null
}
