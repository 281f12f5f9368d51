// What the GM is told about a campaign that opened only after the loader changed it: an upgrade
// from an older schema, an inner id that did not match the file name, and the repair pass's fixes
// (repair.ts). Main sends codes with their numbers and ids; the page words them in the GM's
// language. No imports: the contract and the page read these too.

/** A repair that counts what it fixed on one map, one note per kind and map (repair.ts). */
export const MAP_REPAIR_CODES = [
  'cells-outside-dropped',
  'cell-entries-merged',
  'cell-entries-dropped',
  'edges-outside-dropped',
  'edges-not-neighbours-dropped',
  'duplicate-edges-removed',
  'tokens-moved-onto-map',
  'tokens-resized',
  'token-ids-renamed',
  'lights-outside-dropped',
] as const
export type MapRepairCode = (typeof MAP_REPAIR_CODES)[number]

export type RepairNote =
  /** The file was saved by an older version of the app and migrated on open. */
  | { code: 'schema-upgraded'; fromVersion: number; toVersion: number }
  /** The file name is the campaign's identity (storage.ts); `innerId` is cut to 100 characters. */
  | { code: 'campaign-id-mismatch'; innerId: string; fileId: string }
  /** Two maps shared an id; the later one was renamed. */
  | { code: 'map-id-duplicate'; mapId: string; renamedTo: string }
  /** `count` things fixed on the map (its id after any renaming, and its name, maybe empty). */
  | { code: MapRepairCode; mapId: string; mapName: string; count: number }
