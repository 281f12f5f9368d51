// Where each record change lands in the campaign tree, as the paths the loader's schema walk
// (loadable.ts checkChange) and the file-size bound (file-budget.ts) read: the list a put or
// remove changes (so its length limit is checked), the field a set changes. Paths are found in
// the campaign after the change; a record a later change removed again is skipped.
import type { Change } from './changes'
import { COLLECTION_PATHS, keyedIndexOf } from './list-keys'
import type { PatchOp, PatchPath } from './patch'
import type { Campaign } from './schema'

type Json = Record<string, unknown>

export function treeOpsOf(after: Campaign, changes: readonly Change[]): PatchOp[] {
  const indexes = new Map<unknown[], Map<string, number>>()
  const indexOf = (list: unknown[], key: (record: Json) => string | undefined, id: string) => {
    let index = indexes.get(list)
    if (!index) {
      index = new Map()
      list.forEach((record, i) => {
        const k = typeof record === 'object' && record !== null ? key(record as Json) : undefined
        if (k !== undefined) index!.set(k, i)
      })
      indexes.set(list, index)
    }
    return index.get(id)
  }
  const valueAt = (path: PatchPath): unknown => {
    let node: unknown = after
    for (const step of path) node = (node as Record<string | number, unknown> | undefined)?.[step]
    return node
  }
  /** The path of the list holding records of `kind`, and of the record `id` in it. */
  const locate = (change: Change, id: string | undefined) => {
    const { field, key, underMap } = COLLECTION_PATHS.get(change.kind)!
    let base: PatchPath = []
    if (underMap) {
      const maps = after.maps as unknown as unknown[]
      const m = indexOf(maps, (r) => r.id as string, change.mapId ?? '')
      if (m === undefined) return undefined
      base = ['maps', m]
    }
    const listPath = [...base, ...field]
    const list = valueAt(listPath)
    if (!Array.isArray(list)) return undefined
    // The keys changesOf kept for the list find the record without keying every other one.
    const known = id === undefined ? undefined : keyedIndexOf(list, change.kind, id)
    let i: number | undefined
    if (id !== undefined)
      i = known === undefined ? indexOf(list, key, id) : known < 0 ? undefined : known
    return { listPath, recordPath: i === undefined ? undefined : [...listPath, i] }
  }
  const ops: PatchOp[] = []
  for (const change of changes) {
    if (change.op === 'set' || change.op === 'unset') {
      let recordPath: PatchPath | undefined = []
      if (change.kind !== 'campaign') recordPath = locate(change, change.id)?.recordPath
      if (recordPath === undefined) continue
      const path = [...recordPath, ...change.field]
      ops.push(
        change.op === 'set' ? { op: 'set', path, value: change.value } : { op: 'delete', path },
      )
      continue
    }
    const found = locate(change, change.op === 'order' ? undefined : change.id)
    if (!found) continue
    if (change.op === 'put') {
      if (found.recordPath === undefined) continue
      const start = found.recordPath[found.recordPath.length - 1] as number
      ops.push({ op: 'splice', path: found.listPath, start, remove: 0, items: [change.record] })
    } else {
      ops.push({ op: 'splice', path: found.listPath, start: 0, remove: 0, items: [] })
    }
  }
  return ops
}
