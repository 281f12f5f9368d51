// The lists a campaign's records live in, and the key a record is found by in its list (issue 28):
// a map, token, light, trap, condition, guild record or roll by its id, an edge by the two squares
// it lies between, a cell by its square, a combatant by its token, a guild log entry by its number.
// A list's keys are kept once known (issue 29), so what a change names, a command's edge lookup
// and the battle's grid slots are found without reading the list's other records; changes.ts
// describes edits by these keys.
import { sharedEnds } from './changed-items'

export const RECORD_KINDS = [
  'campaign',
  'map',
  'token',
  'edge',
  'cell',
  'light',
  'trap',
  'condition',
  'combatant',
  'guild-member',
  'guild-support',
  'guild-item',
  'guild-loan',
  'guild-log',
  'roll',
] as const
export type RecordKind = (typeof RECORD_KINDS)[number]

type Json = Record<string, unknown>

/** A list of records of one kind. */
export interface Collection {
  kind: RecordKind
  /** Where the list is inside the record that holds it. */
  field: readonly string[]
  key(record: Json): string | undefined
}

const byId = (record: Json): string | undefined =>
  typeof record.id === 'string' ? record.id : undefined
const square = (at: unknown): string | undefined =>
  Array.isArray(at) && at.length === 2 ? `${String(at[0])},${String(at[1])}` : undefined

/** An edge is the same edge whichever of its squares is named first. */
function edgeKey(record: Json): string | undefined {
  const between = record.between
  if (!Array.isArray(between) || between.length !== 2) return undefined
  const [a, b] = [square(between[0]), square(between[1])]
  if (a === undefined || b === undefined) return undefined
  return a < b ? `${a}|${b}` : `${b}|${a}`
}

const CAMPAIGN_COLLECTIONS: readonly Collection[] = [
  { kind: 'map', field: ['maps'], key: byId },
  { kind: 'guild-member', field: ['guild', 'members'], key: byId },
  { kind: 'guild-support', field: ['guild', 'supports'], key: byId },
  { kind: 'guild-item', field: ['guild', 'items'], key: byId },
  { kind: 'guild-loan', field: ['guild', 'loans'], key: byId },
  {
    kind: 'guild-log',
    field: ['guild', 'log'],
    key: (r) => (typeof r.seq === 'number' ? String(r.seq) : undefined),
  },
  { kind: 'roll', field: ['rollLog'], key: byId },
]

const MAP_COLLECTIONS: readonly Collection[] = [
  { kind: 'token', field: ['tokens'], key: byId },
  { kind: 'edge', field: ['edges'], key: edgeKey },
  { kind: 'cell', field: ['cells'], key: (r) => square(r.at) },
  { kind: 'light', field: ['light', 'sources'], key: byId },
  { kind: 'trap', field: ['traps'], key: byId },
  { kind: 'condition', field: ['conditions'], key: byId },
  {
    kind: 'combatant',
    field: ['fight', 'order'],
    key: (r) => (typeof r.tokenId === 'string' ? r.tokenId : undefined),
  },
]

/** The list holding records of each kind, and whether a map holds it (else the campaign). */
export const COLLECTION_OF: ReadonlyMap<RecordKind, { collection: Collection; underMap: boolean }> =
  new Map<RecordKind, { collection: Collection; underMap: boolean }>([
    ...CAMPAIGN_COLLECTIONS.map((c) => [c.kind, { collection: c, underMap: false }] as const),
    ...MAP_COLLECTIONS.map((c) => [c.kind, { collection: c, underMap: true }] as const),
  ])

/** Each kind of record in a list: the list's field path, its key, and whether a map holds it. */
export const COLLECTION_PATHS: ReadonlyMap<
  RecordKind,
  { field: readonly string[]; key: (record: Json) => string | undefined; underMap: boolean }
> = new Map(
  [...COLLECTION_OF].map(([kind, { collection, underMap }]) => [
    kind,
    { field: collection.field, key: collection.key, underMap },
  ]),
)

/** The lists a record of `kind` holds (the campaign's, or a map's). */
export function collectionsIn(kind: RecordKind): readonly Collection[] {
  if (kind === 'campaign') return CAMPAIGN_COLLECTIONS
  if (kind === 'map') return MAP_COLLECTIONS
  return []
}

/** The list at `field` inside `holder`, if there is one. */
function listAt(holder: unknown, field: readonly string[]): readonly unknown[] | null {
  let node = holder
  for (const key of field) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return null
    node = (node as Json)[key]
  }
  return Array.isArray(node) ? node : null
}

/**
 * Keys the lists an edit of `map` finds its records in (the campaign's, when given, and the
 * map's) as keysOf would, yielding after each `piece` records. Both ends key a shown map ahead of
 * its first edit this way while they are idle (issue 29): main (shown-map-preparation.ts) and the
 * page (lib/prepare-edits.ts), so the first wall click does not key 5,000 edges.
 */
export function* editListKeysInSteps(
  campaign: unknown,
  map: unknown,
  piece: number,
): Generator<void, void> {
  for (const [holder, kind] of [
    [campaign, 'campaign'],
    [map, 'map'],
  ] as const) {
    if (holder === null || holder === undefined) continue
    for (const collection of collectionsIn(kind)) {
      const list = listAt(holder, collection.field)
      if (list) yield* keysOfInSteps(list, collection, piece)
    }
  }
}

export function keyOf(record: unknown, collection: Collection): string | undefined {
  return typeof record === 'object' && record !== null && !Array.isArray(record)
    ? collection.key(record as Json)
    : undefined
}

/** The key a record of `kind` is found by in its list (an edge's: its squares, either order). */
export function recordKeyOf(kind: RecordKind, record: unknown): string | undefined {
  const found = COLLECTION_OF.get(kind)
  return found ? keyOf(record, found.collection) : undefined
}

// A list's keys are kept per array and per collection: the list a command leaves is the list the
// next command starts from, and the new list's keys are the old one's but for the records a
// command replaced, so a wall click keys only the edges it touched, not all 5,000 (issue 29).
// A derived list keeps only that difference (the keys between the ends it shares with the list
// before, and that list's keys), since undo keeps 200 revisions and each would otherwise hold its
// own copy of 5,000 keys; a chain is written out whole every MAX_CHAIN edits, and when a whole
// list of keys is asked for. The set of keys is handed on from list to list (the old list builds
// its own again if it is ever diffed once more, after an undo), so a click does not copy 5,000
// keys into a new set either.
export interface ListKeys {
  length: number
  /** Every key, in order; or, until it is written out, `derived`. */
  keys: string[] | undefined
  derived:
    { from: ListKeys; head: number; tail: number; middle: string[]; depth: number } | undefined
  set: Set<string> | undefined
}
const MAX_CHAIN = 32
const listKeys = new WeakMap<readonly unknown[], Map<Collection, ListKeys | null>>()

function remember(list: readonly unknown[], collection: Collection, keys: ListKeys | null): void {
  let known = listKeys.get(list)
  if (!known) listKeys.set(list, (known = new Map()))
  known.set(collection, keys)
}

/** The key of the record at `at`. */
function keyAt(list: ListKeys, at: number): string {
  let node = list
  while (!node.keys) {
    const { from, head, middle } = node.derived!
    if (at >= head + middle.length) at += from.length - node.length
    else if (at >= head) return middle[at - head]
    node = from
  }
  return node.keys[at]
}

/** The keys from `start` up to `end`. */
export function keysIn(list: ListKeys, start: number, end: number): string[] {
  if (list.keys) return list.keys.slice(start, end)
  const out: string[] = []
  for (let at = start; at < end; at++) out.push(keyAt(list, at))
  return out
}

/** Every key, in order (written out and kept from now on). */
export function allKeys(list: ListKeys): string[] {
  if (!list.keys) {
    list.keys = keysIn(list, 0, list.length)
    list.derived = undefined
  }
  return list.keys
}

/** Where the record keyed `id` is, or -1. */
function indexIn(list: ListKeys, id: string): number {
  if (list.keys) return list.keys.indexOf(id)
  const { from, head, tail, middle } = list.derived!
  const inMiddle = middle.indexOf(id)
  if (inMiddle >= 0) return head + inMiddle
  const before = indexIn(from, id)
  if (before < 0) return -1
  if (before < head) return before
  if (before >= from.length - tail) return before - from.length + list.length
  return -1 // between the shared ends before, and not there now: removed
}

/** Where the record keyed `id` is, or -1: the set, while the list holds it, answers "not there". */
export function finderOf(list: ListKeys): (id: string) => number {
  return (id) => (list.set && !list.set.has(id) ? -1 : indexIn(list, id))
}

function setOf(list: ListKeys): Set<string> {
  return (list.set ??= new Set(keysIn(list, 0, list.length)))
}

/** The keys of `list`, kept; null when two records share a key or one has none. */
export function keysOf(list: readonly unknown[], collection: Collection): ListKeys | null {
  const cached = listKeys.get(list)?.get(collection)
  if (cached !== undefined) return cached
  const steps = keysOfInSteps(list, collection, Infinity)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/**
 * keysOf a piece at a time: yields after keying each `piece` records, and keeps the keys at the
 * end as keysOf does. The host keys the shown map's lists this way while it is idle
 * (shown-map-preparation.ts), so the first edit finds its record without keying 5,000 edges.
 */
export function* keysOfInSteps(
  list: readonly unknown[],
  collection: Collection,
  piece: number,
): Generator<void, ListKeys | null> {
  const cached = listKeys.get(list)?.get(collection)
  if (cached !== undefined) return cached
  const keys: string[] = []
  const set = new Set<string>()
  let result: ListKeys | null = { length: list.length, keys, derived: undefined, set }
  for (let i = 0; i < list.length; i++) {
    if (i > 0 && i % piece === 0) {
      yield
      // An edit may have keyed the list meanwhile: those keys are the ones kept.
      const meanwhile = listKeys.get(list)?.get(collection)
      if (meanwhile !== undefined) return meanwhile
    }
    const key = keyOf(list[i], collection)
    if (key === undefined || set.has(key)) {
      result = null
      break
    }
    set.add(key)
    keys.push(key)
  }
  remember(list, collection, result)
  return result
}

/**
 * The keys of `to`, which shares `head` records at its start and `tail` at its end with `from`
 * (same objects, so same keys): only the records between are keyed, and checked against the rest.
 */
export function keysBetween(
  from: ListKeys,
  to: readonly unknown[],
  head: number,
  tail: number,
  collection: Collection,
): ListKeys | null {
  const cached = listKeys.get(to)?.get(collection)
  if (cached !== undefined) return cached
  const fromMiddle = keysIn(from, head, from.length - tail)
  const fromMiddleSet = new Set(fromMiddle)
  const fromSet = setOf(from)
  const middle: string[] = []
  const seen = new Set<string>()
  let result: ListKeys | null = null
  check: {
    for (let i = head; i < to.length - tail; i++) {
      const key = keyOf(to[i], collection)
      // A key the shared ends hold, or one met twice, makes the list a plain field.
      if (key === undefined || seen.has(key) || (fromSet.has(key) && !fromMiddleSet.has(key)))
        break check
      seen.add(key)
      middle.push(key)
    }
    // The new list takes the old one's set, changed by what differs between them.
    for (const key of fromMiddle) fromSet.delete(key)
    for (const key of middle) fromSet.add(key)
    from.set = undefined
    const depth = from.derived ? from.derived.depth + 1 : 1
    result = {
      length: to.length,
      keys: undefined,
      derived: { from, head, tail, middle, depth },
      set: fromSet,
    }
    if (depth >= MAX_CHAIN) allKeys(result)
  }
  remember(to, collection, result)
  return result
}

/** The keys of `list`, derived from those of `from` when it is the list an edit started from. */
export function keysDerived(
  list: readonly unknown[],
  collection: Collection,
  from: readonly unknown[] | undefined,
): ListKeys | null {
  const cached = listKeys.get(list)?.get(collection)
  if (cached !== undefined) return cached
  const fromKeys = from ? keysOf(from, collection) : null
  if (!from || !fromKeys) return keysOf(list, collection)
  const { head, tail } = sharedEnds(from, list)
  return keysBetween(fromKeys, list, head, tail, collection)
}

/**
 * A lookup of the records of `list`, a list of `kind` records, by key, through the keys kept for
 * the list as changesOf keys it (derived from those of `from`, the list an edit started from,
 * when given): a record's index, or -1 when no record has that key. Null when two records share
 * a key or one has none (the caller then walks the list itself). A wall click on a map of 5,000
 * edges finds its edge, its grid slots and its journal path without reading the other edges
 * (issue 29).
 */
export function keyedLookup(
  list: readonly unknown[],
  kind: RecordKind,
  from?: readonly unknown[],
): ((id: string) => number) | null {
  const found = COLLECTION_OF.get(kind)
  if (!found) return null
  const keys = keysDerived(list, found.collection, from)
  return keys ? finderOf(keys) : null
}

/** `keyedLookup(list, kind, from)` asked once: undefined when the keys cannot be used. */
export function keyedIndexOf(
  list: readonly unknown[],
  kind: RecordKind,
  id: string,
  from?: readonly unknown[],
): number | undefined {
  return keyedLookup(list, kind, from)?.(id)
}
