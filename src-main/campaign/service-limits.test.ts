// Nothing the service accepts can make a campaign unopenable (issue 27): a command is applied only
// if the campaign after it passes the loader's checks, limits and file size included; otherwise it
// is refused with `campaign-limit` and nothing changes. Every test reopens through the real loader.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OpenResult } from '@core/contract/campaign-service'
import { CommandError } from '@core/campaign/commands'
import { CampaignLimitError } from '@core/campaign/loadable'
import {
  FAR_FROM_LIMITS,
  limitStepsArbitrary,
  MAX_GOLD,
  nearLimitCampaign,
  nearLimitsArbitrary,
} from '@core/campaign/limits-testing'
import type { Campaign, Command } from '@core/campaign/schema'
import { serializedByteLength } from './serialize'
import { createCampaignService, type CampaignService } from './service'
import { copyCrashImage, makeTempDir, removeDir } from './temp-dirs.testing'

let root: string
let services: CampaignService[]
let folders = 0

const AT = '2025-04-04T00:00:00.000Z'

/** A service on a fresh data folder holding `campaign` (id c1), opened. */
async function serviceWith(
  campaign: Campaign,
  maxBytes?: number,
): Promise<{ service: CampaignService; dataDir: string }> {
  const dataDir = path.join(root, `data-${++folders}`)
  // Every reopen goes through the full loader, not the trusted path for files the app wrote.
  const service = await createCampaignService({
    dataDir,
    autosaveDelayMs: 3_600_000,
    trustWrittenFiles: false,
    ...(maxBytes ? { files: { maxBytes } } : {}),
  })
  services.push(service)
  await service.importCampaign(JSON.stringify(campaign))
  await service.open('c1')
  return { service, dataDir }
}

/** Saves, closes and opens again: the file goes through the loader, as on the next start. */
async function reopen(service: CampaignService): Promise<OpenResult> {
  await service.close('c1')
  return service.open('c1')
}

function cleanly(opened: OpenResult): Campaign {
  expect(opened.recovered).toBeUndefined()
  expect(opened.repaired).toBeUndefined()
  expect(opened.journal).toBeUndefined()
  return opened.campaign
}

beforeEach(async () => {
  root = await makeTempDir('gm-limits-')
  services = []
})
afterEach(async () => {
  for (const service of services) await service.dispose().catch(() => undefined)
  await removeDir(root)
})

describe('a command the loader would not accept', () => {
  it('is refused: guild funds at 10¹² and a sale of 10¹² (the file stays openable)', async () => {
    const { service } = await serviceWith(
      nearLimitCampaign({ ...FAR_FROM_LIMITS, funds: MAX_GOLD }),
    )
    const before = service.getCampaign('c1')!
    const sale: Command = { type: 'guild.item.sell', at: AT, itemId: 'i1', price: MAX_GOLD }
    await expect(service.dispatchEdit('c1', sale)).rejects.toMatchObject({
      code: 'campaign-limit',
      path: '/guild/funds',
      limit: MAX_GOLD,
    })
    expect(service.getCampaign('c1')).toBe(before)
    expect(service.canUndo('c1')).toBe(false)
    // A sale that fits is still made.
    await service.dispatch('c1', { type: 'guild.update', funds: MAX_GOLD - 5 })
    await service.dispatch('c1', { ...sale, price: 5 })
    const reopened = cleanly(await reopen(service))
    expect(reopened.guild?.funds).toBe(MAX_GOLD)
    expect(reopened.guild?.items.map((i) => i.id)).toEqual(['i2'])
  })

  it('is refused: the 10,001st condition on a map', async () => {
    const { service } = await serviceWith(
      nearLimitCampaign({ ...FAR_FROM_LIMITS, conditions: 9_999 }),
    )
    const add = (id: string): Command => ({
      type: 'condition.add',
      mapId: 'm1',
      condition: { id, tokenId: 'pc', name: 'Dazed' },
    })
    await service.dispatch('c1', add('last'))
    await expect(service.dispatch('c1', add('one-too-many'))).rejects.toMatchObject({
      code: 'campaign-limit',
      path: '/maps/0/conditions',
      limit: 10_000,
    })
    const reopened = cleanly(await reopen(service))
    expect(reopened.maps[0].conditions).toHaveLength(10_000)
    expect(reopened.maps[0].conditions?.at(-1)?.id).toBe('last')
  })

  it('is refused when the saved file would pass the size the app opens', async () => {
    const start = nearLimitCampaign(FAR_FROM_LIMITS)
    const maxBytes = serializedByteLength(start) + 150_000
    const { service, dataDir } = await serviceWith(start, maxBytes)
    const notes = (tokenId: string, length: number): Command => ({
      type: 'token.update',
      mapId: 'm1',
      tokenId,
      patch: { notes: 'n'.repeat(length) },
    })
    await service.dispatch('c1', notes('t1', 90_000))
    await expect(service.dispatch('c1', notes('t2', 90_000))).rejects.toMatchObject({
      code: 'campaign-limit',
      path: '',
      limit: maxBytes,
    })
    // Room made elsewhere is room again: the bound is measured exactly before refusing.
    await service.dispatch('c1', notes('t1', 10))
    await service.dispatch('c1', notes('t2', 90_000))
    const reopened = cleanly(await reopen(service))
    expect(reopened.maps[0].tokens.find((t) => t.id === 't2')?.notes).toHaveLength(90_000)
    const { size } = await fs.stat(path.join(dataDir, 'campaigns', 'c1.json'))
    expect(size).toBeLessThanOrEqual(maxBytes)
  })

  it('an import whose saved file would pass the cap is refused, even if its text is under it', async () => {
    const dataDir = path.join(root, 'import')
    const wide = nearLimitCampaign({ ...FAR_FROM_LIMITS, conditions: 3_000 })
    const compact = JSON.stringify(wide)
    // The file is pretty-printed: more bytes than the compact text the GM imports.
    const maxBytes = Buffer.byteLength(compact) + 1_000
    expect(serializedByteLength(wide)).toBeGreaterThan(maxBytes)
    const service = await createCampaignService({ dataDir, files: { maxBytes } })
    services.push(service)
    await expect(service.importCampaign(compact)).rejects.toMatchObject({
      code: 'campaign-too-large',
    })
    expect(await service.list()).toEqual([])
    // Nor is one already in the list replaced by it.
    const small = nearLimitCampaign(FAR_FROM_LIMITS)
    await service.importCampaign(JSON.stringify(small))
    await expect(service.importCampaign(compact, 'replace')).rejects.toMatchObject({
      code: 'campaign-too-large',
    })
    expect(cleanly(await service.open('c1')).maps[0].conditions).toBeUndefined()
  })

  it('never leaves a campaign the loader refuses, whatever the commands (random, near the limits)', async () => {
    const outcomes = { applied: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(nearLimitsArbitrary, limitStepsArbitrary, async (near, steps) => {
        const start = nearLimitCampaign(near)
        const maxBytes = serializedByteLength(start) + 200_000
        const { service, dataDir } = await serviceWith(start, maxBytes)
        for (const step of steps) {
          try {
            if (step === 'undo') await service.undo('c1')
            else if (step === 'redo') await service.redo('c1')
            else await service.dispatch('c1', step)
            outcomes.applied++
          } catch (error) {
            if (!(error instanceof CommandError || error instanceof CampaignLimitError)) throw error
            outcomes.refused++
          }
        }
        const current = service.getCampaign('c1')!
        // As a crash would leave it (the changes only in the journal), and after a save.
        const image = `${dataDir}-image`
        await copyCrashImage(dataDir, image)
        const crashed = await createCampaignService({
          dataDir: image,
          autosaveDelayMs: 3_600_000,
          trustWrittenFiles: false,
          files: { maxBytes },
        })
        services.push(crashed)
        expect(cleanly(await crashed.open('c1'))).toEqual(current)
        expect(cleanly(await reopen(service))).toEqual(current)
      }),
      { numRuns: 12 },
    )
    expect(outcomes.applied).toBeGreaterThan(10)
    expect(outcomes.refused).toBeGreaterThan(5)
  })
})
