// `npm run -s roll -- --system SYSTEM [--dice 6,6,3] [--secret] "COMMAND"`: rolls one BCDice
// command and prints one JSON document (command, text, dice, total, success, failure, critical,
// fumble, secret). --dice injects the dice in draw order. A command BCDice does not understand,
// or bad arguments, print {"error": {code, message}} and exit 2.
import { SYSTEM_IDS, type SystemId } from '@core/rules/model'
import { createDiceRoller, DiceError, scriptedDice } from './table/dice'

type Outcome = { exitCode: 0 | 2; output: unknown }

const USAGE = `usage: npm run -s roll -- --system ${SYSTEM_IDS.join('|')} [--dice 6,6,3] [--secret] "COMMAND"`

function fail(code: string, message: string): Outcome {
  return { exitCode: 2, output: { error: { code, message } } }
}

export async function roll(args: readonly string[]): Promise<Outcome> {
  let system: string | undefined
  let dice: number[] | undefined
  let secret = false
  const rest: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (arg === '--') continue
    if (arg === '--system') system = args[++i]
    else if (arg === '--dice') {
      const raw = args[++i] ?? ''
      dice = raw.split(',').map((d) => Number(d.trim()))
      if (raw.trim() === '' || dice.some((d) => !Number.isInteger(d) || d < 1)) {
        return fail(
          'usage',
          `--dice takes positive whole numbers separated by commas, not "${raw}"`,
        )
      }
    } else if (arg === '--secret') secret = true
    else rest.push(arg)
  }
  if (!system || !(SYSTEM_IDS as readonly string[]).includes(system)) return fail('usage', USAGE)
  if (rest.length !== 1) return fail('usage', USAGE)
  try {
    const roller = createDiceRoller(dice ? scriptedDice(dice) : undefined)
    return { exitCode: 0, output: await roller.roll(system as SystemId, rest[0], { secret }) }
  } catch (error) {
    if (error instanceof DiceError) return fail(error.code, error.message)
    return fail(
      'internal-error',
      `the dice roller failed: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

const outcome = await roll(process.argv.slice(2))
process.stdout.write(`${JSON.stringify(outcome.output)}\n`, () => process.exit(outcome.exitCode))
