// `npm run -s uvtt -- FILE [--system arianrhod|pathfinder|dnd35|dystopia]`: imports one Universal
// VTT file (.dd2vtt / .uvtt / .df2vtt) and prints {"map": …, "report": …} (the map as a
// gm-scenario/1 map object, without the image); a broken file prints {"error": {code, message,
// path}} and exits 2, like the rules CLI. The app's import uses the same module.
import { readFileSync } from 'node:fs'
import { SYSTEM_IDS, type SystemId } from '@core/rules/model'
import { importUvtt, UvttError, uvttMapJson } from '@core/uvtt/import'

/** `json` is the printed document when it is already written (a map can be tens of megabytes). */
type Outcome = { exitCode: 0 | 2; output?: unknown; json?: Uint8Array[] }

const fail = (code: string, message: string, path?: string): Outcome => ({
  exitCode: 2,
  output: { error: { code, message, ...(path !== undefined ? { path } : {}) } },
})

function run(args: readonly string[]): Outcome {
  let system: SystemId = 'arianrhod'
  const files: string[] = []
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--') continue
    if (args[i] === '--system') {
      const value = args[++i]
      if (!(SYSTEM_IDS as readonly string[]).includes(value))
        return fail('usage', `--system must be one of ${SYSTEM_IDS.join(', ')}`)
      system = value as SystemId
    } else files.push(args[i])
  }
  if (files.length !== 1)
    return fail(
      'usage',
      'usage: npm run -s uvtt -- FILE [--system arianrhod|pathfinder|dnd35|dystopia]',
    )
  let text: string
  try {
    text = readFileSync(files[0] === '-' ? 0 : files[0], 'utf8')
  } catch (error) {
    return fail('unreadable-file', `cannot read ${files[0]}: ${(error as Error).message}`)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch (error) {
    return fail('bad-json', `the file is not valid JSON: ${(error as Error).message}`, '')
  }
  try {
    const imported = importUvtt(raw, system)
    const report = JSON.stringify(imported.report)
    const text = (t: string) => Buffer.from(t)
    return {
      exitCode: 0,
      json: [text('{"map":'), uvttMapJson(imported), text(`,"report":${report}}\n`)],
    }
  } catch (error) {
    if (error instanceof UvttError) return fail(error.code, error.message, error.path)
    return fail(
      'internal-error',
      `the importer failed: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

const outcome = run(process.argv.slice(2))
const printed = outcome.json ?? [Buffer.from(`${JSON.stringify(outcome.output)}\n`)]
// Piece by piece, in order: the map's bytes are not copied into one more buffer.
const last = printed.length - 1
printed.forEach((piece, i) =>
  process.stdout.write(piece, i === last ? () => process.exit(outcome.exitCode) : undefined),
)
