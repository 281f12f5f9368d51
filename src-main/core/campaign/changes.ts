// A change to a campaign as records by id (issue 28, after tldraw's store): every map, token, edge,
// cell, light, trap, condition, combatant, guild record and roll is a record in a list, found by
// its key (list-keys.ts: an id, an edge's two squares, a cell's square), with the map it belongs
// to. What a command, an undo or a redo did is a list of changes to those records:
//
//   put     a whole record, new (appended) or replacing the one with its id (a new map: one put)
//   remove  the record with that id
//   set     one field of a record (a path of field names inside it, never a list index)
//   unset   a field taken away
//   order   the collection's ids in their new order (only when an edit reorders it)
//
// The same list is what main checks and journals, what every window receives, and what the page
// applies with the same applyChanges main uses. changesOf is cheap because applyCommand shares
// every untouched object with its input: a reference compare skips a whole record or collection.
// applyChanges copies only what it changes, so its result shares structure the same way.
import type { Campaign } from './schema'
import { sharedEnds } from './changed-items'
import {
  allKeys,
  COLLECTION_OF,
  collectionsIn,
  finderOf,
  keyOf,
  keysBetween,
  keysDerived,
  keysIn,
  keysOf,
  type Collection,
  type RecordKind,
} from './list-keys'

/** Where a record is: its kind, its id (none for the campaign) and, under a map, the map's id. */
export interface RecordAt {
  kind: RecordKind
  id?: string
  mapId?: string
}

export type Change =
  | { op: 'put'; kind: RecordKind; id: string; mapId?: string; record: unknown }
  | { op: 'remove'; kind: RecordKind; id: string; mapId?: string }
  | { op: 'set'; kind: RecordKind; id?: string; mapId?: string; field: string[]; value: unknown }
  | { op: 'unset'; kind: RecordKind; id?: string; mapId?: string; field: string[] }
  | { op: 'order'; kind: RecordKind; mapId?: string; ids: string[] }

type Json = Record<string, unknown>

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A key's own value: inherited ones ("valueOf") are not campaign data. */
function own(object: Json, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined
}

const samePath = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((key, i) => key === b[i])

/** The changes that turn `from` into `to` (as JSON: fields holding undefined count as absent). */
export function changesOf(from: Campaign, to: Campaign): Change[] {
  const out: Change[] = []
  if (from !== to)
    diffRecord(from as unknown as Json, to as unknown as Json, { kind: 'campaign' }, out)
  return out
}

function diffRecord(from: Json, to: Json, at: RecordAt, out: Change[]): void {
  diffFields(from, to, [], collectionsIn(at.kind), at, out)
}

function diffFields(
  from: Json,
  to: Json,
  prefix: string[],
  collections: readonly Collection[],
  at: RecordAt,
  out: Change[],
): void {
  for (const key of Object.keys(from)) {
    if (from[key] !== undefined && own(to, key) === undefined)
      out.push({ op: 'unset', ...at, field: [...prefix, key] })
  }
  for (const key of Object.keys(to)) {
    const next = to[key]
    const previous = own(from, key)
    if (next === undefined || next === previous) continue
    const field = [...prefix, key]
    const collection = collections.find((c) => samePath(c.field, field))
    if (collection && Array.isArray(previous) && Array.isArray(next)) {
      diffCollection(previous, next, collection, at, field, out)
    } else if (isPlainObject(previous) && isPlainObject(next)) {
      diffFields(previous, next, field, collections, at, out)
    } else {
      out.push({ op: 'set', ...at, field, value: next })
    }
  }
}

function diffCollection(
  from: readonly unknown[],
  to: readonly unknown[],
  collection: Collection,
  holder: RecordAt,
  field: string[],
  out: Change[],
): void {
  // Records shared at both ends are the same objects under the same keys; keys are unique in each
  // list, so what changed lies between them and only that part is compared.
  const { head, tail } = sharedEnds(from, to)
  const fromList = keysOf(from, collection)
  const toList = fromList ? keysBetween(fromList, to, head, tail, collection) : null
  if (!fromList || !toList) {
    out.push({ op: 'set', ...holder, field, value: to })
    return
  }
  const mapId = holder.kind === 'map' ? holder.id : holder.mapId
  const where = (id: string): RecordAt & { id: string } => ({
    kind: collection.kind,
    id,
    ...(mapId !== undefined && collection.kind !== 'map' ? { mapId } : {}),
  })
  const fromMiddle = keysIn(fromList, head, fromList.length - tail)
  const toMiddle = keysIn(toList, head, toList.length - tail)
  const before = new Map<string, unknown>()
  fromMiddle.forEach((key, i) => before.set(key, from[head + i]))
  const after = new Set(toMiddle)
  for (const key of fromMiddle) if (!after.has(key)) out.push({ op: 'remove', ...where(key) })
  toMiddle.forEach((key, i) => {
    const record = to[head + i]
    const previous = before.get(key)
    if (previous === record) return
    if (previous !== undefined && isPlainObject(previous) && isPlainObject(record))
      diffRecord(previous, record, where(key), out)
    else out.push({ op: 'put', ...where(key), record })
  })
  // Kept records in their old order, then new ones appended: anything else needs an order.
  const kept = fromMiddle.filter((key) => after.has(key))
  const added = toMiddle.filter((key) => !before.has(key))
  const inOrder =
    tail === 0
      ? [...kept, ...added].every((key, i) => key === toMiddle[i])
      : added.length === 0 && kept.every((key, i) => key === toMiddle[i])
  if (!inOrder) {
    const order: Change = { op: 'order', kind: collection.kind, ids: allKeys(toList) }
    if (mapId !== undefined && collection.kind !== 'map') order.mapId = mapId
    out.push(order)
  }
}

export class ChangeError extends Error {
  constructor(change: Change, problem: string) {
    const where = `${change.kind}${'id' in change && change.id !== undefined ? ` "${change.id}"` : ''}${change.mapId !== undefined ? ` on map "${change.mapId}"` : ''}`
    super(`The change (${change.op} ${where}) ${problem}.`)
    this.name = 'ChangeError'
  }
}

const REMOVED = Symbol('removed')

/** A computed key defines an own property, even for a name like "__proto__". */
function define(holder: Json, key: string, value: unknown): void {
  Object.defineProperty(holder, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/**
 * Where each id is in a list being edited: the keys kept for the list the apply started from
 * (list-keys.ts; the page applies every change to the list its previous change left, so none of
 * the other records is read, issue 29), with this apply's puts and removals over them.
 */
class DraftIndex {
  private readonly changed = new Map<string, number>()
  constructor(
    private readonly kept: (id: string) => number,
    public size: number,
  ) {}

  static of(map: Map<string, number>): DraftIndex {
    return new DraftIndex((id) => map.get(id) ?? -1, map.size)
  }

  get(id: string): number | undefined {
    const i = this.changed.get(id) ?? this.kept(id)
    return i < 0 ? undefined : i
  }

  set(id: string, at: number): void {
    if (this.get(id) === undefined) this.size += 1
    this.changed.set(id, at)
  }

  delete(id: string): void {
    if (this.get(id) !== undefined) this.size -= 1
    this.changed.set(id, -1)
  }
}

/** A collection being edited: its list (a copy this apply owns) and where each id is in it. */
interface ListDraft {
  holder: Json
  key: string
  collection: Collection
  /** The list the apply started from, when its keys were kept (the new list's keys derive from them). */
  keyedFrom: readonly unknown[] | undefined
  items: unknown[]
  index: DraftIndex
  removed: number
}

/**
 * `campaign` with the changes applied, in order; nothing in `campaign` is modified and every
 * record no change touches keeps its object. Throws ChangeError when a change does not fit (a
 * record or map that is not there): the caller's copy is not the one the changes were made from.
 */
export function applyChanges(campaign: Campaign, changes: readonly Change[]): Campaign {
  if (changes.length === 0) return campaign
  const draft = new Draft(campaign as unknown as Json)
  for (const change of changes) draft.apply(change)
  return draft.finish() as unknown as Campaign
}

class Draft {
  private readonly owned = new WeakSet<object>()
  private readonly lists = new Map<object, Map<string, ListDraft>>()
  readonly root: Json

  constructor(campaign: Json) {
    this.root = this.copy(campaign)
  }

  apply(change: Change): void {
    if (change.op === 'put' || change.op === 'remove' || change.op === 'order') {
      const list = this.listOf(change.kind, change.mapId, change)
      if (change.op === 'put') {
        if (!isPlainObject(change.record)) throw new ChangeError(change, 'puts no record')
        const i = list.index.get(change.id)
        if (i === undefined) {
          list.index.set(change.id, list.items.length)
          list.items.push(change.record)
        } else list.items[i] = change.record
      } else if (change.op === 'remove') {
        const i = list.index.get(change.id)
        if (i === undefined) throw new ChangeError(change, 'removes a record that is not there')
        list.items[i] = REMOVED
        list.index.delete(change.id)
        list.removed += 1
      } else this.reorder(list, change)
      return
    }
    const record =
      change.kind === 'campaign'
        ? this.root
        : this.recordOf(change.kind, change.mapId, change.id, change)
    if (change.field.length === 0) throw new ChangeError(change, 'names no field')
    const holder = this.ownPath(record, change.field.slice(0, -1), change)
    const last = change.field[change.field.length - 1]
    if (change.op === 'set') define(holder, last, change.value)
    else delete holder[last]
    // A list replaced whole is no longer the one a draft may hold for it.
    this.lists.get(holder)?.delete(last)
  }

  /** The new campaign: lists with removed records closed up. */
  finish(): Json {
    for (const byKey of this.lists.values()) {
      for (const list of byKey.values()) {
        const items = list.removed > 0 ? list.items.filter((r) => r !== REMOVED) : list.items
        if (list.removed > 0) list.holder[list.key] = items
        // The next apply (the page's next change) finds its records by these keys: only the
        // records between the ends this list shares with the one before are keyed.
        if (list.keyedFrom) keysDerived(items, list.collection, list.keyedFrom)
      }
    }
    return this.root
  }

  private copy<T extends object>(value: T): T {
    const copy = (Array.isArray(value) ? value.slice() : { ...value }) as T
    this.owned.add(copy)
    return copy
  }

  /** `holder[key]` as a copy this apply owns (made on first use). */
  private ownChild(holder: Json, key: string, change: Change): Json {
    const value = own(holder, key)
    if (!isPlainObject(value)) throw new ChangeError(change, `finds no field "${key}"`)
    if (this.owned.has(value)) return value
    const copy = this.copy(value)
    define(holder, key, copy)
    return copy
  }

  private ownPath(record: Json, path: readonly string[], change: Change): Json {
    let node = record
    for (const key of path) node = this.ownChild(node, key, change)
    return node
  }

  /** The record with this id, as a copy this apply owns. */
  private recordOf(
    kind: RecordKind,
    mapId: string | undefined,
    id: string | undefined,
    change: Change,
  ): Json {
    if (id === undefined) throw new ChangeError(change, 'names no record')
    const list = this.listOf(kind, mapId, change)
    const i = list.index.get(id)
    if (i === undefined) throw new ChangeError(change, 'is for a record that is not there')
    const record = list.items[i]
    if (!isPlainObject(record)) throw new ChangeError(change, 'is for a record that is not there')
    if (this.owned.has(record)) return record
    const copy = this.copy(record)
    list.items[i] = copy
    return copy
  }

  private listOf(kind: RecordKind, mapId: string | undefined, change: Change): ListDraft {
    const found = COLLECTION_OF.get(kind)
    if (!found) throw new ChangeError(change, 'is for a kind of record no list holds')
    const { collection, underMap } = found
    let holder: Json
    if (underMap) {
      if (mapId === undefined) throw new ChangeError(change, 'names no map')
      holder = this.recordOf('map', undefined, mapId, change)
    } else holder = this.root
    holder = this.ownPath(holder, collection.field.slice(0, -1), change)
    const key = collection.field[collection.field.length - 1]
    let byKey = this.lists.get(holder)
    const known = byKey?.get(key)
    if (known) return known
    const value = own(holder, key)
    if (!Array.isArray(value)) throw new ChangeError(change, `finds no list "${key}"`)
    const items = this.copy(value)
    holder[key] = items
    const kept = keysOf(value, collection)
    let index: DraftIndex
    if (kept) index = new DraftIndex(finderOf(kept), kept.length)
    else {
      // Two records share a key or one has none: the last one keyed is found, as ever.
      const map = new Map<string, number>()
      items.forEach((record, i) => {
        const id = keyOf(record, collection)
        if (id !== undefined) map.set(id, i)
      })
      index = DraftIndex.of(map)
    }
    const list: ListDraft = {
      holder,
      key,
      collection,
      keyedFrom: kept ? value : undefined,
      items,
      index,
      removed: 0,
    }
    if (!byKey) this.lists.set(holder, (byKey = new Map()))
    byKey.set(key, list)
    return list
  }

  private reorder(list: ListDraft, change: Extract<Change, { op: 'order' }>): void {
    if (change.ids.length !== list.index.size || new Set(change.ids).size !== change.ids.length)
      throw new ChangeError(change, 'does not list every record once')
    const items = change.ids.map((id) => {
      const i = list.index.get(id)
      if (i === undefined) throw new ChangeError(change, `lists "${id}", which is not there`)
      return list.items[i]
    })
    list.items.length = 0
    for (const item of items) list.items.push(item)
    list.index = DraftIndex.of(new Map(change.ids.map((id, i) => [id, i])))
    list.removed = 0
  }
}
