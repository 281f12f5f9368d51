import { describe, expect, it } from 'vitest'
import { diff } from '@core/campaign/patch'
import type { Campaign } from '@core/campaign/schema'
import type { CampaignEdit } from '@core/contract/campaign-service'
import { applyEdit } from './campaign-edits'

const map = (id: string, width = 4) => ({
  id,
  name: id,
  system: 'arianrhod' as const,
  width,
  height: 4,
  cells: [],
  edges: [],
  light: { sources: [] },
  tokens: [],
  notes: '',
})
const base = {
  schemaVersion: 5,
  id: 'c',
  name: 'C',
  createdAt: 't',
  updatedAt: 't',
  maps: [map('a'), map('b')],
  notes: '',
} as unknown as Campaign

function editTo(next: Campaign, revision: number): CampaignEdit {
  return {
    campaignId: 'c',
    revision,
    patch: diff(base, next),
    cause: { type: 'undo' },
    canUndo: true,
    canRedo: false,
  }
}

describe('applyEdit', () => {
  const next = { ...base, maps: [map('a', 6), base.maps[1]] } as Campaign

  it('applies the next revision and keeps untouched maps as the same objects', () => {
    const outcome = applyEdit(base, 7, editTo(next, 8))
    expect(outcome.kind).toBe('applied')
    if (outcome.kind !== 'applied') return
    expect(outcome.campaign).toEqual(next)
    expect(outcome.revision).toBe(8)
    expect(outcome.campaign.maps[1]).toBe(base.maps[1])
  })

  it('ignores an edit it already holds (the second arrival of its own edit)', () => {
    expect(applyEdit(base, 8, editTo(next, 8))).toEqual({ kind: 'known' })
  })

  it('asks for the whole campaign after a missed revision or a patch that does not fit', () => {
    expect(applyEdit(base, 6, editTo(next, 8))).toEqual({ kind: 'resync' })
    const misfit: CampaignEdit = {
      ...editTo(next, 8),
      patch: [{ op: 'set', path: ['maps', 9, 'width'], value: 1 }],
    }
    expect(applyEdit(base, 7, misfit)).toEqual({ kind: 'resync' })
  })
})
