// Spawns the real CLI (`tsx src-main/cli.ts`): fixtures with exact answers, malformed input,
// standard input, and a few dozen generated scenarios compared with the in-process runner.
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runScenario } from '@core/rules/scenario/run'

const root = join(import.meta.dirname, '..')
const fixtures = join(root, 'tests/fixtures/scenarios')

interface Run {
  code: number | null
  stdout: string
}

function cli(args: string[], input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/cli.ts', ...args], {
      cwd: root,
    })
    let stdout = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.resume()
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout }))
    child.stdin.end(input ?? '')
  })
}

/** Exactly one JSON document on stdout. */
function single(stdout: string): unknown {
  expect(stdout.trim().split('\n')).toHaveLength(1)
  return JSON.parse(stdout)
}

async function inBatches<T>(
  items: T[],
  size: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run))
}

describe('rules CLI', () => {
  const names = readdirSync(fixtures)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
    .map((f) => f.slice(0, -'.json'.length))

  it('answers every fixture exactly, exit 0 for answers and 2 for errors', async () => {
    expect(names.length).toBeGreaterThanOrEqual(6)
    await inBatches(names, 4, async (name) => {
      const run = await cli([join(fixtures, `${name}.json`)])
      const expected = JSON.parse(readFileSync(join(fixtures, `${name}.expected.json`), 'utf8'))
      expect(single(run.stdout), name).toEqual(expected)
      expect(run.code, name).toBe('error' in expected ? 2 : 0)
    })
  }, 120_000)

  it('reads standard input with "-", and reports bad JSON, a missing file and bad usage as JSON errors', async () => {
    const doc = readFileSync(join(fixtures, 'flanking.json'), 'utf8')
    const runs = await Promise.all([
      cli(['-'], doc),
      cli(['-'], '{"format": '),
      cli([join(fixtures, 'bad-json.txt')]),
      cli([join(fixtures, 'no-such-file.json')]),
      cli([]),
      cli(['-'], ''),
    ])
    expect(single(runs[0].stdout)).toEqual({ pairs: [['fighter', 'thief']] })
    expect(runs[0].code).toBe(0)
    const codes = runs
      .slice(1)
      .map((r) => [r.code, (single(r.stdout) as { error: { code: string } }).error.code])
    expect(codes).toEqual([
      [2, 'bad-json'],
      [2, 'bad-json'],
      [2, 'unreadable-file'],
      [2, 'usage'],
      [2, 'bad-json'],
    ])
  }, 120_000)

  it('prints the same as the in-process runner for generated scenarios, good and bad', async () => {
    const docs = fc.sample(
      fc
        .record({
          system: fc.constantFrom('arianrhod', 'pathfinder', 'nosuch'),
          width: fc.integer({ min: 1, max: 8 }),
          x: fc.integer({ min: -1, max: 8 }),
          type: fc.constantFrom('distance', 'reach', 'zoc', 'cover', 'flanking', 'light', 'nosuch'),
        })
        .map(({ system, width, x, type }) => ({
          format: 'gm-scenario/1',
          system,
          map: {
            width,
            height: 3,
            edges:
              width > 2
                ? [
                    {
                      between: [
                        [1, 0],
                        [2, 0],
                      ],
                      kind: 'wall',
                    },
                  ]
                : [],
          },
          tokens: [
            { id: 'a', at: [0, 0], faction: 'p', move: 6 },
            { id: 'b', at: [Math.min(x, width), 2], faction: 'q' },
          ],
          query: {
            type,
            token: 'a',
            mode: 'combat',
            from: type === 'distance' ? [0, 0] : 'a',
            to: type === 'distance' ? [x, 1] : 'b',
            target: 'a',
            at: [x, 0],
          },
        })),
      { numRuns: 20, seed: 7 },
    )
    await inBatches(docs, 4, async (doc) => {
      const run = await cli(['-'], JSON.stringify(doc))
      const result = runScenario(doc)
      const expected = result.ok ? result.answer : { error: result.error }
      expect(single(run.stdout)).toEqual(expected)
      expect(run.code).toBe(result.ok ? 0 : 2)
    })
  }, 180_000)

  it('runs through `npm run -s rules --` with nothing else on stdout', () => {
    const run = spawnSync('npm', ['run', '-s', 'rules', '--', join(fixtures, 'reach-zoc.json')], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(run.status).toBe(0)
    expect(single(run.stdout)).toEqual(
      JSON.parse(readFileSync(join(fixtures, 'reach-zoc.expected.json'), 'utf8')),
    )
  }, 60_000)
})
