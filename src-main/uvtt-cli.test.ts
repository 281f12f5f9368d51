// Spawns the real import CLI (`tsx src-main/uvtt-cli.ts`): one JSON document, {map, report} with
// exit 0, {"error": {code, message, path}} with exit 2 for a broken file.
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
let dir: string

function uvtt(args: string[]): Promise<{ code: number | null; output: unknown }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/uvtt-cli.ts', ...args], {
      cwd: root,
    })
    let stdout = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.resume()
    child.on('error', reject)
    child.on('close', (code) => {
      expect(stdout.trim().split('\n')).toHaveLength(1)
      resolve({ code, output: JSON.parse(stdout) })
    })
  })
}

describe('npm run -s uvtt', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'uvtt-cli-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('prints the map and the report', async () => {
    const file = join(dir, 'room.dd2vtt')
    await writeFile(
      file,
      JSON.stringify({
        format: 0.2,
        resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: 4, y: 3 }, pixels_per_grid: 50 },
        line_of_sight: [
          [
            { x: 2, y: 0 },
            { x: 2, y: 3 },
          ],
        ],
        portals: [
          {
            position: { x: 2, y: 1.5 },
            bounds: [
              { x: 2, y: 1 },
              { x: 2, y: 2 },
            ],
            rotation: 0,
            closed: true,
          },
        ],
        lights: [
          {
            position: { x: 0.5, y: 0.5 },
            range: 2,
            intensity: 1,
            color: 'ffffffff',
            shadows: true,
          },
        ],
      }),
    )
    const result = await uvtt([file, '--system', 'pathfinder'])
    expect(result).toEqual({
      code: 0,
      output: {
        map: {
          width: 4,
          height: 3,
          cells: [],
          edges: [
            {
              between: [
                [1, 0],
                [2, 0],
              ],
              kind: 'wall',
            },
            {
              between: [
                [1, 1],
                [2, 1],
              ],
              kind: 'door',
              state: 'closed',
            },
            {
              between: [
                [1, 2],
                [2, 2],
              ],
              kind: 'wall',
            },
          ],
          light: { sources: [{ at: [0, 0], level: 2, radius: 10 }] },
        },
        report: {
          walls: 2,
          doors: 1,
          windows: 0,
          lights: 1,
          segmentsClipped: 0,
          imageWidth: null,
          imageHeight: null,
        },
      },
    })
  }, 30_000)

  it('exits 2 with an error for a file that is not JSON or not a Universal VTT map', async () => {
    const broken = join(dir, 'broken.uvtt')
    await writeFile(broken, '{"format": 0.3, "resolution": ')
    await expect(uvtt([broken])).resolves.toMatchObject({
      code: 2,
      output: { error: { code: 'bad-json' } },
    })
    const wrong = join(dir, 'wrong.uvtt')
    await writeFile(
      wrong,
      JSON.stringify({
        format: 0.3,
        resolution: { map_size: { x: 4, y: 3 }, pixels_per_grid: 'big' },
      }),
    )
    await expect(uvtt([wrong])).resolves.toMatchObject({
      code: 2,
      output: { error: { code: 'invalid-uvtt', path: '/resolution/pixels_per_grid' } },
    })
  }, 30_000)

  it('exits 2 with the limit crossed: a light that would shine infinitely far, a 10,001-point wall', async () => {
    const file = (extra: Record<string, unknown>) => ({
      format: 0.3,
      resolution: { map_size: { x: 10, y: 10 }, pixels_per_grid: 70 },
      ...extra,
    })
    const light = join(dir, 'light.uvtt')
    await writeFile(
      light,
      JSON.stringify(file({ lights: [{ position: { x: 1.5, y: 1.5 }, range: 1e308 }] })),
    )
    await expect(uvtt([light])).resolves.toMatchObject({
      code: 2,
      output: { error: { code: 'light-range-too-large', path: '/lights/0/range' } },
    })
    const long = join(dir, 'long.uvtt')
    const points = Array.from({ length: 10_001 }, (_, i) => ({ x: i % 10, y: (i * 7) % 10 }))
    await writeFile(long, JSON.stringify(file({ line_of_sight: [points] })))
    await expect(uvtt([long])).resolves.toMatchObject({
      code: 2,
      output: { error: { code: 'wall-line-too-long', path: '/line_of_sight/0' } },
    })
  }, 30_000)
})
