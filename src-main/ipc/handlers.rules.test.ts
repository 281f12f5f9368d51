// rules.query through the handlers with the real rules engine and the real campaign service.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCampaignService, type CampaignService } from '../campaign/service'
import { runScenario } from '../rules/scenario/run'
import { createHandlers, type Handlers } from './handlers'

const SAMPLE = fileURLToPath(new URL('../../resources/sample-campaign.json', import.meta.url))

let dataDir: string
let service: CampaignService
let handlers: Handlers

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'grid-gm-rules-query-'))
  service = await createCampaignService({ dataDir, autosaveDelayMs: 10_000, sampleCampaignFile: SAMPLE })
  handlers = createHandlers(service, { runScenario }, { logError: () => {} })
})

afterEach(async () => {
  handlers.dispose()
  await service.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

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
    const ask = () =>
      handlers.handle('rules.query', {
        campaignId: 'sample-campaign',
        mapId: 'pathfinder-sample',
        query: { type: 'reach', token: 'fighter', mode: 'five-foot-step' },
      })
    const before = await ask()
    if (!before.ok) throw new Error(before.error.message)
    const cells = (before.value as { cells: { at: [number, number] }[] }).cells
    expect(cells.some((c) => c.at[0] === 2 && c.at[1] === 4)).toBe(true)
    await handlers.handle('campaign.dispatch', {
      id: 'sample-campaign',
      command: { type: 'edge.set', mapId: 'pathfinder-sample', between: [[2, 4], [2, 5]], edge: { kind: 'wall' } },
    })
    const after = await ask()
    if (!after.ok) throw new Error(after.error.message)
    const cellsAfter = (after.value as { cells: { at: [number, number] }[] }).cells
    expect(cellsAfter.some((c) => c.at[0] === 2 && c.at[1] === 4)).toBe(false)
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
