// A wall click gives a new map object (and a new campaign) but keeps the lists it did not change
// as the same objects (issue 29). The panels beside the board read those lists through their own
// $derived, so the page's effect pass after a wall edit does not walk the tokens or the roll log
// again: here the new map's `tokens`, each token's `faction` and the campaign's `rollLog` count
// how often they are read.
import { render } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import { describe, expect, it } from 'vitest'
import type { Campaign, CampaignMap } from '@core/campaign/schema'
import type { GmApi } from '../lib/api'
import { translate, type MessageKey, type MessageParams } from '../lib/i18n'
import { GmSession } from '../state/session.svelte'
import ToolOptions from './panels/ToolOptions.svelte'
import RollBox from './turns/RollBox.svelte'
import TurnPanel from './turns/TurnPanel.svelte'

/** A connection that is never opened: nothing in this test may reach main. */
const offline: GmApi = {
  call: () => Promise.reject(new Error('offline')),
  on: () => () => {},
  onConnection: () => () => {},
}
const t = (key: MessageKey, params?: MessageParams) => translate('en', key, params)

/** Reads of each token's faction, counted across the test (the tokens are the same objects). */
let factionReads = 0
const tokens: CampaignMap['tokens'] = Array.from({ length: 20 }, (_, i) => {
  const token = { id: `pc${i}`, name: `PC ${i}`, at: [i, 0] as [number, number] }
  const faction = i % 2 ? 'party' : 'enemy'
  return Object.defineProperty({ ...token, ...(i === 3 ? { hidden: true } : {}) }, 'faction', {
    enumerable: true,
    get: () => {
      factionReads++
      return faction
    },
  }) as CampaignMap['tokens'][number]
})
const map: CampaignMap = {
  id: 'm',
  name: 'Keep',
  system: 'pathfinder',
  width: 20,
  height: 20,
  cells: [],
  edges: [],
  light: { sources: [] },
  tokens,
  notes: '',
}
const rollLog = [] as NonNullable<Campaign['rollLog']>
const campaign = { id: 'c', name: 'C', maps: [map], rollLog } as unknown as Campaign

/** The map after a wall click: new edges, the same tokens, each read of them counted. */
function afterWallClick(reads: { tokens: number }): CampaignMap {
  const wall: CampaignMap['edges'][number] = {
    between: [
      [1, 1],
      [1, 2],
    ],
    kind: 'wall',
  }
  const next: CampaignMap = { ...map, edges: [wall] }
  Object.defineProperty(next, 'tokens', {
    enumerable: true,
    get: () => {
      reads.tokens++
      return tokens
    },
  })
  return next
}

describe('a wall edit re-reads only the lists it changed', () => {
  // Once per component that shows tokens: TurnPanel holds a ConditionList.
  it.each([
    ['TurnPanel', TurnPanel, 2],
    ['ToolOptions', ToolOptions, 1],
  ] as const)('%s reads the unchanged tokens once per component', async (_, Panel, once) => {
    const session = new GmSession(offline)
    const { rerender } = render(Panel, { session, map, t })
    const reads = { tokens: 0 }
    factionReads = 0
    await rerender({ session, map: afterWallClick(reads), t })
    flushSync()
    expect({ tokens: reads.tokens, factions: factionReads }).toEqual({ tokens: once, factions: 0 })
  })

  it('RollBox reads the unchanged tokens and roll log once', async () => {
    const session = new GmSession(offline)
    const { rerender } = render(RollBox, { session, campaign, map, t })
    const reads = { tokens: 0, rollLog: 0 }
    const nextCampaign = { ...campaign } as Campaign
    Object.defineProperty(nextCampaign, 'rollLog', {
      enumerable: true,
      get: () => {
        reads.rollLog++
        return rollLog
      },
    })
    await rerender({ session, campaign: nextCampaign, map: afterWallClick(reads), t })
    flushSync()
    expect(reads).toEqual({ tokens: 1, rollLog: 1 })
  })
})
