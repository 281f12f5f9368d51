// Would the loader open the campaign after this change? (issue 27) The loader validates the whole
// file with campaignSchema (migrations.ts decodeCampaign); a change must never leave a campaign
// that check refuses, or the next open renames the file .bad-… and falls back to a backup.
//
// Validating the whole campaign after every command would cost a big campaign dearly, so only
// what the change touched is validated, with the loader's own schemas: the patch (patch.ts) lists
// every value that changed, and each is checked with the schema found at its path in
// campaignSchema. That is the same verdict as validating the whole file because the schemas are
// compositional: an object's or a list's validity is its children's validity, except for
//   - a list's length limits, checked here whenever a list changes length (a splice);
//   - a key the schema does not know (dropped or refused on load), refused here;
//   - a record's key schema, checked here for every key set;
//   - any other check on a container (a refine across its fields), for which the walk stops and
//     validates that whole container instead.
// loadable.test.ts holds both the walk over every node of campaignSchema (no container type this
// file cannot descend) and the property test that the verdict equals the loader's.
//
// A few values are checked by a plain function that gives the schema's verdict (PLAIN_CHECKS):
// the explored cells' spans, thousands of numbers that zod took 5–12 ms to parse on every token
// move and wall click that changed them (issue 29). An object holding such a value (a map's fog,
// set whole the first time anything is explored) is parsed without it, and the value checked by
// its function. The functions only ever accept: whatever they refuse is parsed by zod, which
// gives the verdict and the message.
import { z } from 'zod'
import { areCellSpans, cellSpansSchema } from './fog'
import type { PatchOp, PatchPath } from './patch'
import { campaignSchema, type Campaign } from './schema'

/** A change refused because the campaign after it would not load (a limit, most often). */
export class CampaignLimitError extends Error {
  readonly code = 'campaign-limit'
  constructor(
    /** JSON pointer into the campaign ('' = the whole campaign, as the file-size cap is). */
    readonly path: string,
    message: string,
    /** The limit that would be passed, when there is one number to name. */
    readonly limit?: number,
  ) {
    super(message)
    this.name = 'CampaignLimitError'
  }
}

type Schema = z.core.$ZodType
interface Def {
  type: string
  checks?: {
    _zod: { def: { check: string; maximum?: number; minimum?: number; length?: number } }
  }[]
  innerType?: Schema
  shape?: Record<string, Schema>
  catchall?: Schema
  element?: Schema
  items?: Schema[]
  rest?: Schema | null
  keyType?: Schema
  valueType?: Schema
}

const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def

/** Wrappers that only change what "absent" means; a child lives inside them. */
const WRAPPERS = new Set(['optional', 'default', 'nullable', 'readonly', 'prefault'])
/** Types with no children: a change to one replaces it whole. */
export const LEAF_TYPES = new Set([
  'string',
  'number',
  'boolean',
  'enum',
  'literal',
  'null',
  'bigint',
])
/** Length checks of a list: they depend on its length only, which a splice changes. */
const LENGTH_CHECKS = new Set(['max_length', 'min_length', 'length_equals'])

/** The schema under any wrappers. */
export function unwrapped(schema: Schema): Schema {
  let inner = schema
  while (WRAPPERS.has(defOf(inner).type)) inner = defOf(inner).innerType!
  return inner
}

/** True when this container's validity is not just its children's (a refine, say). */
export function checksAcrossChildren(schema: Schema): boolean {
  const def = defOf(unwrapped(schema))
  const checks = def.checks ?? []
  if (def.type === 'array') return checks.some((c) => !LENGTH_CHECKS.has(c._zod.def.check))
  return checks.length > 0
}

type Step = { schema: Schema } | { unknownKey: true } | { whole: true }

/** The schema of `key` inside a value of `schema`; `whole` when the walk cannot go on. */
export function childSchema(schema: Schema, key: string | number): Step {
  const inner = unwrapped(schema)
  const def = defOf(inner)
  switch (def.type) {
    case 'object': {
      if (typeof key === 'string' && Object.hasOwn(def.shape!, key))
        return { schema: def.shape![key] }
      // z.object drops an unknown key on load and z.strictObject refuses it: either way, refused.
      if (def.catchall && defOf(def.catchall).type !== 'never') return { schema: def.catchall }
      return { unknownKey: true }
    }
    case 'array':
      return typeof key === 'number' ? { schema: def.element! } : { unknownKey: true }
    case 'tuple': {
      if (typeof key !== 'number') return { unknownKey: true }
      const item = def.items![key] ?? def.rest
      return item ? { schema: item } : { unknownKey: true }
    }
    case 'record':
      return { schema: def.valueType! }
    default:
      return { whole: true }
  }
}

function pointer(path: readonly (string | number)[]): string {
  return path.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

function valueAt(root: unknown, path: PatchPath, length: number): unknown {
  let node = root
  for (let i = 0; i < length; i++) node = (node as Record<string | number, unknown>)[path[i]]
  return node
}

function refuse(path: readonly (string | number)[], message: string, limit?: number): never {
  const where = path.length > 0 ? path.join('.') : 'the campaign'
  throw new CampaignLimitError(
    pointer(path),
    `The change was not made: the campaign could no longer be opened (${where}: ${message}).`,
    limit,
  )
}

/** Schemas whose verdict a plain function gives, each proven equal by a property test. */
const PLAIN_CHECKS = new Map<Schema, (value: unknown) => boolean>([[cellSpansSchema, areCellSpans]])

/** An object schema with fields checked by PLAIN_CHECKS: the rest of it, and those fields. */
interface Split {
  rest: Schema
  plainFields: [string, Schema][]
}
const splits = new WeakMap<Schema, Split | null>()

function splitOf(schema: Schema): Split | null {
  let split = splits.get(schema)
  if (split !== undefined) return split
  split = null
  const def = defOf(schema)
  if (def.type === 'object' && !checksAcrossChildren(schema)) {
    const plainFields = Object.entries(def.shape!).filter(([, field]) =>
      PLAIN_CHECKS.has(unwrapped(field)),
    )
    if (plainFields.length > 0) {
      // z.unknown() accepts anything, an absent field too: the field's own check decides.
      const shape: Record<string, z.core.$ZodType> = { ...def.shape }
      for (const [key] of plainFields) shape[key] = z.unknown()
      const rest = def.catchall ? z.object(shape).catchall(def.catchall) : z.object(shape)
      split = { rest, plainFields }
    }
  }
  splits.set(schema, split)
  return split
}

/**
 * Values a plain check accepted, by object: campaign values are never changed in place, so a list
 * accepted once stays accepted. The host checks the explored cells the shown map's first edit
 * will record while it is idle (shown-map-preparation.ts); the edit then finds its 4,955 spans
 * accepted instead of reading them again with code the JIT has not yet made fast (~1.4 ms on the
 * first wall click after an open, issue 29).
 */
const plainAccepted = new WeakMap<(value: unknown) => boolean, WeakSet<object>>()

function acceptedPlain(check: (value: unknown) => boolean, value: unknown): boolean {
  const object = typeof value === 'object' && value !== null ? value : undefined
  // By check: a value one check accepted says nothing of another's verdict.
  let accepted = plainAccepted.get(check)
  if (!accepted) plainAccepted.set(check, (accepted = new WeakSet()))
  if (object && accepted.has(object)) return true
  const ok = check(value)
  if (ok && object) accepted.add(object)
  return ok
}

/** True when `value` is accepted without zod walking a PLAIN_CHECKS value; false: ask zod. */
function acceptedByPlainChecks(schema: Schema, value: unknown): boolean {
  let inner = schema
  for (let type = defOf(inner).type; WRAPPERS.has(type); type = defOf(inner).type) {
    // zod's optional and default take an absent value without asking what they wrap.
    if (value === undefined && (type === 'optional' || type === 'default')) return true
    inner = defOf(inner).innerType!
  }
  const plain = PLAIN_CHECKS.get(inner)
  if (plain) return acceptedPlain(plain, value)
  const split = splitOf(inner)
  if (!split || typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const fields = value as Record<string, unknown>
  for (const [key, field] of split.plainFields) {
    if (!acceptedByPlainChecks(field, fields[key])) return false
  }
  return z.safeParse(split.rest, value).success
}

/** True when a plain function, not zod, checks values of this schema here: nothing to warm up. */
export function isPlainChecked(schema: Schema): boolean {
  return PLAIN_CHECKS.has(unwrapped(schema))
}

/**
 * The loader's verdict on `value` as this file reaches it (plain checks first, then zod): what
 * loadable-ahead.ts runs ahead so an edit's first check finds the same schemas ready.
 */
export function loaderAccepts(schema: Schema, value: unknown): boolean {
  return acceptedByPlainChecks(schema, value) || z.safeParse(schema, value).success
}

function validate(schema: Schema, value: unknown, path: readonly (string | number)[]): void {
  if (acceptedByPlainChecks(schema, value)) return
  const parsed = z.safeParse(schema, value)
  if (parsed.success) return
  const issue = parsed.error.issues[0]
  const limit = issue.code === 'too_big' ? Number(issue.maximum) : undefined
  refuse([...path, ...(issue.path as (string | number)[])], issue.message, limit)
}

function checkLength(schema: Schema, length: number, path: PatchPath): void {
  for (const check of defOf(unwrapped(schema)).checks ?? []) {
    const { check: kind, maximum, minimum, length: exact } = check._zod.def
    if (kind === 'max_length' && length > maximum!)
      refuse(path, `more than ${maximum} entries`, maximum)
    if (kind === 'min_length' && length < minimum!) refuse(path, `fewer than ${minimum} entries`)
    if (kind === 'length_equals' && length !== exact) refuse(path, `not ${exact} entries`, exact)
  }
}

/**
 * Throws CampaignLimitError unless the loader would accept `after`, given that the campaign
 * before the change was loadable and `patch` lists everything the change did (patch.ts diff).
 */
export function checkChange(
  after: Campaign,
  patch: readonly PatchOp[],
  root: Schema = campaignSchema,
): void {
  for (const op of patch) checkOp(after, op, root)
}

function checkOp(after: unknown, op: PatchOp, root: Schema): void {
  let schema = root
  for (let depth = 0; depth < op.path.length; depth++) {
    if (checksAcrossChildren(schema)) {
      validate(schema, valueAt(after, op.path, depth), op.path.slice(0, depth))
      return
    }
    const key = op.path[depth]
    const parent = defOf(unwrapped(schema))
    if (parent.type === 'record') validate(parent.keyType!, key, op.path.slice(0, depth + 1))
    const step = childSchema(schema, key)
    if ('unknownKey' in step) refuse(op.path.slice(0, depth + 1), 'a field the app does not know')
    if ('whole' in step) {
      validate(schema, valueAt(after, op.path, depth), op.path.slice(0, depth))
      return
    }
    schema = step.schema
  }
  switch (op.op) {
    case 'set':
      validate(schema, op.value, op.path)
      return
    case 'delete':
      // Absent must be allowed (optional or defaulted); a record's entries always may go.
      if (op.path.length > 0 && defOf(unwrapped(parentOf(root, op.path))).type === 'record') return
      validate(schema, undefined, op.path)
      return
    case 'splice': {
      const list = unwrapped(schema)
      if (defOf(list).type !== 'array') {
        validate(schema, valueAt(after, op.path, op.path.length), op.path)
        return
      }
      const element = defOf(list).element!
      op.items.forEach((item, i) => validate(element, item, [...op.path, op.start + i]))
      const value = valueAt(after, op.path, op.path.length)
      checkLength(schema, Array.isArray(value) ? value.length : 0, op.path)
      return
    }
  }
}

function parentOf(root: Schema, path: PatchPath): Schema {
  let schema = root
  for (const key of path.slice(0, -1)) {
    const step = childSchema(schema, key)
    if (!('schema' in step)) return schema
    schema = step.schema
  }
  return schema
}
