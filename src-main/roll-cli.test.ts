// Spawns the real roll CLI (`tsx src-main/roll-cli.ts`): one JSON document on stdout, exit 0 for
// a roll, exit 2 with {"error"} for anything BCDice does not understand or bad arguments.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

function roll(args: string[]): Promise<{ code: number | null; output: unknown; lines: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/roll-cli.ts', ...args], {
      cwd: root,
    })
    let stdout = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.resume()
    child.on('error', reject)
    child.on('close', (code) =>
      resolve({ code, output: JSON.parse(stdout), lines: stdout.trim().split('\n').length }),
    )
  })
}

describe('npm run -s roll', () => {
  it('rolls with injected dice and prints every documented field', async () => {
    const result = await roll(['--system', 'arianrhod', '--dice', '6,6', '2D6+3>=10'])
    expect(result.code).toBe(0)
    expect(result.lines).toBe(1)
    expect(result.output).toEqual({
      command: '2D6+3>=10',
      text: '(2D6+3>=10) ＞ 12[6,6]+3 ＞ 15 ＞ クリティカル(+2D6)',
      dice: [6, 6],
      total: 15,
      success: true,
      failure: false,
      critical: true,
      fumble: false,
      secret: false,
    })
  }, 30_000)

  it('marks secret rolls and uses the generic dice bot for DysTopiA', async () => {
    const result = await roll(['--system', 'dystopia', '--dice', '3,4', '--secret', '2D6'])
    expect(result).toMatchObject({
      code: 0,
      output: { text: '(2D6) ＞ 7[3,4] ＞ 7', total: 7, secret: true },
    })
  }, 30_000)

  it('exits 2 with an error for a command BCDice does not understand, or bad arguments', async () => {
    await expect(roll(['--system', 'pathfinder', 'hello'])).resolves.toMatchObject({
      code: 2,
      output: { error: { code: 'dice-command-invalid' } },
    })
    await expect(roll(['--system', 'arianrhod', '100000000D6'])).resolves.toMatchObject({
      code: 2,
      output: { error: { code: 'dice-too-many', message: expect.stringContaining('200') } },
    })
    await expect(roll(['--system', 'arianrhod', '10D1000000000'])).resolves.toMatchObject({
      code: 2,
      output: { error: { code: 'dice-too-large', message: expect.stringContaining('10,000') } },
    })
    await expect(roll(['--system', 'gurps', '1d6'])).resolves.toMatchObject({
      code: 2,
      output: { error: { code: 'usage' } },
    })
    await expect(roll(['--system', 'arianrhod', '--dice', 'x', '1d6'])).resolves.toMatchObject({
      code: 2,
      output: { error: { code: 'usage' } },
    })
  }, 60_000)
})
