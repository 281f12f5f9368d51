import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hashSnapshot } from './journal'
import { campaignSchema, type Campaign } from './schema'
import { serializeCampaignInSlices, serializedByteLength } from './serialize'
import { createCampaignService } from './service'
import { serializeCampaign } from './storage'

const SAMPLE_FILE = new URL('../../resources/sample-campaign.json', import.meta.url)
const sample = campaignSchema.parse(JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')))

describe('serializeCampaignInSlices', () => {
  it('writes exactly the pretty-printed file and its hash', async () => {
    const { parts, hash } = await serializeCampaignInSlices(sample)
    const text = parts.join('')
    expect(text).toBe(serializeCampaign(sample))
    expect(hash).toBe(hashSnapshot(text))
  })

  it('stays exact for any top-level values, empty lists and edited maps', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(sample.maps),
        fc.string(),
        fc.option(fc.jsonValue(), { nil: undefined }),
        async (maps, notes, extra) => {
          const campaign = {
            ...sample,
            maps: maps.map((m, i) => (i === 0 ? { ...m, name: `${m.name}′` } : m)),
            notes,
            ...(extra !== undefined ? { extra } : {}),
          } as Campaign
          const { parts } = await serializeCampaignInSlices(campaign)
          expect(parts.join('')).toBe(serializeCampaign(campaign))
          // The file-size budget's exact measure (file-budget.ts) is the same file's bytes.
          expect(serializedByteLength(campaign)).toBe(
            Buffer.byteLength(serializeCampaign(campaign), 'utf8'),
          )
        },
      ),
      { numRuns: 60 },
    )
  })

  it('yields to the event loop between pieces once a slice has run its time', async () => {
    // A clock that advances one "millisecond" per reading: every few pieces make a slice.
    let clock = 0
    let yields = 0
    await serializeCampaignInSlices(sample, {
      sliceMs: 3,
      now: () => clock++,
      yieldNow: async () => {
        yields++
      },
    })
    expect(yields).toBeGreaterThan(sample.maps.length / 2)
  })
})

describe('a save through the service', () => {
  it('writes the pieces as one file equal to the pretty-printed campaign', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'grid-gm-serialize-'))
    const service = await createCampaignService({
      dataDir,
      autosaveDelayMs: 60_000,
      sampleCampaignFile: SAMPLE_FILE.pathname,
    })
    try {
      await service.open(sample.id)
      await service.dispatch(sample.id, { type: 'campaign.rename', name: 'Renamed' })
      await service.flush(sample.id)
      const onDisk = await readFile(join(dataDir, 'campaigns', `${sample.id}.json`), 'utf8')
      expect(onDisk).toBe(serializeCampaign(service.getCampaign(sample.id)!))
    } finally {
      await service.dispose()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
