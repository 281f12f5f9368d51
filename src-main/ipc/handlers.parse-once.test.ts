// campaign.dispatch checks its command once (issue 29): the IPC contract's argument schema walks
// it, and the edit pipeline takes the object the contract let through instead of walking it again.
// A command made in main (not through the contract) is still checked by the pipeline.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { commandSchema, type CampaignMap, type Command } from '@core/campaign/schema'
import { handlers, rulesNotUsed, service, useHandlerTestbed, value } from './handlers.testing'

useHandlerTestbed({ rules: rulesNotUsed })

afterEach(() => {
  vi.restoreAllMocks()
})

async function firstMap(): Promise<CampaignMap> {
  const opened = value<{ campaign: { maps: CampaignMap[] } }>(
    await handlers.handle('campaign.open', { id: 'sample-campaign' }),
  )
  return opened.campaign.maps[0]
}

function wallAt(mapId: string, x: number): Command {
  return {
    type: 'edge.set',
    mapId,
    between: [
      [x, 0],
      [x + 1, 0],
    ],
    edge: { kind: 'wall' },
  }
}

describe('campaign.dispatch parses its command once', () => {
  it('walks the command schema once per dispatch, and still applies it', async () => {
    const map = await firstMap()
    const parses = vi.spyOn(commandSchema, 'safeParse')
    const answer = await handlers.handle('campaign.dispatch', {
      id: 'sample-campaign',
      command: wallAt(map.id, 0),
    })
    expect(answer.ok).toBe(true)
    expect(parses).toHaveBeenCalledTimes(1)
    const edges = service.getCampaign('sample-campaign')?.maps[0].edges ?? []
    expect(edges.some((e) => JSON.stringify(e.between) === '[[0,0],[1,0]]')).toBe(true)
  })

  it('still refuses a bad command through the contract, as a code', async () => {
    const map = await firstMap()
    const answer = await handlers.handle('campaign.dispatch', {
      id: 'sample-campaign',
      command: { ...wallAt(map.id, 2), extra: true },
    })
    expect(answer.ok).toBe(false)
    if (!answer.ok)
      expect(answer.error).toMatchObject({ code: 'bad-argument', path: '/command/extra' })
  })

  it('checks a command made in main, which never went through the contract', async () => {
    const map = await firstMap()
    const parses = vi.spyOn(commandSchema, 'safeParse')
    const unknownKey = { ...wallAt(map.id, 4), extra: true } as unknown as Command
    await expect(service.dispatchEdit('sample-campaign', unknownKey)).rejects.toThrow()
    expect(parses).toHaveBeenCalledTimes(1)
    await service.dispatchEdit('sample-campaign', wallAt(map.id, 4))
    expect(parses).toHaveBeenCalledTimes(2)
  })
})
