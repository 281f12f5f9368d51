// The 【行動値】 contest of seed 000 (離脱 ▼封鎖), rolled through BCDice's Arianrhod bot on
// scripted dice: 「離脱を行おうとするキャラクターが1回判定し、その達成値に対してすべてのリアクション側
// が判定する」, and 「勝利しなければ［離脱］は失敗する」.
import { describe, expect, it } from 'vitest'
import {
  contestCommand,
  contestOutcome,
  reactionCommand,
  withDiceChange,
} from '@core/table/contest'
import { createDiceRoller, scriptedDice } from './dice'

async function contest(moverValue: number, reactionValues: number[], dice: number[]) {
  const roller = createDiceRoller(scriptedDice(dice))
  const mover = await roller.roll('arianrhod', contestCommand(moverValue))
  const reactions = []
  if (!mover.fumble)
    for (const value of reactionValues)
      reactions.push(await roller.roll('arianrhod', reactionCommand(value, mover.total!)))
  return { mover, reactions, ...contestOutcome(mover, reactions) }
}

describe('【行動値】対決', () => {
  it('mover 2D6+14 = 3+3+14 = 20; a guard 2D6+8 = 2+2+8 = 12 does not reach 20: the 離脱 goes ahead', async () => {
    const result = await contest(14, [8], [3, 3, 2, 2])
    expect(result.mover.text).toBe('(2D6+14>=?) ＞ 6[3,3]+14 ＞ 20')
    expect(result.reactions[0].text).toMatch(/^\(2D6\+8>=20\) ＞ 4\[2,2\]\+8 ＞ 12 ＞ 失敗/)
    expect(result.moverWins).toBe(true)
  })

  it('「全ての敵と」: mover 2D6+5 = 4+3+5 = 12; one guard rolls 1+2+6 = 9, the other 5+1+6 = 12, which reaches 12: the 離脱 fails', async () => {
    const result = await contest(5, [6, 6], [4, 3, 1, 2, 5, 1])
    expect(result.stoppedBy).toEqual([false, true])
    expect(result.moverWins).toBe(false)
  })

  it("BCDice criticals: the mover's 6,6 is beaten only by a reaction's own 6,6", async () => {
    // Mover 2D6+0 = 12 クリティカル; reaction 2D6+20 = 3+3+20 = 26 ≥ 12 but no critical: the mover wins.
    expect((await contest(0, [20], [6, 6, 3, 3])).moverWins).toBe(true)
    // A reaction 6,6 is a critical: it stops even a critical mover.
    expect((await contest(0, [0], [6, 6, 6, 6])).moverWins).toBe(false)
  })

  it("BCDice fumbles: a mover's 1,1 fails at once (no reaction is rolled); a reaction's 1,1 never stops it", async () => {
    const fumbled = await contest(30, [0], [1, 1])
    expect(fumbled.mover.text).toBe('(2D6+30>=?) ＞ 2[1,1]+30 ＞ 32 ＞ ファンブル')
    expect(fumbled.mover.fumble).toBe(true)
    expect(fumbled.reactions).toEqual([])
    expect(fumbled.moverWins).toBe(false)
    // Mover 2D6+0 = 2+2 = 4; reaction 2D6+10 = 1+1 ファンブル: it fails, though 2+10 ≥ 4.
    expect((await contest(0, [10], [2, 2, 1, 1])).moverWins).toBe(true)
  })
})

describe('明度2以下: 「全ての行為判定のダイスが1個減少する（ただし、ダイスの最低数は1個）」', () => {
  it('the mover and each enemy roll with the die change of their own squares', async () => {
    expect(contestCommand(5, -1)).toBe('1D6+5>=?')
    expect(reactionCommand(3, 12, -1)).toBe('1D6+3>=12')
    expect(reactionCommand(3, 12, 0)).toBe('2D6+3>=12')
    const roller = createDiceRoller(scriptedDice([4, 2]))
    const mover = await roller.roll('arianrhod', contestCommand(5, -1))
    expect(mover.text).toBe('(1D6+5>=?) ＞ 4[4]+5 ＞ 9')
  })

  it('never below one die', () => {
    expect(withDiceChange('2D6', -1)).toBe('1D6')
    expect(withDiceChange('2D6', -3)).toBe('1D6')
    expect(withDiceChange('2D6', 1)).toBe('3D6')
    expect(withDiceChange('1D20', 0)).toBe('1D20')
  })
})
