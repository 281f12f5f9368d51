// `npm run -s rules -- FILE|-`: answers one scenario (shared/spec/scenario-format.md) on stdout as
// exactly one JSON document; exit 0 for an answer, 2 for a malformed scenario. This is the only
// rules entry point allowed to touch node: modules, which is why it lives outside rules/.
import { readFileSync } from 'node:fs'
import { runScenario } from '@core/rules/scenario/run'

type Outcome = { exitCode: 0 | 2; output: unknown }

function fail(code: string, message: string, path?: string): Outcome {
  return {
    exitCode: 2,
    output: { error: { code, message, ...(path !== undefined ? { path } : {}) } },
  }
}

function readInput(arg: string): string {
  return arg === '-' ? readFileSync(0, 'utf8') : readFileSync(arg, 'utf8')
}

function answer(args: readonly string[]): Outcome {
  const files = args.filter((a) => a !== '--')
  if (files.length !== 1)
    return fail('usage', 'usage: npm run -s rules -- FILE   (or - for standard input)')
  let text: string
  try {
    text = readInput(files[0])
  } catch (e) {
    return fail('unreadable-file', `cannot read ${files[0]}: ${(e as Error).message}`)
  }
  let doc: unknown
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch (e) {
    return fail('bad-json', `the scenario is not valid JSON: ${(e as Error).message}`)
  }
  const result = runScenario(doc)
  return result.ok
    ? { exitCode: 0, output: result.answer }
    : { exitCode: 2, output: { error: result.error } }
}

const outcome = answer(process.argv.slice(2))
process.stdout.write(`${JSON.stringify(outcome.output)}\n`, () => process.exit(outcome.exitCode))
