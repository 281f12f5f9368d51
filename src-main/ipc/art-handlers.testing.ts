// The art verbs' test bed: a real campaign service on a temp data folder with its assets folder
// and art worker, made anew for each test; the art handler tests share it (issue 16, 26, 27).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AssetStore } from '../art/assets'
import { cellColourPicture } from '../art/art-fixtures'
import { createCampaignService, type CampaignService } from '../campaign/service'
import type { PlayerView } from '@core/contract/contract'
import { followPlayerViews } from '@core/table/player-view-testing'
import type { Handlers } from './handlers'
import { handlers, handlersOver, SAMPLE, useHandlerTestbed, value } from './handlers.testing'

export { dataDir, handlers, restartHandlers, SAMPLE, service, value } from './handlers.testing'

export const CAMPAIGN = 'sample-campaign'
export const MAP = 'arianrhod-sample'

/** Gives every test of the calling file a fresh data folder, service and handlers, with pictures. */
export function useArtTestbed(): void {
  useHandlerTestbed({ options: (dataDir) => ({ assets: new AssetStore(dataDir) }) })
}

/** A second data folder with its own service and handlers, for moving campaigns between them. */
export async function withOtherFolder(
  prefix: string,
  body: (other: Handlers, otherService: CampaignService) => Promise<void>,
): Promise<void> {
  const otherDir = await mkdtemp(join(tmpdir(), prefix))
  const otherService = await createCampaignService({
    dataDir: otherDir,
    autosaveDelayMs: 10_000,
    sampleCampaignFile: SAMPLE,
  })
  const other = handlersOver(otherService, undefined, { assets: new AssetStore(otherDir) })
  try {
    await body(other, otherService)
  } finally {
    other.dispose()
    await otherService.dispose()
    await rm(otherDir, { recursive: true, force: true })
  }
}

export async function until<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const got = read()
    if (got !== undefined) return got
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('timed out')
}

/** The art of `cellColourPicture(12, 10, 8)` stored as `hash`: 8 px a square from the map's corner. */
export function cellColourArt(hash: string) {
  return {
    asset: hash,
    type: 'png' as const,
    width: 96,
    height: 80,
    pixelsPerSquare: 8,
    offsetX: 0,
    offsetY: 0,
  }
}

export async function dispatch(command: unknown, id = CAMPAIGN): Promise<void> {
  value(await handlers.handle('campaign.dispatch', { id, command }))
}

/** Stores `cellColourPicture(12, 10, 8)` and puts it under MAP (the campaign opened); its hash. */
export async function putCellColourArt(): Promise<string> {
  const { png } = cellColourPicture(12, 10, 8)
  const stored = value<{ hash: string }>(
    await handlers.handle('asset.put', { base64: Buffer.from(png).toString('base64') }),
  )
  value(await handlers.handle('campaign.open', { id: CAMPAIGN }))
  await dispatch({ type: 'map.art', mapId: MAP, art: cellColourArt(stored.hash) })
  return stored.hash
}

/** Every square of the sample's 12 × 10 map. */
export const EVERY_SQUARE: Array<[number, number]> = Array.from({ length: 120 }, (_, i) => [
  i % 12,
  Math.floor(i / 12),
])

/** The GM reveals every square of MAP by hand. */
export async function revealEverySquare(id = CAMPAIGN): Promise<void> {
  await dispatch({ type: 'fog.reveal', mapId: MAP, cells: EVERY_SQUARE, reveal: true }, id)
}

/** Shows MAP to the players; the views they get from then on, and the first with art. */
export async function showMapArt(): Promise<{ views: PlayerView[]; shown: PlayerView }> {
  const views: PlayerView[] = []
  handlers.subscribe(
    'player.view',
    followPlayerViews((v) => views.push(v)),
  )
  value(await handlers.handle('player.show', { target: { campaignId: CAMPAIGN, mapId: MAP } }))
  return { views, shown: await until(() => views.find((v) => v.map?.art)) }
}
