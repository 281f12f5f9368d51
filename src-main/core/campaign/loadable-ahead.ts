// The loader checks an edit makes (loadable.ts), made ahead on the records there now (issue 29).
// The first time a schema parses a value costs far more than later times: zod compiles its
// object parsers, walks the schema once for cycles, and V8 compiles its parse code only after it
// has run a while. The first wall click after an open paid all of that (~30 ms, against 0.1 ms
// for the next click). The host runs these steps while it is idle after an open
// (campaign/shown-map-preparation.ts): each record of the shown map is parsed by the schema
// checkChange finds at its path, with the same schema objects, so the first edit's check finds
// them ready. Nothing here decides anything: a value that fails is the loader's to report.
import type { z } from 'zod'
import type { PatchPath } from './patch'
import { campaignSchema, type Campaign } from './schema'
import {
  checksAcrossChildren,
  childSchema,
  isPlainChecked,
  loaderAccepts,
  unwrapped,
} from './loadable'

type Schema = z.core.$ZodType

/** Values parsed per step: about a millisecond of parsing once warm. */
const PIECE = 2_000
/** A container this small is parsed whole once its children are (an edit may set it whole). */
const WHOLE = 25_000
/** Records of one list parsed ahead: enough for V8 to compile the parse code. */
const RECORDS = 500

/** How many values `value` holds, counted up to `limit` (then `limit + 1`). */
function valuesIn(value: unknown, limit: number): number {
  let count = 0
  const pending: unknown[] = [value]
  while (pending.length > 0 && count <= limit) {
    const next = pending.pop()
    count++
    if (typeof next !== 'object' || next === null) continue
    const children = Array.isArray(next) ? next : Object.values(next)
    if (count + pending.length + children.length > limit) return limit + 1
    for (const child of children) pending.push(child)
  }
  return count
}

/** The schema checkChange uses for a value at `path`, or undefined when it checks a container. */
function schemaAt(path: PatchPath, root: Schema): Schema | undefined {
  let schema = root
  for (const key of path) {
    if (checksAcrossChildren(schema)) return undefined
    const step = childSchema(schema, key)
    if (!('schema' in step)) return undefined
    schema = step.schema
  }
  return schema
}

/**
 * Parses the records at `path` in `campaign` (or `value`, a value an edit is about to put there)
 * with the schemas checkChange uses for them: records, then the containers small enough to be
 * set whole. Yields after about PIECE values parsed.
 */
export function* checkAheadSteps(
  campaign: Campaign,
  path: PatchPath,
  value: unknown = valueAtPath(campaign, path),
  root: Schema = campaignSchema,
): Generator<void, void> {
  const schema = schemaAt(path, root)
  if (!schema || value === undefined) return
  let parsed = 0
  const parse = function* (at: Schema, what: unknown, size: number): Generator<void, void> {
    loaderAccepts(at, what)
    parsed += size
    if (parsed >= PIECE) {
      parsed = 0
      yield
    }
  }
  // An edit sets a record's field, puts a record in a list or sets a value whole: each of those
  // schemas parses here, a record's fields before the record and a list's records before the
  // list. The walk answers how many values it met (a long list's, estimated from its first
  // RECORDS records), so each container knows whether it is small enough to parse whole.
  const walk = function* (at: Schema, what: unknown): Generator<void, number> {
    const type = (unwrapped(at)._zod.def as { type: string }).type
    // Explored cells' spans: a plain function checks them, no zod parse is made to warm up.
    if (isPlainChecked(at)) return valuesIn(what, WHOLE)
    if (checksAcrossChildren(at) || !(isRecord(what) || Array.isArray(what))) {
      const size = valuesIn(what, WHOLE)
      if (size <= WHOLE) yield* parse(at, what, size)
      return size
    }
    if (isRecord(what) && (type === 'object' || type === 'record')) {
      let size = 1
      // Values the record's own check leaves to a plain function (loadable.ts): zod skips them.
      let plainlyChecked = 0
      for (const [key, field] of Object.entries(what)) {
        const step = childSchema(at, key)
        if (!('schema' in step) || field === undefined) continue
        if (isPlainChecked(step.schema)) {
          const values = yield* walk(step.schema, field)
          size += values
          plainlyChecked += values
          continue
        }
        const long = plainListSlice(field)
        if (long === undefined) {
          size += yield* walk(step.schema, field)
          continue
        }
        // The record parsed with its long list a slice at a time, then whole below: the list
        // and the record it is set in warm up together (the record's first whole parse, after
        // only the list's slices, still cost 49 ms).
        const list = field as unknown[]
        for (let from = 0; from < list.length; from += long) {
          const slice = list.slice(from, from + long)
          loaderAccepts(step.schema, slice)
          loaderAccepts(at, { ...what, [key]: slice })
          yield
        }
        size += valuesIn(list, WHOLE)
      }
      const parsedSize = size - plainlyChecked
      if (parsedSize <= WHOLE) yield* parse(at, what, parsedSize)
      return size
    }
    if (Array.isArray(what) && type === 'array' && isRecord(what[0])) {
      // Records go into a list one by one (a splice checks each); a long list is never set whole
      // by an edit, so it is not parsed whole here either.
      const walked = Math.min(RECORDS, what.length)
      let records = 0
      for (let i = 0; i < walked; i++) {
        const step = childSchema(at, i)
        if ('schema' in step) records += yield* walk(step.schema, what[i])
      }
      const size = 1 + Math.ceil((records * what.length) / walked)
      if (size <= 2 * PIECE) yield* parse(at, what, size)
      return size
    }
    // A list of plain values (explored cells' spans) is set whole: parsed by its own schema, a
    // slice at a time when it is long (one parse of 4,800 spans, cold, held main for 40 ms).
    const slice = plainListSlice(what)
    if (slice === undefined || !Array.isArray(what)) {
      const size = valuesIn(what, WHOLE)
      if (size <= WHOLE) yield* parse(at, what, size)
      return size
    }
    for (let from = 0; from < what.length; from += slice) {
      loaderAccepts(at, what.slice(from, from + slice))
      yield
    }
    return valuesIn(what, WHOLE)
  }
  yield* walk(schema, value)
}

/**
 * For a list of plain values (not records) too long to parse in one step: how many of its values
 * to parse a step. Small slices: cold, the first few hundred spans cost tens of milliseconds.
 */
function plainListSlice(value: unknown): number | undefined {
  if (!Array.isArray(value) || value.length === 0 || isRecord(value[0])) return undefined
  const each = valuesIn(value[0], PIECE)
  if (each * value.length <= PIECE) return undefined
  return Math.max(1, Math.floor(PIECE / 4 / each))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function valueAtPath(root: unknown, path: PatchPath): unknown {
  let node = root
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<string | number, unknown>)[key]
  }
  return node
}
