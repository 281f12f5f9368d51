import { describe, expect, it } from 'vitest'
import { changesOf } from '@core/campaign/changes'
import { outlineOf } from '@core/campaign/outline'
import type { Campaign } from '@core/campaign/schema'
import type { CampaignEdit } from '@core/contract/campaign-service'
import { applyEdit, type HeldCampaign } from './campaign-edits'

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
const held: HeldCampaign = { campaign: base, outlines: base.maps.map(outlineOf) }

function editTo(next: Campaign, revision: number): CampaignEdit {
  return {
    campaignId: 'c',
    revision,
    changes: changesOf(base, next),
    cause: { type: 'undo' },
    canUndo: true,
    canRedo: false,
  }
}

describe('applyEdit', () => {
  const next = { ...base, maps: [map('a', 6), base.maps[1]] } as Campaign

  it('applies the next revision and keeps untouched maps as the same objects', () => {
    const outcome = applyEdit(held, 7, editTo(next, 8))
    expect(outcome.kind).toBe('applied')
    if (outcome.kind !== 'applied') return
    expect(outcome.held.campaign).toEqual(next)
    expect(outcome.revision).toBe(8)
    expect(outcome.held.campaign.maps[1]).toBe(base.maps[1])
    expect(outcome.held.outlines[0]).toMatchObject({ id: 'a', width: 6 })
  })

  it('ignores an edit it already holds', () => {
    expect(applyEdit(held, 8, editTo(next, 8))).toEqual({ kind: 'known' })
  })

  it('asks for the whole campaign after a missed revision or changes that do not fit', () => {
    expect(applyEdit(held, 6, editTo(next, 8))).toEqual({ kind: 'resync' })
    const misfit: CampaignEdit = {
      ...editTo(next, 8),
      changes: [{ op: 'set', kind: 'map', id: 'gone', field: ['width'], value: 1 }],
    }
    const onlyA: HeldCampaign = { ...held, campaign: { ...base, maps: [base.maps[0]] } }
    // A map the page holds as an outline is not there to change: only its outline follows.
    const outlined = applyEdit(onlyA, 7, {
      ...misfit,
      changes: [{ op: 'set', kind: 'map', id: 'b', field: ['width'], value: 1 }],
    })
    expect(outlined).toMatchObject({ kind: 'applied' })
    if (outlined.kind === 'applied') {
      expect(outlined.held.campaign.maps).toEqual([base.maps[0]])
      expect(outlined.held.outlines[1]).toMatchObject({ id: 'b', width: 1 })
    }
    expect(
      applyEdit(held, 7, {
        ...misfit,
        changes: [{ op: 'remove', kind: 'token', mapId: 'a', id: 'ghost' }],
      }),
    ).toEqual({ kind: 'resync' })
  })
  it('keeps the outlines list when no outline changed (issue 29: the map tabs follow it)', () => {
    const walled = {
      ...base,
      maps: [
        {
          ...base.maps[0],
          edges: [
            {
              between: [
                [0, 0],
                [1, 0],
              ],
              kind: 'wall',
            },
          ],
        },
        base.maps[1],
      ],
    } as Campaign
    const outcome = applyEdit(held, 7, editTo(walled, 8))
    expect(outcome.kind).toBe('applied')
    if (outcome.kind === 'applied') expect(outcome.held.outlines).toBe(held.outlines)
  })
})
