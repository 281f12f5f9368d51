// Benchmark: Universal VTT import (issues 26, 27). The importer as `npm run -s uvtt` runs it:
//  - 100 and 2,000 long diagonal walls on a 1000 × 1000 map (the shape that made the previous
//    importer quadratic), against the previous importer (a test oracle) on the 100-wall file;
//  - the CLI's peak resident memory for a ~35 MB file that is nearly all wall points, next to
//    the CLI's own on a tiny file.
// Target: 2,000 walls in under 2 s.
//   npx tsx bench/uvtt.ts
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { longDiagonalWalls, uvttFile, wallPointLines } from '../src-main/uvtt/hostile-files.testing'
import { importUvtt } from '../src-main/uvtt/import'
import { previousImporterEdges } from '../src-main/uvtt/previous-importer.testing'

export const UVTT_TARGET_MS = 2000
const root = fileURLToPath(new URL('..', import.meta.url))

interface Timed {
  label: string
  bytes: number
  edges: number
  wallMs: number
  cpuMs: number
}

export interface UvttBench {
  importer: Timed[]
  previous: Timed
  memory: { label: string; bytes: number; peakMb: number; exit: number }[]
}

function timed(label: string, text: string, run: (raw: unknown) => number): Timed {
  const cpu = process.cpuUsage()
  const start = performance.now()
  const edges = run(JSON.parse(text))
  const wallMs = performance.now() - start
  const { user, system } = process.cpuUsage(cpu)
  return { label, bytes: text.length, edges, wallMs, cpuMs: (user + system) / 1000 }
}

/** Peak resident memory (MB) of `npm run -s uvtt` on a file, through /usr/bin/time. */
function cliPeak(file: string): { peakMb: number; exit: number } {
  const args = ['-f', '%M', process.execPath, '--import', 'tsx', 'src-main/uvtt-cli.ts', file]
  let stderr = ''
  let exit = 0
  try {
    execFileSync('/usr/bin/time', args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] })
  } catch (error) {
    exit = (error as { status: number }).status
    stderr = String((error as { stderr: Buffer }).stderr)
  }
  stderr ||= ''
  const kb = Number(/(\d+)\s*$/.exec(stderr)?.[1] ?? NaN)
  return { peakMb: kb / 1024, exit }
}

export async function runUvttBench(): Promise<UvttBench> {
  const files = [100, 2000].map((walls) => ({
    walls,
    text: JSON.stringify(uvttFile(1000, longDiagonalWalls(1000, walls))),
  }))
  const importer = files.map(({ walls, text }) =>
    timed(`${walls.toLocaleString('en')} long diagonal walls`, text, (raw) => {
      return importUvtt(raw).edgeKinds.reduce((n, kind) => n + (kind ? 1 : 0), 0)
    }),
  )
  const previous = timed('100 long diagonal walls, previous importer', files[0].text, (raw) => {
    return previousImporterEdges(raw as Parameters<typeof previousImporterEdges>[0]).edges.length
  })
  const dir = await mkdtemp(join(tmpdir(), 'uvtt-bench-'))
  try {
    const memory = []
    for (const [label, lines] of [
      [
        'a tiny file (the CLI alone)',
        [
          [
            { x: 1, y: 1 },
            { x: 2, y: 2 },
          ],
        ],
      ],
      ['about 35 MB of wall points', wallPointLines(1000, 35e6)],
    ] as const) {
      const file = join(dir, 'file.uvtt')
      const text = JSON.stringify(uvttFile(1000, lines as never))
      await writeFile(file, text)
      memory.push({ label, bytes: text.length, ...cliPeak(file) })
    }
    return { importer, previous, memory }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export function formatUvttBench(result: UvttBench): string {
  const row = (t: Timed) =>
    `| ${t.label} | ${(t.bytes / 1e3).toFixed(0)} KB | ${t.edges.toLocaleString('en')} | ${t.wallMs.toFixed(0)} | ${t.cpuMs.toFixed(0)} |`
  const largest = result.importer[result.importer.length - 1]
  return [
    '1000 × 1000 map; the importer as `npm run -s uvtt` runs it (parse, walls, edges), one run each.',
    '',
    '| file | size | edges | wall ms | CPU ms |',
    '| --- | --- | --- | --- | --- |',
    ...result.importer.map(row),
    row(result.previous),
    '',
    `2,000 walls: ${largest.wallMs.toFixed(0)} ms (target < ${UVTT_TARGET_MS} ms): ${largest.wallMs < UVTT_TARGET_MS ? 'OK' : 'OVER'}`,
    '',
    '| `npm run -s uvtt` on | size | exit | peak resident MB |',
    '| --- | --- | --- | --- |',
    ...result.memory.map(
      (m) =>
        `| ${m.label} | ${(m.bytes / 1e6).toFixed(1)} MB | ${m.exit} | ${m.peakMb.toFixed(0)} |`,
    ),
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(formatUvttBench(await runUvttBench()))
}
