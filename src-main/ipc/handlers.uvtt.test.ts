// Universal VTT import through the verbs, on its worker thread (issue 27): progress reaches the GM
// page as uvtt.progress events, the host answers other requests while a big file is imported, the
// GM can cancel, the preview (dry run) and the import refuse the same files with the same codes,
// and a refused or cancelled import leaves the campaign as it was.
import { describe, expect, it } from 'vitest'
import { longDiagonalWalls, uvttFile, wallPointLines } from '../uvtt/hostile-files.testing'
import type { EventData, HandlerResult } from '@core/contract/contract'
import { handlers, useHandlerTestbed } from './handlers.testing'

const CAMPAIGN = 'sample-campaign'

useHandlerTestbed()

const importArgs = (json: string, extra: Record<string, unknown> = {}) => ({
  campaignId: CAMPAIGN,
  json,
  name: 'Imported',
  system: 'arianrhod',
  ...extra,
})

async function mapCount(): Promise<number> {
  const opened = await handlers.handle('campaign.open', { id: CAMPAIGN })
  if (!opened.ok) throw new Error(opened.error.message)
  return (opened.value as { campaign: { maps: unknown[] } }).campaign.maps.length
}

const code = (result: HandlerResult) => (result.ok ? 'ok' : result.error.code)

describe('Universal VTT import on a worker', () => {
  it('reports progress for the job the page named, and imports the map', async () => {
    const progress: Array<EventData<'uvtt.progress'>> = []
    handlers.subscribe('uvtt.progress', (data) => progress.push(data))
    const json = JSON.stringify(uvttFile(200, longDiagonalWalls(200, 300)))
    const before = await mapCount()
    const result = await handlers.handle('map.importUvtt', importArgs(json, { jobId: 'job-1' }))
    expect(code(result)).toBe('ok')
    expect((result as { value: { mapId: string } }).value.mapId).toBe('imported')
    expect(await mapCount()).toBe(before + 1)
    expect(progress.length).toBeGreaterThanOrEqual(2)
    expect(progress.every((p) => p.jobId === 'job-1')).toBe(true)
    expect(progress.at(-1)).toEqual({ jobId: 'job-1', done: 300, total: 300 })
  })

  it('answers other requests while a big file is being imported', async () => {
    const json = JSON.stringify(uvttFile(1000, wallPointLines(1000, 4e6)))
    const order: string[] = []
    const importing = handlers
      .handle('map.importUvtt', importArgs(json, { dryRun: true }))
      .then((result) => order.push(`import ${code(result)}`))
    const listing = handlers
      .handle('campaign.list', undefined)
      .then((result) => order.push(`list ${code(result)}`))
    await Promise.all([importing, listing])
    expect(order).toEqual(['list ok', 'import ok'])
  })

  it('stops an import the GM cancels, and the campaign keeps its maps', async () => {
    const json = JSON.stringify(uvttFile(1000, longDiagonalWalls(1000, 50)))
    const before = await mapCount()
    const importing = handlers.handle('map.importUvtt', importArgs(json, { jobId: 'job-2' }))
    const cancelled = await handlers.handle('map.cancelImport', { jobId: 'job-2' })
    expect(cancelled).toEqual({ ok: true, value: { cancelled: true } })
    expect(code(await importing)).toBe('import-cancelled')
    expect(await mapCount()).toBe(before)
    // Nothing left to cancel.
    expect(await handlers.handle('map.cancelImport', { jobId: 'job-2' })).toEqual({
      ok: true,
      value: { cancelled: false },
    })
  })

  it('refuses in the preview exactly what it refuses in the import, writing nothing', async () => {
    const hostile = {
      'light-range-too-large': uvttFile(5, [], {
        lights: [{ position: { x: 1.5, y: 1.5 }, range: 1e308 }],
      }),
      'wall-line-too-long': uvttFile(10, [
        Array.from({ length: 10_001 }, (_, i) => ({ x: i % 10, y: (i * 3) % 10 })),
      ]),
      'too-many-wall-lines': uvttFile(
        5,
        Array.from({ length: 100_001 }, () => [{ x: 1, y: 1 }]),
      ),
      'map-too-detailed': uvttFile(1000, longDiagonalWalls(1000, 400)),
      'bad-json': '{"format": 0.3,',
    }
    const before = await mapCount()
    for (const [expected, file] of Object.entries(hostile)) {
      const json = typeof file === 'string' ? file : JSON.stringify(file)
      const preview = await handlers.handle('map.importUvtt', importArgs(json, { dryRun: true }))
      const imported = await handlers.handle('map.importUvtt', importArgs(json))
      expect([code(preview), code(imported)], expected).toEqual([expected, expected])
      expect(typeof (preview as { error: { message: unknown } }).error.message).toBe('string')
    }
    expect(await mapCount()).toBe(before)
  })
})
