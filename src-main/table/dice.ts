// Dice rolls through BCDice, in the main process only (the renderer never rolls, so a player
// client cannot fake or foresee a result). The random source is injectable: tests pass scripted
// dice in draw order, the same way BCDice's own test suite stubs its randomizer's `$random`.
import { createRequire } from 'node:module'
import type { SystemId } from '../rules/model'

/** BCDice's game system per rule system; DysTopiA has none, so it uses the generic dice bot. */
export const BCDICE_SYSTEMS: Readonly<Record<SystemId, string>> = {
  arianrhod: 'Arianrhod',
  pathfinder: 'Pathfinder',
  dnd35: 'DungeonsAndDragons',
  dystopia: 'DiceBot',
}

/** Returns one die's face, 1..sides. */
export type DiceSource = (sides: number) => number

export interface DiceRoll {
  command: string
  /** BCDice's own result line, e.g. "(2D6) ＞ 7[3,4] ＞ 7". */
  text: string
  /** The faces drawn, in draw order. */
  dice: number[]
  /** The final number of the result line, when it ends in one. */
  total: number | null
  success: boolean
  failure: boolean
  critical: boolean
  fumble: boolean
  secret: boolean
}

export class DiceError extends Error {
  readonly code = 'dice-command-invalid'
  constructor(message: string) {
    super(message)
    this.name = 'DiceError'
  }
}

interface BcdiceResult {
  text: string
  rands: Array<[number, number]>
  success: boolean
  failure: boolean
  critical: boolean
  fumble: boolean
  secret: boolean
}
interface GameSystemInstance {
  randomizer: object
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

export const MAX_DICE_COMMAND_LENGTH = 200

export interface DiceRoller {
  roll(system: SystemId, command: string, options?: { secret?: boolean }): Promise<DiceRoll>
}

/** A roller on Math.random, or on `source` (tests, `--dice`). */
export function createDiceRoller(source?: DiceSource): DiceRoller {
  return {
    async roll(system, rawCommand, options = {}) {
      const command = rawCommand.trim()
      if (command === '' || command.length > MAX_DICE_COMMAND_LENGTH) {
        throw new DiceError(`A dice command must be 1–${MAX_DICE_COMMAND_LENGTH} characters.`)
      }
      const GameSystem = await gameSystem(BCDICE_SYSTEMS[system])
      // BCDice marks secret rolls with an "S" prefix (e.g. "S2D6").
      const instance = new GameSystem(
        options.secret && !/^s/i.test(command) ? `S${command}` : command,
      )
      if (source) Object.assign(instance.randomizer, { $random: (sides: number) => source(sides) })
      const result = instance.eval()
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
