// The file-size budget refuses only what is really over the cap, and its cheap bound never
// under-counts (issue 27): the bound it keeps between measures is at least the file's real size.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyCommand, CommandError } from '@core/campaign/commands'
import { FileBudget, patchGrowthBound } from './file-budget'
import {
  FAR_FROM_LIMITS,
  limitCommandArbitrary,
  nearLimitCampaign,
  nearLimitsArbitrary,
} from '@core/campaign/limits-testing'
import { diff } from '@core/campaign/patch'
import { commandSchema, type Campaign } from '@core/campaign/schema'
import { CampaignStore, serializeCampaign } from './storage'
import { makeTempDir, removeDir } from './temp-dirs.testing'

const bytesOf = (campaign: Campaign): number =>
  Buffer.byteLength(serializeCampaign(campaign), 'utf8')

describe('the file-size budget', () => {
  it('bounds the file from above after any change, and refuses only a file over the cap', async () => {
    await fc.assert(
      fc.asyncProperty(
        nearLimitsArbitrary.map((near) => ({ ...near, conditions: 0, combatants: 0 })),
        fc.array(limitCommandArbitrary, { minLength: 1, maxLength: 15 }),
        fc.integer({ min: 0, max: 300_000 }),
        async (near, commands, room) => {
          let state = nearLimitCampaign(near)
          const maxBytes = bytesOf(state) + room
          const budget = await FileBudget.measure(state, maxBytes)
          for (const command of commands) {
            let next: Campaign
            try {
              next = applyCommand(state, commandSchema.parse(command))
            } catch (error) {
              if (error instanceof CommandError) continue
              throw error
            }
            const patch = diff(state, next)
            // What a patch can add is never less than what it does add.
            expect(patchGrowthBound(patch)).toBeGreaterThanOrEqual(bytesOf(next) - bytesOf(state))
            let admitted = true
            try {
              budget.admit(next, patch)
            } catch {
              admitted = false
            }
            expect(admitted).toBe(bytesOf(next) <= maxBytes)
            if (!admitted) continue
            state = next
            expect(budget.bound).toBeGreaterThanOrEqual(bytesOf(state))
          }
        },
      ),
      { numRuns: 80 },
    )
  })

  it('starts again from a save’s exact size', async () => {
    const campaign = nearLimitCampaign(FAR_FROM_LIMITS)
    const budget = await FileBudget.measure(campaign, 10_000_000)
    const grown = { ...campaign, notes: 'n'.repeat(5000) }
    budget.admit(grown, diff(campaign, grown))
    const mark = budget.mark
    expect(budget.bound).toBeGreaterThan(bytesOf(grown))
    budget.saved(mark, bytesOf(grown))
    expect(budget.bound).toBe(bytesOf(grown))
    // A save of an older state than the last exact measure does not move the bound back.
    budget.saved(mark - 1, 1)
    expect(budget.bound).toBe(bytesOf(grown))
  })
})

describe('the size a campaign opens with', () => {
  it('is the size of the file the app saves, measured where the file was parsed', async () => {
    const root = await makeTempDir('gm-budget-')
    try {
      const campaign = nearLimitCampaign({ ...FAR_FROM_LIMITS, conditions: 500 })
      for (const inlineBytes of [10_000_000, 0]) {
        const store = new CampaignStore(path.join(root, `data-${inlineBytes}`), {
          files: { inlineBytes },
        })
        await store.init()
        // Written compact, as a hand edit or another tool would: smaller than the app's own file.
        await fs.writeFile(store.campaignFile('c1'), JSON.stringify(campaign))
        const loaded = await store.load('c1')
        expect(loaded.savedBytes).toBe(bytesOf(loaded.campaign))
        expect(store.reader.parsed[inlineBytes === 0 ? 'worker' : 'inline']).toBe(1)
        await store.close()
      }
    } finally {
      await removeDir(root)
    }
  })
})
