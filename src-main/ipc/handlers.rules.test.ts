// rules.query through the handlers with the real rules engine and the real campaign service.
import { describe, expect, it } from 'vitest'
import { runPreparedInFull as validateEveryQuery } from '@core/rules/scenario/run'
import { handlers, handlersOver, service, useHandlerTestbed } from './handlers.testing'
import { contract } from '@core/contract/contract'
import { QUERIES, type RulesQuery } from '@core/rules/queries'

// The production path: a battle prepared once per map revision (tests below check it follows edits).
useHandlerTestbed()

describe('rules.query', () => {
  it('answers a distance on a campaign map in the system unit', async () => {
    const result = await handlers.handle('rules.query', {
      campaignId: 'sample-campaign',
      mapId: 'arianrhod-sample',
      query: { type: 'distance', from: [0, 0], to: [2, 0] },
    })
    // Arianrhod: 2 m per orthogonal step.
    expect(result).toEqual({ ok: true, value: { distance: 4, unit: 'm' } })
  })

  it('sees an edge the GM just added', async () => {
    const costTo = async (x: number, y: number): Promise<number | undefined> => {
      const result = await handlers.handle('rules.query', {
        campaignId: 'sample-campaign',
        mapId: 'arianrhod-sample',
        query: { type: 'reach', token: 'pc-mage', mode: 'combat' },
      })
      if (!result.ok) throw new Error(result.error.message)
      const cells = (result.value as { cells: { at: [number, number]; cost: number }[] }).cells
      return cells.find((c) => c.at[0] === x && c.at[1] === y)?.cost
    }
    // The mage stands on [1, 2]; the square north of it is one 2 m step away.
    expect(await costTo(1, 1)).toBe(2)
    await handlers.handle('campaign.open', { id: 'sample-campaign' })
    const added = await handlers.handle('campaign.dispatch', {
      id: 'sample-campaign',
      command: {
        type: 'edge.set',
        mapId: 'arianrhod-sample',
        between: [
          [1, 1],
          [1, 2],
        ],
        edge: { kind: 'wall' },
      },
    })
    expect(added.ok ? null : added.error).toBeNull()
    // Now the step is walled off, and so are the diagonals past the wall's ends.
    const after = await costTo(1, 1)
    expect(after === undefined || after > 2).toBe(true)
  })

  it('passes the engine’s errors on, with their path', async () => {
    const result = await handlers.handle('rules.query', {
      campaignId: 'sample-campaign',
      mapId: 'arianrhod-sample',
      query: { type: 'reach', token: 'nobody', mode: 'combat' },
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code.length).toBeGreaterThan(0)
    expect(result.error.path).toMatch(/^\/query/)
  })

  it('answers not-found for a map that is not there', async () => {
    const result = await handlers.handle('rules.query', {
      campaignId: 'sample-campaign',
      mapId: 'nope',
      query: { type: 'distance', from: [0, 0], to: [1, 0] },
    })
    expect(result).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })
})

describe('the prepared battle per map revision', () => {
  it('answers exactly as a full scenario run does, query after query on the same revision', async () => {
    const uncached = handlersOver(service, { runPrepared: validateEveryQuery })
    try {
      const { campaign } = (await service.open('sample-campaign')) as {
        campaign: {
          maps: Array<{
            id: string
            system: string
            width: number
            height: number
            tokens: Array<{ id: string }>
          }>
        }
      }
      const MODES: Record<string, string[]> = {
        arianrhod: ['combat', 'full', 'disengage', 'jump', 'climb'],
        pathfinder: ['move', 'double', 'run', 'five-foot-step', 'withdraw'],
        dnd35: ['move', 'double'],
        dystopia: ['sub', 'main'],
      }
      let compared = 0
      for (const map of campaign.maps) {
        const ids = map.tokens.map((t) => t.id)
        const queries: unknown[] = [
          { type: 'distance', from: [0, 0], to: [map.width - 1, map.height - 1] },
          { type: 'no-such-query' },
          { nope: 1 },
          'junk',
        ]
        for (const token of ids) {
          queries.push({ type: 'zoc', token }, { type: 'visible', token })
          for (const mode of MODES[map.system] ?? []) {
            queries.push(
              { type: 'reach', token, mode },
              { type: 'path', token, to: [map.width - 1, 0], mode },
            )
          }
          for (const other of ids)
            if (other !== token)
              queries.push({ type: 'cover', from: token, to: other, attack: 'ranged' })
        }
        for (const query of queries) {
          const args = { campaignId: 'sample-campaign', mapId: map.id, query }
          expect(await handlers.handle('rules.query', args)).toEqual(
            await uncached.handle('rules.query', args),
          )
          compared++
        }
      }
      expect(compared).toBeGreaterThan(100)
    } finally {
      uncached.dispose()
    }
  })
})

describe('flanking-all', () => {
  it('answers for every token what one flanking query per token answers', async () => {
    // A map where someone is flanked: a hero between two goblins.
    const pinned = {
      id: 'pinned',
      name: 'Pinned',
      system: 'pathfinder',
      width: 5,
      height: 3,
      tokens: [
        { id: 'hero', name: 'Hero', at: [2, 1], faction: 'party' },
        { id: 'g1', name: 'G1', at: [1, 1], faction: 'enemy' },
        { id: 'g2', name: 'G2', at: [3, 1], faction: 'enemy' },
      ],
    }
    await handlers.handle('campaign.open', { id: 'sample-campaign' })
    const added = await handlers.handle('campaign.dispatch', {
      id: 'sample-campaign',
      command: { type: 'map.add', map: pinned },
    })
    expect(added.ok ? null : added.error).toBeNull()
    const { campaign } = (await service.open('sample-campaign')) as {
      campaign: { maps: Array<{ id: string; system: string; tokens: Array<{ id: string }> }> }
    }
    let flankedSomewhere = 0
    for (const map of campaign.maps.filter((m) => m.system !== 'dystopia')) {
      const ask = async (query: unknown) => {
        const result = await handlers.handle('rules.query', {
          campaignId: 'sample-campaign',
          mapId: map.id,
          query,
        })
        if (!result.ok) throw new Error(result.error.message)
        return result.value
      }
      const expected: Record<string, unknown> = {}
      for (const token of map.tokens) {
        const { pairs } = (await ask({ type: 'flanking', target: token.id })) as {
          pairs: unknown[]
        }
        if (pairs.length > 0) expected[token.id] = pairs
      }
      expect(await ask({ type: 'flanking-all' })).toEqual({ flanked: expected })
      flankedSomewhere += Object.keys(expected).length
    }
    expect(flankedSomewhere).toBeGreaterThan(0)
  })
})

describe('rules.query’s answers in the contract', () => {
  const MAPS = [
    { mapId: 'arianrhod-sample', token: 'pc-mage', other: 'goblin-ledge' },
    { mapId: 'pathfinder-sample', token: 'fighter', other: 'ogre' },
    { mapId: 'dnd35-sample', token: 'paladin', other: 'wight' },
    { mapId: 'dystopia-sample', token: 'hero-a', other: 'guard-1' },
  ]
  const queriesFor = (token: string, other: string): RulesQuery[] => [
    { type: 'distance', from: [0, 0], to: [3, 2] },
    { type: 'reach', token },
    { type: 'path', token, to: [2, 2] },
    { type: 'zoc', token: other },
    { type: 'cover', from: token, to: other },
    { type: 'attack', attacker: token, target: other, attack: 'melee' },
    { type: 'flanking', target: other },
    { type: 'flanking-all' },
    { type: 'light', at: [1, 1] },
    { type: 'targets', token },
    { type: 'initiative' },
    { type: 'initiative', dice: Array.from({ length: 40 }, (_, i) => (i % 20) + 1) },
    { type: 'front-row', token },
    { type: 'skills' },
  ]

  it('are each the answer the query declares, and one of the contract’s', async () => {
    const answered = new Set<string>()
    for (const { mapId, token, other } of MAPS) {
      for (const query of queriesFor(token, other)) {
        const result = await handlers.handle('rules.query', {
          campaignId: 'sample-campaign',
          mapId,
          query,
        })
        if (!result.ok) {
          // A query a system does not answer, or arguments its readers refuse: not an answer.
          expect(result.error.code).not.toBe('internal')
          continue
        }
        answered.add(query.type)
        const declared = QUERIES[query.type].answer.safeParse(result.value)
        expect(declared.error, `${mapId} ${query.type}`).toBeUndefined()
        const promised = contract['rules.query'].result.safeParse(result.value)
        expect(promised.error, `${mapId} ${query.type}`).toBeUndefined()
      }
    }
    expect(answered.size).toBeGreaterThanOrEqual(10)
  })

  it('refuse what no query answers', () => {
    const result = contract['rules.query'].result
    expect(result.safeParse({ distance: 'far', unit: 'm' }).success).toBe(false)
    expect(result.safeParse(42).success).toBe(false)
    expect(result.safeParse(null).success).toBe(false)
    expect(result.safeParse({ distance: 4, unit: 'm' }).success).toBe(true)
  })
})
