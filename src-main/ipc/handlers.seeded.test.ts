// Issue 28: the ids and dice of a command come from core/random.ts, so with a fixed seed the same
// `dice.roll` commands record the same roll log (ids and dice) on two fresh runs.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createIdMaker, seededDice } from '@core/random'
import type { Campaign } from '@core/campaign/schema'
import type { HandlerResult } from '@core/contract/contract'
import { runPrepared } from '@core/rules/scenario/run'
import { createCampaignService } from '../campaign/service'
import { createDiceRoller } from '../table/dice'
import { createHandlers } from './handlers'

const ID = 'seeded'
const at = '2026-11-27T06:00:00.000Z'

function value<T = unknown>(result: HandlerResult): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.value as T
}

/** Three rolls into a new campaign's log, on a fresh data folder, with the seeds given. */
async function rollLog(seed: number): Promise<Array<{ id: string; dice: number[] }>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'grid-gm-seeded-'))
  const service = await createCampaignService({ dataDir, autosaveDelayMs: 10_000 })
  const handlers = createHandlers(
    service,
    { runPrepared },
    {
      logError: () => {},
      dice: createDiceRoller(seededDice([seed])),
      ids: createIdMaker([seed]),
    },
  )
  try {
    const file = {
      schemaVersion: 2,
      id: ID,
      name: 'Seeded',
      createdAt: at,
      updatedAt: at,
      notes: '',
      maps: [],
    }
    value(await handlers.handle('campaign.import', { json: JSON.stringify(file) }))
    value(await handlers.handle('campaign.open', { id: ID }))
    for (const command of ['1D20', '2D6', '3D6'])
      value(await handlers.handle('dice.roll', { system: 'pathfinder', command, campaignId: ID }))
    const { campaign } = value<{ campaign: Campaign }>(
      await handlers.handle('campaign.open', { id: ID }),
    )
    return (campaign.rollLog ?? []).map((entry) => ({ id: entry.id, dice: entry.dice }))
  } finally {
    handlers.dispose()
    await service.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

describe('dice.roll with a fixed seed', () => {
  it('records the same ids and dice twice, and other ones with another seed', async () => {
    const first = await rollLog(11)
    expect(first.map((entry) => entry.dice.length)).toEqual([1, 2, 3])
    expect(new Set(first.map((entry) => entry.id)).size).toBe(3)
    expect(await rollLog(11)).toEqual(first)
    expect(await rollLog(12)).not.toEqual(first)
  })
})
