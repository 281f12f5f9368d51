// Issue 11 item 6: commands are as strict as arguments. Unknown keys anywhere are refused, one
// name rule serves campaign create and rename, and prototype keys never become record keys.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHandlers, type HandlerService } from '../ipc/handlers'
import { createCampaignService, type CampaignService } from './service'
import { makeCampaign } from '@core/campaign/test-helpers'
import { makeTempDir, removeDir } from './temp-dirs.testing'
import { findDroppedKey } from '@core/campaign/strict'

let dataDir: string
let service: CampaignService

beforeEach(async () => {
  dataDir = await makeTempDir()
  await fs.mkdir(path.join(dataDir, 'campaigns'), { recursive: true })
  await fs.writeFile(path.join(dataDir, 'campaigns', 'c1.json'), JSON.stringify(makeCampaign()))
  service = await createCampaignService({ dataDir, autosaveDelayMs: 10_000 })
  await service.open('c1')
})

afterEach(async () => {
  await service.dispose()
  await removeDir(dataDir)
})

const refused = (command: unknown) =>
  expect(service.dispatch('c1', command as never)).rejects.toThrow()

describe('strict commands', () => {
  it('refuse unknown keys at the top and deep inside, instead of dropping them', async () => {
    await refused({ type: 'map.notes', mapId: 'm1', notes: 'x', extra: 1 })
    await refused({
      type: 'token.add',
      mapId: 'm1',
      token: { id: 't2', at: [1, 1], faction: 'enemy', bogus: true },
    })
    await refused({
      type: 'edge.set',
      mapId: 'm1',
      between: [
        [0, 0],
        [1, 0],
      ],
      edge: { kind: 'wall', colour: 'red' },
    })
    // The same commands without the stray keys are fine.
    await expect(
      service.dispatch('c1', { type: 'map.notes', mapId: 'm1', notes: 'x' }),
    ).resolves.toBeTruthy()
  })

  it('share one name rule for create and rename: no blank, control, lone surrogate or bidi override names', async () => {
    for (const name of ['   ', 'a\u0000b', 'bad\ud800', 'evil\u202etxt.exe', 'tab\there']) {
      await refused({ type: 'campaign.rename', name })
    }
    const renamed = await service.dispatch('c1', { type: 'campaign.rename', name: '  The Keep  ' })
    expect(renamed.name).toBe('The Keep')
    const handlers = createHandlers(service as HandlerService, {
      runPrepared: () => ({ ok: true, answer: null }),
    })
    await expect(
      handlers.handle('campaign.create', { name: 'evil\u202etxt' }),
    ).resolves.toMatchObject({ ok: false })
    await expect(handlers.handle('campaign.create', { name: 'ok\u0007' })).resolves.toMatchObject({
      ok: false,
    })
    handlers.dispose()
  })

  it('refuse prototype keys as a DysTopiA faction', async () => {
    for (const faction of ['__proto__', 'constructor', 'prototype']) {
      await refused({ type: 'deploy.set', mapId: 'm1', faction, cells: [[0, 0]] })
    }
  })

  it('find the first dropped key with its path', () => {
    expect(findDroppedKey({ a: 1, b: [{ c: 1, d: 2 }] }, { a: 1, b: [{ c: 1 }] })).toEqual([
      'b',
      0,
      'd',
    ])
    expect(findDroppedKey({ a: 1 }, { a: 1, added: true })).toBeNull()
  })
})
