import { describe, expect, it } from 'vitest'
import type { CampaignSummary } from '@core/campaign/schema'
import { addressFor, campaignToOpen, mapToOpen } from './start-campaign'

const summary = (id: string, updatedAt: string, unreadable?: boolean): CampaignSummary => ({
  id,
  name: id,
  updatedAt,
  mapCount: 1,
  ...(unreadable ? { unreadable } : {}),
})

const list = [
  summary('old', '2026-01-01T00:00:00.000Z'),
  summary('newest-but-damaged', '2026-03-01T00:00:00.000Z', true),
  summary('recent', '2026-02-01T00:00:00.000Z'),
]

describe('campaignToOpen', () => {
  it('opens nothing without #open', () => {
    expect(campaignToOpen('', list)).toBeNull()
    expect(campaignToOpen('#other=1', list)).toBeNull()
  })
  it('opens the most recently changed readable campaign for #open=latest', () => {
    expect(campaignToOpen('#open=latest', list)).toBe('recent')
    expect(campaignToOpen('#open=latest', [])).toBeNull()
  })
  it('never starts on a file it would not open: too large, or from a newer app', () => {
    const others = [
      { ...summary('huge', '2026-05-01T00:00:00.000Z'), tooLarge: true },
      { ...summary('future', '2026-04-01T00:00:00.000Z'), newer: true },
      ...list,
    ]
    expect(campaignToOpen('#open=latest', others)).toBe('recent')
  })
  it('opens a named campaign only if it exists', () => {
    expect(campaignToOpen('#open=old', list)).toBe('old')
    expect(campaignToOpen('#open=missing', list)).toBeNull()
  })
})

describe('the address of an open campaign', () => {
  it('names the campaign and its map, so a reload reopens them (not the latest edited)', () => {
    const address = addressFor('old', 'cellar & crypt')
    expect(campaignToOpen(address, list)).toBe('old')
    expect(mapToOpen(address)).toBe('cellar & crypt')
    expect(addressFor('ドラゴン退治', null)).toBe(
      `#open=${encodeURIComponent('ドラゴン退治').replace(/%20/g, '+')}`,
    )
    expect(mapToOpen('#open=old')).toBeNull()
    expect(addressFor(null, 'm')).toBe('')
  })
})
