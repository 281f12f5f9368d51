import { describe, expect, it } from 'vitest'
import {
  actFromDelay,
  current,
  delay,
  endTurn,
  isFlatFooted,
  ready,
  rollInitiative,
  triggerReady,
} from './initiative'
import { ask } from './test-support'
import { dnd35 } from '../dnd35/index'
import { pathfinder } from './index'

/** A die that returns the given results in order. */
const dice = (...results: number[]) => {
  let i = 0
  return (sides: number) => {
    if (sides !== 20) throw new Error('initiative rolls d20')
    if (i >= results.length) throw new Error('out of dice')
    return results[i++]
  }
}

describe('initiative', () => {
  it('orders by d20 + modifier, ties by modifier, then by reroll', () => {
    const state = rollInitiative(
      [
        { id: 'a', modifier: 2 },
        { id: 'b', modifier: 4 },
        { id: 'c', modifier: 2 },
        { id: 'd', modifier: 0 },
      ],
      dice(10, 8, 10, 17, /* reroll a, c */ 5, 11),
    )
    // d 17; a, b, c all 12: b has the best modifier, a and c reroll 5 and 11.
    expect(state.order).toEqual(['d', 'b', 'c', 'a'])
    expect(state.rolls.map((r) => r.total)).toEqual([17, 12, 12, 12])
    expect(state.rolls.find((r) => r.id === 'c')?.rerolls).toEqual([11])
  })

  it('rerolls again while still tied', () => {
    const state = rollInitiative(
      [
        { id: 'a', modifier: 1 },
        { id: 'b', modifier: 1 },
      ],
      dice(9, 9, 4, 4, 2, 6),
    )
    expect(state.order).toEqual(['b', 'a'])
  })

  it('a surprise round only when some but not all are aware; the unaware do not act in it', () => {
    const state = rollInitiative(
      [
        { id: 'a', modifier: 0, aware: false },
        { id: 'b', modifier: 0 },
      ],
      dice(20, 1),
    )
    expect(state.round).toBe(0)
    expect(current(state)).toBe('b')
    const next = endTurn(state)
    expect(next.round).toBe(1)
    expect(current(next)).toBe('a')
    expect(rollInitiative([{ id: 'a', modifier: 0 }], dice(3)).round).toBe(1)
  })

  it('「自分の最初のターンを迎える前」: flat-footed until its first turn begins, not ends', () => {
    let state = rollInitiative(
      [
        { id: 'a', modifier: 0 },
        { id: 'b', modifier: 0 },
        { id: 'c', modifier: 0 },
      ],
      dice(15, 10, 5),
    )
    // a's turn is under way: a readied attack hitting a now finds it no longer flat-footed.
    expect(isFlatFooted(state, 'a')).toBe(false)
    expect(isFlatFooted(state, 'b')).toBe(true)
    expect(isFlatFooted(state, 'c')).toBe(true)
    state = endTurn(state)
    expect(isFlatFooted(state, 'b')).toBe(false)
    expect(isFlatFooted(state, 'c')).toBe(true)
  })

  it('in a surprise round the unaware stay flat-footed until their own turn begins in round 1', () => {
    let state = rollInitiative(
      [
        { id: 'a', modifier: 0, aware: false },
        { id: 'b', modifier: 0 },
      ],
      dice(20, 1),
    )
    expect(current(state)).toBe('b')
    expect(isFlatFooted(state, 'b')).toBe(false)
    expect(isFlatFooted(state, 'a')).toBe(true)
    state = endTurn(state)
    expect(current(state)).toBe('a')
    expect(isFlatFooted(state, 'a')).toBe(false)
  })

  it('delay: the delayer re-enters where it acts and keeps that place', () => {
    let state = rollInitiative(
      ['a', 'b', 'c'].map((id) => ({ id, modifier: 0 })),
      dice(18, 12, 6),
    )
    state = delay(state) // a delays
    expect(current(state)).toBe('b')
    state = endTurn(state) // b acts
    state = actFromDelay(state, 'a') // a acts before c
    expect(state.order).toEqual(['b', 'a', 'c'])
    expect(current(state)).toBe('a')
    state = endTurn(state)
    expect(current(state)).toBe('c')
  })

  it('ready: a triggered readied action moves the readier just before the trigger', () => {
    let state = rollInitiative(
      ['a', 'b', 'c'].map((id) => ({ id, modifier: 0 })),
      dice(18, 12, 6),
    )
    state = ready(state) // a readies
    state = endTurn(state) // b
    state = triggerReady(state, 'a') // c's action triggers it
    expect(state.order).toEqual(['b', 'a', 'c'])
  })

  it('is answered through the CLI with the tokens’ initiative modifiers and injected dice', () => {
    const answer = ask(
      { map: 'a b', tokens: { a: { initiative: 3 }, b: { initiative: 1 } } },
      { type: 'initiative', dice: [10, 12] },
    )
    // 13 each: the higher modifier goes first.
    expect(answer).toMatchObject({ order: ['a', 'b'], surpriseRound: false })
  })
})

describe('dnd35 is a variant of pathfinder', () => {
  it('answers the same queries with the same grid rules', () => {
    expect(Object.keys(dnd35.queries)).toEqual(Object.keys(pathfinder.queries))
    const map = 'f . ~\n\n. . .'
    const pf = ask({ map }, { type: 'reach', token: 'f', mode: 'move' })
    const dd = ask({ map, system: 'dnd35' }, { type: 'reach', token: 'f', mode: 'move' })
    expect(dd).toEqual(pf)
  })
})
