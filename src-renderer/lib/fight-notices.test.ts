// Issue 25: a condition that ends and a delay that lapses go to the GM's notice list.
import { describe, expect, it } from 'vitest'
import { applyCommand } from '@core/campaign/commands'
import { commandSchema, type Campaign, type Command } from '@core/campaign/schema'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { fightNotices } from './fight-notices'

const at = '2025-01-01T00:00:00.000Z'

function run(start: Campaign, command: Command): Campaign {
  return applyCommand(start, commandSchema.parse(command))
}

function fight(): Campaign {
  const map = makeMap({
    id: 'm',
    system: 'arianrhod',
    tokens: [
      { id: 'a', name: 'Aria', at: [0, 0], faction: 'party', initiative: 12 },
      { id: 'b', name: 'Goblin', at: [2, 0], faction: 'enemy', initiative: 8 },
    ],
  })
  const started = run(makeCampaign({ maps: [map] }), {
    type: 'fight.start',
    mapId: 'm',
    tokenIds: ['a', 'b'],
    unaware: [],
    rolls: {},
    d20s: [],
    at,
  })
  return run(started, {
    type: 'condition.add',
    mapId: 'm',
    condition: { id: 'c1', tokenId: 'b', name: '放心', rounds: 1 },
  })
}

describe('fight notices', () => {
  it('says which condition ended when the turn that ends it comes', () => {
    let campaign = fight()
    const notices = []
    for (let i = 0; i < 4; i++) {
      const next = run(campaign, { type: 'fight.next', mapId: 'm' })
      notices.push(...fightNotices(campaign, next, { type: 'fight.next' }))
      campaign = next
    }
    expect(notices).toEqual([
      { tone: 'info', key: 'notice.conditionsEnded', params: { list: 'Goblin: 放心' } },
    ])
  })

  it('says when a delay lapsed because the delayer’s place came round again (003)', () => {
    const map = makeMap({
      id: 'pf',
      system: 'pathfinder',
      tokens: [
        { id: 'f', name: 'Fighter', at: [0, 0], faction: 'party', initiative: 0 },
        { id: 'o', name: 'Orc', at: [3, 0], faction: 'enemy', initiative: 0 },
      ],
    })
    let campaign = run(makeCampaign({ maps: [map] }), {
      type: 'fight.start',
      mapId: 'pf',
      tokenIds: ['f', 'o'],
      unaware: [],
      rolls: { f: 15, o: 10 },
      d20s: [],
      at,
    })
    const notices = []
    for (const type of ['fight.delay', 'fight.next'] as const) {
      const next = run(campaign, { type, mapId: 'pf' })
      notices.push(...fightNotices(campaign, next, { type }))
      campaign = next
    }
    expect(notices).toEqual([
      { tone: 'warn', key: 'notice.delayLapsed', params: { name: 'Fighter' } },
    ])
  })

  it('undo and redo tell nothing, even when they bring an ended condition back', () => {
    const before = fight()
    const after = run(run(before, { type: 'fight.next', mapId: 'm' }), {
      type: 'fight.next',
      mapId: 'm',
    })
    expect(fightNotices(before, after, { type: 'undo' })).toEqual([])
  })
})
