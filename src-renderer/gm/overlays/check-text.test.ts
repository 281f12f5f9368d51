// Issue 12.9: checks read in play order. Seed 000 登攀: 「【筋力】判定に成功すれば［【移動力】÷2］ｍ登る
// ことができる。判定に失敗した場合は、難易度10の【敏捷】判定に成功すれば［【移動力】÷2］メートル落ちる
// だけですむ。この【敏捷】判定にも失敗した場合、完全に落下する。」
import { describe, expect, it } from 'vitest'
import { translate, type MessageKey, type MessageParams } from '../../lib/i18n'
import { checkLines, fallText, worthRolling } from './check-text'
import type { PathCheck } from './fight-rules'

const en = (key: MessageKey, params?: MessageParams) => translate('en', key, params)
const ja = (key: MessageKey, params?: MessageParams) => translate('ja', key, params)
const name = (id: string) => ({ orc: 'Orc', gob: 'Goblin' })[id] ?? id

const str = (climbs: number): PathCheck => ({ kind: 'climb', ability: 'STR', dc: 10, climbs })
const agi = (onSuccess: number, onFailure: number): PathCheck => ({
  kind: 'climb',
  ability: 'AGI',
  dc: 10,
  ifFailed: 'STR',
  drops: { onSuccess, onFailure },
})

describe('checks in play order', () => {
  it('a climb from the wall: STR, and if that fails AGI or fall', () => {
    const lines = checkLines(en, [str(2), agi(0, 4)], name)
    expect(lines).toHaveLength(1)
    expect(lines[0].text).toBe('Climb check (2 m): STR DC 10; if failed, AGI DC 10 or fall 4 m')
    expect(lines[0].checks).toHaveLength(2)
    expect(checkLines(ja, [str(2), agi(0, 4)], name)[0].text).toBe(
      '登攀判定（2m）：【筋力】難易度10、失敗したら【敏捷】難易度10か4m落下',
    )
  })

  it('says how far a made AGI check still slips, and leaves out a roll that changes nothing', () => {
    expect(checkLines(en, [str(3), agi(3, 5)], name)[0].text).toBe(
      'Climb check (3 m): STR DC 10; if failed, AGI DC 10 (slip 3 m) or fall 5 m',
    )
    // From the floor a failed STR check leaves the character where it was: no AGI clause, no AGI roll.
    expect(checkLines(en, [str(6), agi(0, 0)], name)[0].text).toBe('Climb check (6 m): STR DC 10')
    expect(worthRolling(agi(0, 0))).toBe(false)
    expect(worthRolling(agi(2, 2))).toBe(false)
    expect(checkLines(en, [str(3), agi(2, 2)], name)[0].text).toBe(
      'Climb check (3 m): STR DC 10; if failed, fall 2 m',
    )
  })

  it('keeps the engine order across several climbs, jumps and contests', () => {
    const checks: PathCheck[] = [
      { kind: 'contest', ability: 'INIT', against: ['orc', 'gob'] },
      { kind: 'jump', ability: 'STR', dc: 4, dice: -1 },
      str(3),
      agi(0, 3),
      str(3),
      agi(3, 6),
    ]
    expect(checkLines(en, checks, name).map((l) => l.text)).toEqual([
      '【行動値】 contest against Orc, Goblin',
      'Jump check: STR DC 4 (-1 die: 明度 ≤ 2)',
      'Climb check (3 m): STR DC 10; if failed, AGI DC 10 or fall 3 m',
      'Climb check (3 m): STR DC 10; if failed, AGI DC 10 (slip 3 m) or fall 6 m',
    ])
    expect(checkLines(en, checks, name).flatMap((l) => l.checks)).toEqual(checks)
  })

  it('a fall says its height and its damage: the GM’s, or none when a ZOC stops it (落下)', () => {
    // 「ＧＭが定める落下ダメージを受ける。…敵の［ＺＯＣ］に突入した場合は、そこで落下は停止し、落下ダメージは受けずにすむ。」
    expect(fallText(en, { at: [2, 1], height: 4, damage: 'gm', stoppedBy: [] }, name, '2,1')).toBe(
      'Falls 4 m at 2,1: fall damage set by the GM',
    )
    expect(
      fallText(ja, { at: [2, 1], height: 4, damage: 'none', stoppedBy: ['orc'] }, name, '2,1'),
    ).toBe('2,1で落下中にOrcのZOCに突入：そこで落下は止まり、落下ダメージなし')
    expect(
      fallText(
        en,
        { at: [0, 0], height: 3, damage: 'gm', stoppedBy: [], start: true },
        name,
        '0,0',
      ),
    ).toMatch(/^First drops 3 m/)
  })
})
