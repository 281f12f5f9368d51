// Seed 000 登攀: 「【筋力】判定に成功すれば［【移動力】÷2］ｍ登ることができる。判定に失敗した場合は、
// 難易度10の【敏捷】判定に成功すれば［【移動力】÷2］メートル落ちるだけですむ。この【敏捷】判定にも
// 失敗した場合、完全に落下する。」 — the plan moves on with each roll.
import { describe, expect, it } from 'vitest'
import { climbSteps } from './climb-plan'
import type { PathCheck } from './fight-rules'

const str: PathCheck = { kind: 'climb', ability: 'STR', dc: 10, climbs: 3 }
const agi: PathCheck = { kind: 'climb', ability: 'AGI', dc: 10, ifFailed: 'STR' }
const jump: PathCheck = { kind: 'jump', ability: 'STR', dc: 8 }
const plan = [jump, str, agi, str, agi]
const states = (outcomes: [number, boolean][]) =>
  climbSteps(plan, new Map(outcomes)).map((s) => s.state)

describe('the climb plan, roll by roll', () => {
  it('before any roll only the first STR check is open (a jump is always open)', () => {
    expect(states([])).toEqual(['open', 'open', 'waiting', 'waiting', 'waiting'])
  })

  it('a made STR check climbs on: its AGI check is not needed, the next STR check opens', () => {
    expect(states([[1, true]])).toEqual(['open', 'made', 'not-needed', 'open', 'waiting'])
  })

  it('a failed STR check opens its AGI check; the rest wait for it', () => {
    expect(states([[1, false]])).toEqual(['open', 'failed', 'open', 'waiting', 'waiting'])
  })

  it('AGI made: 「落ちるだけですむ」 — a slip, and the climb ends there', () => {
    expect(
      states([
        [1, false],
        [2, true],
      ]),
    ).toEqual(['open', 'failed', 'slipped', 'ended', 'ended'])
  })

  it('AGI failed too: 「完全に落下する」 — a fall, and the climb ends there', () => {
    expect(
      states([
        [1, true],
        [3, false],
        [4, false],
      ]),
    ).toEqual(['open', 'made', 'not-needed', 'failed', 'fell'])
  })
})
