// Tree patches: operations on paths of field names and list indexes. Edits travel as record
// changes (changes.ts); this form remains for two readers: journals written before record
// changes (their undo and redo entries are patches, replayed as they were written), and the
// loader's schema walk and the file-size bound, which check a change where it lands in the tree
// (change-paths.ts turns record changes into these paths).

export type PatchPath = Array<string | number>

export type PatchOp =
  | { op: 'set'; path: PatchPath; value: unknown }
  | { op: 'delete'; path: PatchPath }
  /** Replaces `remove` elements from `start` of the array at `path` with `items`. */
  | { op: 'splice'; path: PatchPath; start: number; remove: number; items: unknown[] }

type Json = Record<string, unknown>

/** A key's own value: inherited ones ("valueOf") are not campaign data. */
function own(object: Json, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined
}

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The operations that turn `from` into `to` (as JSON: keys holding undefined count as absent). */
export function diff(
  from: unknown,
  to: unknown,
  path: PatchPath = [],
  ops: PatchOp[] = [],
): PatchOp[] {
  if (from === to) return ops
  if (Array.isArray(from) && Array.isArray(to)) {
    diffArrays(from, to, path, ops)
  } else if (isPlainObject(from) && isPlainObject(to)) {
    for (const key of Object.keys(from)) {
      if (from[key] !== undefined && own(to, key) === undefined)
        ops.push({ op: 'delete', path: [...path, key] })
    }
    for (const key of Object.keys(to)) {
      if (to[key] === undefined) continue
      if (own(from, key) === undefined)
        ops.push({ op: 'set', path: [...path, key], value: to[key] })
      else diff(from[key], to[key], [...path, key], ops)
    }
  } else {
    ops.push({ op: 'set', path, value: to })
  }
  return ops
}

function diffArrays(from: unknown[], to: unknown[], path: PatchPath, ops: PatchOp[]): void {
  let head = 0
  const shorter = Math.min(from.length, to.length)
  while (head < shorter && from[head] === to[head]) head++
  let tail = 0
  while (tail < shorter - head && from[from.length - 1 - tail] === to[to.length - 1 - tail]) tail++
  const removed = from.length - head - tail
  const added = to.length - head - tail
  if (removed === added) {
    // Same length: element-wise, so changing one field of one token patches only that field.
    for (let i = head; i < head + added; i++) diff(from[i], to[i], [...path, i], ops)
    return
  }
  ops.push({
    op: 'splice',
    path,
    start: head,
    remove: removed,
    items: to.slice(head, head + added),
  })
}

/** `root` with the operations applied; nothing in `root` is modified. */
export function applyPatch<T>(root: T, ops: readonly PatchOp[]): T {
  let result: unknown = root
  for (const op of ops) result = applyOne(result, op, 0)
  return result as T
}

function applyOne(node: unknown, op: PatchOp, depth: number): unknown {
  if (depth === op.path.length) {
    if (op.op === 'set') return op.value
    if (op.op === 'splice') {
      if (!Array.isArray(node)) throw new PatchError(op.path, 'is not a list')
      if (op.start < 0 || op.start + op.remove > node.length)
        throw new PatchError(op.path, 'is shorter than the patch')
      const copy = node.slice()
      copy.splice(op.start, op.remove, ...op.items)
      return copy
    }
    throw new PatchError(op.path, 'cannot delete the root')
  }
  const key = op.path[depth]
  const last = depth === op.path.length - 1
  if (Array.isArray(node)) {
    if (typeof key !== 'number' || key < 0 || key >= node.length)
      throw new PatchError(op.path, 'has no such element')
    const copy = node.slice()
    if (last && op.op === 'delete') throw new PatchError(op.path, 'cannot delete a list element')
    copy[key] = applyOne(node[key], op, depth + 1)
    return copy
  }
  if (!isPlainObject(node) || typeof key !== 'string')
    throw new PatchError(op.path, 'has no such field')
  if (last && op.op === 'delete') {
    const { [key]: _removed, ...rest } = node
    return rest
  }
  const current = own(node, key)
  if (!last && current === undefined) throw new PatchError(op.path, 'has no such field')
  // A computed key defines an own property, even for a name like "__proto__".
  return { ...node, [key]: applyOne(current, op, depth + 1) }
}

export class PatchError extends Error {
  constructor(path: PatchPath, problem: string) {
    super(`The patch path /${path.join('/')} ${problem}.`)
    this.name = 'PatchError'
  }
}
