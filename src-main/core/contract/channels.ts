// Verb and channel names shared by main, the preloads and the WebSocket host. Kept free of any
// import so the sandboxed preload bundles stay tiny and cannot pull in main-process code.

export const GM_VERBS = [
  'campaign.list',
  'campaign.create',
  'campaign.open',
  'campaign.close',
  'campaign.dispatch',
  'campaign.undo',
  'campaign.redo',
  'campaign.save',
  'campaign.export',
  'campaign.import',
  'campaign.exportPack',
  'campaign.importPack',
  'campaign.rename',
  'campaign.delete',
  'campaign.trash',
  'campaign.restore',
  'rules.query',
  'player.show',
  'player.current',
  'player.control',
  'player.state',
  'player.viewOf',
  'calibration.get',
  'calibration.set',
  'lan.start',
  'lan.stop',
  'lan.status',
  'dice.roll',
  'map.importUvtt',
  'map.cancelImport',
  'ui.setLocale',
  'asset.put',
  'asset.get',
  'player.artTiles',
] as const
export type GmVerb = (typeof GM_VERBS)[number]

/** The projector window and player clients may only ask what the players are shown. */
export const PLAYER_VERBS = [
  'player.current',
  'player.artTiles',
] as const satisfies readonly GmVerb[]
export type PlayerVerb = (typeof PLAYER_VERBS)[number]

/** Tile ids per player.artTiles call (≈ 1.6 KB, well under the LAN's 4 KB message cap). */
export const MAX_ART_TILES_PER_CALL = 48

export const EVENTS = [
  'campaign.changed',
  'campaign.notice',
  'player.view',
  'player.state',
  'uvtt.progress',
] as const
export type EventName = (typeof EVENTS)[number]

/**
 * Events a player-side connection may receive; never campaign.* or player.state (GM data) or
 * a GM's import.
 */
export const PLAYER_EVENTS = ['player.view'] as const satisfies readonly EventName[]

const CHANNEL_PREFIX = 'grid-gm:'

/** The fixed Electron IPC channel for one verb or event. */
export function channelFor(name: GmVerb | EventName): string {
  return CHANNEL_PREFIX + name
}

export function isGmVerb(value: unknown): value is GmVerb {
  return typeof value === 'string' && (GM_VERBS as readonly string[]).includes(value)
}

export function isPlayerVerb(value: unknown): value is PlayerVerb {
  return typeof value === 'string' && (PLAYER_VERBS as readonly string[]).includes(value)
}
