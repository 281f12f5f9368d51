// The dice service against BCDice's own test vectors (shipped in the npm package at
// lib/bcdice/test_data.json): same command, same dice, same result line and flags.
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { createHandlers } from '../ipc/handlers'
import type { HandlerService } from '../ipc/handlers'
import { createDiceRoller, DiceError, scriptedDice } from './dice'
import type { SystemId } from '@core/rules/model'

interface Vector {
  game_system: string
  input: string
  output: string
  rands: Array<{ sides: number; value: number }>
  secret?: boolean
  success?: boolean
  failure?: boolean
  critical?: boolean
  fumble?: boolean
}
const vectors = createRequire(import.meta.url)('bcdice/lib/bcdice/test_data.json') as Record<
  string,
  { test: Vector[] }
>

const cases: Array<[SystemId, string]> = [
  ['arianrhod', 'Arianrhod'],
  ['pathfinder', 'Pathfinder'],
  ['dnd35', 'DungeonsAndDragons'],
  ['dystopia', 'AddDice'],
]

describe('dice service (BCDice)', () => {
  for (const [system, vectorSet] of cases) {
    const tests = vectors[vectorSet].test.filter((t) => t.output !== '')
    it(`${system}: reproduces BCDice's ${tests.length} ${vectorSet} vectors`, async () => {
      for (const vector of tests) {
        const roller = createDiceRoller(scriptedDice(vector.rands.map((r) => r.value)))
        const roll = await roller.roll(system, vector.input)
        expect(roll.text, vector.input).toBe(vector.output)
        expect(roll.dice).toEqual(vector.rands.map((r) => r.value))
        expect(roll).toMatchObject({
          secret: vector.secret ?? false,
          success: vector.success ?? false,
          failure: vector.failure ?? false,
          critical: vector.critical ?? false,
          fumble: vector.fumble ?? false,
        })
      }
    })
  }

  it('Arianrhod criticals follow BCDice: 2D6 showing 6,6 is a クリティカル', async () => {
    const roll = await createDiceRoller(scriptedDice([6, 6])).roll('arianrhod', '2D6+3>=10')
    expect(roll.critical).toBe(true)
    expect(roll.text).toContain('クリティカル')
  })

  it('gives the final total and marks secret rolls', async () => {
    const roll = await createDiceRoller(scriptedDice([3, 4])).roll('arianrhod', '2D6', {
      secret: true,
    })
    expect(roll).toMatchObject({ total: 7, dice: [3, 4], secret: true })
  })

  it('refuses commands BCDice does not understand, and scripted dice that run out or do not fit', async () => {
    const roller = createDiceRoller(scriptedDice([3]))
    await expect(roller.roll('pathfinder', 'hello')).rejects.toThrow(DiceError)
    await expect(roller.roll('pathfinder', '')).rejects.toThrow(DiceError)
    await expect(createDiceRoller(scriptedDice([3])).roll('arianrhod', '2D6')).rejects.toThrow(
      /ran out/,
    )
    await expect(createDiceRoller(scriptedDice([7])).roll('arianrhod', '1D6')).rejects.toThrow(/d6/)
  })

  it('is reached through the dice.roll verb, which answers bad commands with a code', async () => {
    const handlers = createHandlers(
      { subscribe: () => () => {} } as unknown as HandlerService,
      { runPrepared: () => ({ ok: true, answer: null }) },
      {
        dice: createDiceRoller(scriptedDice([2, 5])),
      },
    )
    const ok = await handlers.handle('dice.roll', { system: 'arianrhod', command: '2D6' })
    expect(ok).toMatchObject({ ok: true, value: { total: 7, dice: [2, 5] } })
    const bad = await handlers.handle('dice.roll', { system: 'arianrhod', command: 'nonsense' })
    expect(bad).toMatchObject({ ok: false, error: { code: 'dice-command-invalid' } })
    const invalid = await handlers.handle('dice.roll', {
      system: 'arianrhod',
      command: '2D6',
      extra: true,
    })
    expect(invalid).toMatchObject({ ok: false })
    handlers.dispose()
  })
})
