// Turn order as campaign state, from 003's words: surprise round, flat-footed, delay, ready,
// durations that end 「直前」 at the same count; Arianrhod by 【行動値】; DysTopiA by the GM.
import { describe, expect, it } from 'vitest'
import { CommandError } from '../commands'
import type { Campaign } from '../schema'
import { applyAllParsed, deepFreeze, makeCampaign, makeMap } from '../test-helpers'

const at = '2026-11-24T20:00:00.000Z'
const fight = (c: Campaign) => c.maps[0].fight!
const current = (c: Campaign) => fight(c).order[fight(c).turn].tokenId

function pathfinderMap(): Campaign {
  return deepFreeze(
    makeCampaign({
      maps: [
        makeMap({
          system: 'pathfinder',
          tokens: [
            { id: 'rogue', name: 'Rogue', at: [0, 0], faction: 'party', initiative: 4 },
            { id: 'fighter', name: 'Fighter', at: [1, 0], faction: 'party', initiative: 1 },
            { id: 'orc', name: 'Orc', at: [4, 4], faction: 'enemy', initiative: 0 },
          ],
        }),
      ],
    }),
  )
}

describe('fight commands (Pathfinder, 003)', () => {
  // rogue 10+4 = 14, fighter 15+1 = 16, orc 12+0 = 12.
  const start = {
    type: 'fight.start',
    mapId: 'm1',
    tokenIds: ['rogue', 'fighter', 'orc'],
    d20s: [10, 15, 12],
    at,
  }

  it('「結果の高いものから順に」: orders by d20 + modifier and logs each initiative roll', () => {
    const c = applyAllParsed(pathfinderMap(), start)
    expect(fight(c).order.map((o) => [o.tokenId, o.count])).toEqual([
      ['fighter', 16],
      ['rogue', 14],
      ['orc', 12],
    ])
    expect(fight(c).round).toBe(1)
    expect(c.rollLog!.map((r) => [r.who, r.dice, r.total])).toEqual([
      ['Fighter', [15], 16],
      ['Rogue', [10], 14],
      ['Orc', [12], 12],
    ])
  })

  it('「不意討ちラウンド」: only the aware act in round 0; the unaware stay flat-footed until their first turn', () => {
    const c = applyAllParsed(pathfinderMap(), { ...start, unaware: ['fighter', 'rogue'] })
    expect(fight(c).round).toBe(0)
    expect(current(c)).toBe('orc')
    const round1 = applyAllParsed(c, { type: 'fight.next', mapId: 'm1' })
    expect(fight(round1).round).toBe(1)
    expect(current(round1)).toBe('fighter')
    // 「自分の最初のターンを迎える前」: the rogue is still flat-footed; the orc has acted and the
    // fighter's turn has begun.
    expect(fight(round1).acted).toEqual(['orc', 'fighter'])
  })

  it('「行動遅延」: the delayer leaves the order and, acting later, takes that place and count', () => {
    const c = applyAllParsed(pathfinderMap(), start, { type: 'fight.delay', mapId: 'm1' })
    expect(current(c)).toBe('rogue')
    expect(fight(c).delaying).toEqual(['fighter'])
    const next = applyAllParsed(c, { type: 'fight.next', mapId: 'm1' })
    expect(current(next)).toBe('orc')
    const acts = applyAllParsed(next, { type: 'fight.act', mapId: 'm1', tokenId: 'fighter' })
    expect(fight(acts).order.map((o) => [o.tokenId, o.count])).toEqual([
      ['rogue', 14],
      ['fighter', 12],
      ['orc', 12],
    ])
    expect(current(acts)).toBe('fighter')
  })

  it('「同じ数値のイニシアチブ・カウントの直前まで続く」: a 3-round condition ends just before its count 3 rounds later', () => {
    // Begun on the rogue's turn (count 14) in round 1: lasts until just before count 14 in round 4.
    let c = applyAllParsed(pathfinderMap(), start, { type: 'fight.next', mapId: 'm1' })
    expect(current(c)).toBe('rogue')
    c = applyAllParsed(c, {
      type: 'condition.add',
      mapId: 'm1',
      condition: { id: 'c1', tokenId: 'orc', name: 'shaken', rounds: 3 },
    })
    const turns: Array<[number, string, number]> = []
    for (let i = 0; i < 9; i++) {
      c = applyAllParsed(c, { type: 'fight.next', mapId: 'm1' })
      turns.push([fight(c).round, current(c), c.maps[0].conditions!.length])
    }
    expect(turns).toEqual([
      [1, 'orc', 1],
      [2, 'fighter', 1],
      [2, 'rogue', 1],
      [2, 'orc', 1],
      [3, 'fighter', 1],
      [3, 'rogue', 1],
      [3, 'orc', 1],
      [4, 'fighter', 1],
      [4, 'rogue', 0],
    ])
    expect(fight(c).expired).toEqual([{ tokenId: 'orc', name: 'shaken' }])
  })

  it('「引き金となったアクションを行なったキャラクターの直前」: a triggered readied action moves the reader before the trigger', () => {
    const c = applyAllParsed(
      pathfinderMap(),
      start,
      { type: 'fight.ready', mapId: 'm1' },
      { type: 'fight.next', mapId: 'm1' },
    )
    expect(current(c)).toBe('orc')
    const triggered = applyAllParsed(c, { type: 'fight.trigger', mapId: 'm1', tokenId: 'fighter' })
    expect(fight(triggered).order.map((o) => o.tokenId)).toEqual(['rogue', 'fighter', 'orc'])
    expect(fight(triggered).order[1].count).toBe(12)
  })

  it('「同点のもの同士で再びロール」: equal totals and modifiers roll off; the roll-off d20s are logged', () => {
    const twins = deepFreeze(
      makeCampaign({
        maps: [
          makeMap({
            system: 'pathfinder',
            tokens: [
              { id: 'left', name: 'Left', at: [0, 0], faction: 'party', initiative: 2 },
              { id: 'right', name: 'Right', at: [1, 0], faction: 'party', initiative: 2 },
              { id: 'ogre', name: 'Ogre', at: [4, 4], faction: 'enemy', initiative: 4 },
            ],
          }),
        ],
      }),
    )
    // left 10+2 = 12, right 10+2 = 12, ogre 8+4 = 12: the ogre's higher modifier goes first
    // (「イニシアチブ修正値の合計順」); left and right roll off 3 against 17: right first.
    const c = applyAllParsed(twins, {
      type: 'fight.start',
      mapId: 'm1',
      tokenIds: ['left', 'right', 'ogre'],
      d20s: [10, 10, 8, 3, 17, 1, 1],
      at,
    })
    expect(fight(c).order.map((o) => [o.tokenId, o.count, o.rerolls ?? []])).toEqual([
      ['ogre', 12, []],
      ['right', 12, [17]],
      ['left', 12, [3]],
    ])
    expect(c.rollLog!.map((r) => [r.who, r.dice, r.text])).toEqual([
      ['Ogre', [8], 'Initiative (1D20+4) ＞ 8 ＞ 12'],
      ['Right', [10, 17], 'Initiative (1D20+2) ＞ 10 ＞ 12 ＞ roll-off 17'],
      ['Left', [10, 3], 'Initiative (1D20+2) ＞ 10 ＞ 12 ＞ roll-off 3'],
    ])
  })

  it('「次にアクションを行なう機会が来てしまったならば、遅延アクションは行われなかったことになる」: an unused delay lapses at its own place next round', () => {
    // fighter 16 delays and never acts: rogue 14, orc 12, then round 2 comes back to the fighter.
    let c = applyAllParsed(
      pathfinderMap(),
      start,
      { type: 'fight.delay', mapId: 'm1' },
      { type: 'fight.next', mapId: 'm1' },
    )
    expect(current(c)).toBe('orc')
    c = applyAllParsed(c, { type: 'fight.next', mapId: 'm1' })
    expect([fight(c).round, current(c)]).toEqual([2, 'fighter'])
    expect(fight(c).delaying).toEqual([])
    expect(fight(c).order.map((o) => [o.tokenId, o.count])).toEqual([
      ['fighter', 16],
      ['rogue', 14],
      ['orc', 12],
    ])
  })

  it("「行動遅延」 then a condition: it ends just before the delayer's new count three rounds later", () => {
    // The fighter (16) delays in round 1 and acts before the orc, at the orc's count 12; on that
    // turn it starts a 3-round effect, which lasts until just before count 12 in round 4.
    let c = applyAllParsed(
      pathfinderMap(),
      start,
      { type: 'fight.delay', mapId: 'm1' },
      { type: 'fight.next', mapId: 'm1' },
    )
    c = applyAllParsed(c, { type: 'fight.act', mapId: 'm1', tokenId: 'fighter' })
    expect(fight(c).order.map((o) => [o.tokenId, o.count])).toEqual([
      ['rogue', 14],
      ['fighter', 12],
      ['orc', 12],
    ])
    c = applyAllParsed(c, {
      type: 'condition.add',
      mapId: 'm1',
      condition: { id: 'c1', tokenId: 'orc', name: 'entangled', rounds: 3 },
    })
    expect(c.maps[0].conditions![0].since).toEqual({ round: 1, turn: 1, count: 12 })
    const turns: Array<[number, string, number]> = []
    for (let i = 0; i < 8; i++) {
      c = applyAllParsed(c, { type: 'fight.next', mapId: 'm1' })
      turns.push([fight(c).round, current(c), c.maps[0].conditions!.length])
    }
    expect(turns).toEqual([
      [1, 'orc', 1],
      [2, 'rogue', 1],
      [2, 'fighter', 1],
      [2, 'orc', 1],
      [3, 'rogue', 1],
      [3, 'fighter', 1],
      [3, 'orc', 1],
      [4, 'rogue', 1],
    ])
    c = applyAllParsed(c, { type: 'fight.next', mapId: 'm1' })
    expect([fight(c).round, current(c), c.maps[0].conditions!.length]).toEqual([4, 'fighter', 0])
    expect(fight(c).expired).toEqual([{ tokenId: 'orc', name: 'entangled' }])
  })

  it('previous turn steps back over those with no turn there (the unaware in the surprise round, delayers)', () => {
    // Surprise round: only the orc acts; back from the fighter's round-1 turn is the orc's surprise turn.
    const surprise = applyAllParsed(
      pathfinderMap(),
      { ...start, unaware: ['fighter', 'rogue'] },
      { type: 'fight.next', mapId: 'm1' },
    )
    expect([fight(surprise).round, current(surprise)]).toEqual([1, 'fighter'])
    const back = applyAllParsed(surprise, { type: 'fight.previous', mapId: 'm1' })
    expect([fight(back).round, current(back)]).toEqual([0, 'orc'])
    expect(() => applyAllParsed(back, { type: 'fight.previous', mapId: 'm1' })).toThrow(
      /first turn/,
    )
    // The fighter delays; from the orc's turn, previous goes to the rogue, not to the delaying fighter.
    const delayed = applyAllParsed(
      pathfinderMap(),
      start,
      { type: 'fight.delay', mapId: 'm1' },
      { type: 'fight.next', mapId: 'm1' },
    )
    expect(current(applyAllParsed(delayed, { type: 'fight.previous', mapId: 'm1' }))).toBe('rogue')
  })

  it('never invents dice, and previous turn steps back', () => {
    expect(() => applyAllParsed(pathfinderMap(), { ...start, d20s: [10] })).toThrow(CommandError)
    const typed = applyAllParsed(pathfinderMap(), {
      ...start,
      d20s: [],
      rolls: { rogue: 20, fighter: 1, orc: 2 },
    })
    expect(current(typed)).toBe('rogue')
    const back = applyAllParsed(
      typed,
      { type: 'fight.next', mapId: 'm1' },
      { type: 'fight.previous', mapId: 'm1' },
    )
    expect(current(back)).toBe('rogue')
    expect(() => applyAllParsed(typed, { type: 'fight.previous', mapId: 'm1' })).toThrow(
      /first turn/,
    )
  })

  it('adds a combatant during the fight at its count (d20 from main or typed), and removes one, keeping whose turn it is', () => {
    const withOgre = (c: Campaign): Campaign => ({
      ...c,
      maps: [
        {
          ...c.maps[0],
          tokens: [
            ...c.maps[0].tokens,
            { id: 'ogre', name: 'Ogre', at: [3, 3], faction: 'enemy', initiative: 2 },
          ],
        },
      ],
    })
    // fighter 16, rogue 14 (current), orc 12; the ogre rolls 11 + 2 = 13: between the rogue and the orc.
    const c = applyAllParsed(
      withOgre(applyAllParsed(pathfinderMap(), start, { type: 'fight.next', mapId: 'm1' })),
      {
        type: 'fight.add',
        mapId: 'm1',
        tokenId: 'ogre',
        d20s: [11, 4, 4],
        at,
      },
    )
    expect(fight(c).order.map((o) => [o.tokenId, o.count])).toEqual([
      ['fighter', 16],
      ['rogue', 14],
      ['ogre', 13],
      ['orc', 12],
    ])
    expect(current(c)).toBe('rogue')
    expect(c.rollLog!.at(-1)).toMatchObject({ who: 'Ogre', dice: [11], total: 13 })
    // Typed in by hand: 20 + 2 = 22, first; the rogue keeps the turn.
    const typed = applyAllParsed(
      withOgre(applyAllParsed(pathfinderMap(), start, { type: 'fight.next', mapId: 'm1' })),
      {
        type: 'fight.add',
        mapId: 'm1',
        tokenId: 'ogre',
        roll: 20,
        at,
      },
    )
    expect(fight(typed).order.map((o) => o.tokenId)).toEqual(['ogre', 'fighter', 'rogue', 'orc'])
    expect(current(typed)).toBe('rogue')
    expect(() =>
      applyAllParsed(typed, { type: 'fight.add', mapId: 'm1', tokenId: 'ogre', roll: 3, at }),
    ).toThrow(/already/)
    // Removing the fighter (before the rogue) keeps the rogue's turn.
    const removed = applyAllParsed(typed, { type: 'fight.remove', mapId: 'm1', tokenId: 'fighter' })
    expect(fight(removed).order.map((o) => o.tokenId)).toEqual(['ogre', 'rogue', 'orc'])
    expect(current(removed)).toBe('rogue')
  })

  it('a newcomer tied on the total goes by the higher initiative modifier, then a roll-off, as at the start (issue 24)', () => {
    const joining =
      (initiative: number) =>
      (c: Campaign): Campaign => ({
        ...c,
        maps: [
          {
            ...c.maps[0],
            tokens: [
              ...c.maps[0].tokens,
              { id: 'ogre', name: 'Ogre', at: [3, 3], faction: 'enemy', initiative },
            ],
          },
        ],
      })
    const begun = applyAllParsed(pathfinderMap(), start) // fighter 16 (+1), rogue 14 (+4), orc 12 (+0)
    const add = (initiative: number, d20s: number[], roll?: number) =>
      applyAllParsed(joining(initiative)(begun), {
        type: 'fight.add',
        mapId: 'm1',
        tokenId: 'ogre',
        ...(roll !== undefined ? { roll } : {}),
        d20s,
        at,
      })
    const order = (c: Campaign) => fight(c).order.map((o) => o.tokenId)
    // 14 like the rogue: +5 beats its +4, so the ogre goes first of the two…
    expect(order(add(5, [9]))).toEqual(['fighter', 'ogre', 'rogue', 'orc'])
    // …+3 loses to it: after the rogue (this used to follow the totals only).
    expect(order(add(3, [11]))).toEqual(['fighter', 'rogue', 'ogre', 'orc'])
    // 16 and +1 like the fighter: 「同点のもの同士で再びロール」 — 7 against 7 again, then 12 against 3.
    const rolledOff = add(1, [15, 7, 7, 12, 3])
    expect(order(rolledOff)).toEqual(['ogre', 'fighter', 'rogue', 'orc'])
    expect(fight(rolledOff).order[0]).toMatchObject({ count: 16, roll: 15, rerolls: [7, 12] })
    expect(rolledOff.rollLog!.at(-1)!.text).toContain('roll-off 7, 12')
    expect(rolledOff.rollLog!.at(-1)!.text).toContain('vs Fighter 7, Fighter 3')
    // Losing the roll-off: after the fighter. A d20 the player rolled (typed) comes first; the
    // roll-offs still use main's dice.
    expect(order(add(1, [2, 9], 15))).toEqual(['fighter', 'ogre', 'rogue', 'orc'])
    expect(fight(add(1, [2, 9], 15)).order[1]).toMatchObject({ roll: 15, rerolls: [2] })
  })

  it('removing a token drops it from the order and its conditions', () => {
    const c = applyAllParsed(pathfinderMap(), start, {
      type: 'condition.add',
      mapId: 'm1',
      condition: { id: 'c1', tokenId: 'orc', name: 'prone' },
    })
    const removed = applyAllParsed(c, { type: 'token.remove', mapId: 'm1', tokenId: 'orc' })
    expect(fight(removed).order.map((o) => o.tokenId)).toEqual(['fighter', 'rogue'])
    expect(removed.maps[0].conditions).toEqual([])
  })
})

describe('fight commands (Arianrhod 【行動値】, DysTopiA)', () => {
  const arianrhod = () =>
    deepFreeze(
      makeCampaign({
        maps: [
          makeMap({
            tokens: [
              { id: 'mage', name: 'Mage', at: [0, 0], faction: 'party', initiative: 9 },
              { id: 'warrior', name: 'Warrior', at: [1, 0], faction: 'party', initiative: 12 },
              { id: 'goblin', name: 'Goblin', at: [4, 4], faction: 'enemy', initiative: 9 },
            ],
          }),
        ],
      }),
    )

  it('orders by 【行動値】, lets the GM break ties by dragging, and re-sorts when a value changes', () => {
    const c = applyAllParsed(arianrhod(), {
      type: 'fight.start',
      mapId: 'm1',
      tokenIds: ['mage', 'warrior', 'goblin'],
      at,
    })
    expect(fight(c).order.map((o) => [o.tokenId, o.count])).toEqual([
      ['warrior', 12],
      ['mage', 9],
      ['goblin', 9],
    ])
    const dragged = applyAllParsed(c, {
      type: 'fight.move',
      mapId: 'm1',
      tokenId: 'goblin',
      toIndex: 1,
    })
    expect(fight(dragged).order.map((o) => o.tokenId)).toEqual(['warrior', 'goblin', 'mage'])
    const faster = applyAllParsed(dragged, {
      type: 'token.update',
      mapId: 'm1',
      tokenId: 'mage',
      patch: { initiative: 15 },
    })
    expect(fight(faster).order.map((o) => o.tokenId)).toEqual(['mage', 'warrior', 'goblin'])
    expect(current(faster)).toBe('warrior')
  })

  it("DysTopiA keeps the GM's order", () => {
    const c = applyAllParsed(
      deepFreeze(
        makeCampaign({
          maps: [
            makeMap({
              system: 'dystopia',
              tokens: [
                { id: 'a', name: 'A', at: [0, 0], faction: 'red' },
                { id: 'b', name: 'B', at: [1, 1], faction: 'blue' },
              ],
            }),
          ],
        }),
      ),
      { type: 'fight.start', mapId: 'm1', tokenIds: ['b', 'a'], at },
    )
    expect(fight(c).order.map((o) => [o.tokenId, o.count])).toEqual([
      ['b', null],
      ['a', null],
    ])
  })

  it('records and clears the roll log', () => {
    const entry = {
      id: 'r1',
      at,
      who: 'GM',
      command: '2D6',
      text: '(2D6) ＞ 7[3,4] ＞ 7',
      dice: [3, 4],
      total: 7,
      success: false,
      failure: false,
      critical: false,
      fumble: false,
      secret: true,
    }
    const logged = applyAllParsed(arianrhod(), { type: 'roll.record', entry })
    expect(logged.rollLog).toEqual([entry])
    expect(applyAllParsed(logged, { type: 'roll.clear' }).rollLog).toEqual([])
  })
})
