// Dice within BCDice's limits (issues 26, 27): a command beyond them is refused before it is
// rolled, with a code and a message that states the limit, never an internal error and never a
// "roll" of zeros; through the dice.roll verb nothing reaches the roll log. Property: any command
// the roller accepts gives dice within 1..faces, and the total the dice give.
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { createHandlers, toHandlerError, type HandlerService } from '../ipc/handlers'
import { createDiceRoller, DICE_LIMITS, DiceError } from './dice'

async function refusal(command: string) {
  try {
    await createDiceRoller().roll('arianrhod', command)
    return null
  } catch (error) {
    if (!(error instanceof DiceError)) throw error
    return { code: error.code, message: error.message }
  }
}

describe('dice limits', () => {
  it.each([
    ['100000000D6', 'dice-too-many', '200'],
    ['99999999B6', 'dice-too-many', '200'],
    ['99999999D20', 'dice-too-many', '200'],
    ['201D6', 'dice-too-many', '200'],
    ['(200+1)D6', 'dice-too-many', '200'],
    ['99999999U6[6]', 'dice-too-many', '10,000'],
    ['1D1000000', 'dice-too-large', '10,000'],
    ['10D1000000000', 'dice-too-large', '10,000'],
    ['3D0', 'dice-command-invalid', '1 face'],
    ['1D6+'.repeat(50) + '1', 'dice-too-long', '200'],
  ])('refuses %s with %s, stating the limit', async (command, code, limit) => {
    const refused = await refusal(command)
    expect(refused).toMatchObject({ code })
    expect(typeof refused?.message).toBe('string')
    expect(refused?.message).toContain(limit)
  })

  it('are BCDice’s own', async () => {
    await createDiceRoller().roll('arianrhod', '1D6')
    const randomizer = (
      globalThis as unknown as {
        Opal: { BCDice: { Randomizer: { $$const: Record<string, number> } } }
      }
    ).Opal.BCDice.Randomizer.$$const
    expect([
      randomizer.UPPER_LIMIT_DICE_TIMES,
      randomizer.UPPER_LIMIT_DICE_SIDES,
      randomizer.UPPER_LIMIT_RANDS,
    ]).toEqual([DICE_LIMITS.dicePerTerm, DICE_LIMITS.faces, DICE_LIMITS.dicePerCommand])
  })

  it('rolls what BCDice rolls at its limits: 200 dice, 10,000 faces', async () => {
    const roller = createDiceRoller()
    expect((await roller.roll('pathfinder', '200D6')).dice).toHaveLength(200)
    const big = await roller.roll('pathfinder', '1D10000')
    expect(big.dice[0]).toBeGreaterThanOrEqual(1)
    expect(big.total).toBe(big.dice[0])
  })

  it('gives dice within 1..faces and the total they make, or refuses with the limit (property)', async () => {
    const term = fc.record({
      count: fc.oneof(
        { arbitrary: fc.integer({ min: 0, max: 12 }), weight: 6 },
        { arbitrary: fc.integer({ min: 190, max: 210 }), weight: 1 },
      ),
      faces: fc.oneof(
        // (D66 is BCDice's two-d6 table roll, not a die of 66 faces.)
        { arbitrary: fc.integer({ min: 1, max: 100 }).filter((f) => f !== 66), weight: 6 },
        { arbitrary: fc.integer({ min: 9_990, max: 10_010 }), weight: 1 },
        { arbitrary: fc.constantFrom(0, 1_000_000_000), weight: 1 },
      ),
    })
    const command = fc.record({
      terms: fc.array(term, { minLength: 1, maxLength: 4 }),
      modifier: fc.integer({ min: -50, max: 50 }),
    })
    const roller = createDiceRoller()
    await fc.assert(
      fc.asyncProperty(command, async ({ terms, modifier }) => {
        const text =
          terms.map((t) => `${t.count}D${t.faces}`).join('+') +
          (modifier < 0 ? `${modifier}` : `+${modifier}`)
        const tooMany = terms.some((t) => t.count > DICE_LIMITS.dicePerTerm)
        const tooLarge = terms.some((t) => t.faces > DICE_LIMITS.faces)
        const noFaces = terms.some((t) => t.faces < 1 && t.count > 0)
        let roll
        try {
          roll = await roller.roll('dystopia', text)
        } catch (error) {
          expect(error).toBeInstanceOf(DiceError)
          const { code } = error as DiceError
          const expected = [
            ...(tooMany ? ['dice-too-many'] : []),
            ...(tooLarge ? ['dice-too-large'] : []),
            ...(noFaces ? ['dice-command-invalid'] : []),
          ]
          expect(expected).toContain(code)
          return
        }
        expect(tooMany || tooLarge || noFaces).toBe(false)
        expect(roll.dice).toHaveLength(terms.reduce((n, t) => n + t.count, 0))
        let at = 0
        for (const t of terms) {
          for (const die of roll.dice.slice(at, at + t.count)) {
            expect(die).toBeGreaterThanOrEqual(1)
            expect(die).toBeLessThanOrEqual(t.faces)
          }
          at += t.count
        }
        expect(roll.total).toBe(roll.dice.reduce((sum, die) => sum + die, 0) + modifier)
      }),
      { numRuns: 300 },
    )
  })

  it('answers a refusal through dice.roll with its code and a string message, logging nothing', async () => {
    const dispatch = vi.fn()
    const handlers = createHandlers(
      { subscribe: () => () => {}, dispatch } as unknown as HandlerService,
      { runPrepared: () => ({ ok: true, answer: null }) },
    )
    for (const [command, code] of [
      ['100000000D6', 'dice-too-many'],
      ['10D1000000000', 'dice-too-large'],
    ]) {
      const result = await handlers.handle('dice.roll', {
        system: 'arianrhod',
        command,
        campaignId: 'c',
      })
      expect(result).toMatchObject({ ok: false, error: { code } })
      expect(typeof (result as { error: { message: unknown } }).error.message).toBe('string')
    }
    expect(dispatch).not.toHaveBeenCalled()
    handlers.dispose()
  })

  it('never answers with a message that is not a string, whatever was thrown', () => {
    // BCDice's errors are Opal objects whose `message` is a method, not a string.
    const opal = Object.assign(new Error(), { message: { call: () => 'x' } as unknown as string })
    expect(typeof toHandlerError(opal).message).toBe('string')
  })
})
