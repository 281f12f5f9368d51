// Commands arrive from pages and sockets: a key the schema does not know is refused, at any depth,
// rather than silently dropped (issue 11.6). zod strips unknown keys of plain objects, so the
// check compares the raw input with what the schema kept: parsing only ever adds keys
// (defaults), so a key present in the input and missing from the output was unknown.
import { z } from 'zod'

export function findDroppedKey(
  input: unknown,
  output: unknown,
  path: Array<string | number> = [],
): Array<string | number> | null {
  // One path, grown and shrunk as the walk goes (a command can hold a map of 100,000 edges):
  // copied only for the answer.
  if (Array.isArray(input) && Array.isArray(output)) {
    for (let i = 0; i < Math.min(input.length, output.length); i++) {
      path.push(i)
      const found = findDroppedKey(input[i], output[i], path)
      path.pop()
      if (found) return found
    }
    return null
  }
  if (isPlainObject(input) && isPlainObject(output)) {
    for (const key of Object.keys(input)) {
      if (input[key] === undefined) continue
      if (!Object.hasOwn(output, key)) return [...path, key]
      path.push(key)
      const found = findDroppedKey(input[key], output[key], path)
      path.pop()
      if (found) return found
    }
  }
  return null
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * `schema`, refusing unknown keys anywhere inside. Each value it lets through is added to
 * `passed`, when given, so a later step can tell that very object was checked already.
 */
export function strictly<T extends z.ZodType>(
  schema: T,
  passed?: WeakSet<object>,
): z.ZodType<z.output<T>, z.input<T>> {
  // Typed with the schema's own input, so callers keep compile-time checking of what they send.
  return z.unknown().transform((raw, ctx) => {
    const parsed = schema.safeParse(raw)
    if (!parsed.success) {
      // Passed on as they are (code, bound, path), so a refusal can say which check failed.
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue } as z.core.$ZodRawIssue)
      return z.NEVER
    }
    const dropped = findDroppedKey(raw, parsed.data)
    if (dropped) {
      ctx.addIssue({
        code: 'unrecognized_keys',
        keys: [String(dropped.at(-1))],
        message: `Unknown key "${String(dropped.at(-1))}"`,
        path: dropped,
      } as z.core.$ZodRawIssue)
      return z.NEVER
    }
    if (passed && typeof parsed.data === 'object' && parsed.data !== null) passed.add(parsed.data)
    return parsed.data as z.output<T>
  }) as unknown as z.ZodType<z.output<T>, z.input<T>>
}

/** Keys that would reach an object's prototype when used as a record key. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** A user-chosen key of a stored record (faction names …): never a prototype key. */
export const recordKeySchema = z
  .string()
  .min(1)
  .max(200)
  .refine((key) => !PROTOTYPE_KEYS.has(key), { message: 'This name is reserved.' })

const BIDI_OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true
  }
  return false
}

/** One rule for campaign names, whether created, renamed or imported. */
export const campaignNameSchema = z
  .string()
  .trim()
  .min(1, 'A campaign name cannot be blank.')
  .max(200)
  // Each check names its reason, which the page words (ipc/handlers.ts argumentReason).
  .refine((name) => !hasControlCharacter(name), {
    message: 'A campaign name cannot hold control characters.',
    params: { reason: 'control-characters' },
  })
  .refine((name) => !LONE_SURROGATE.test(name), {
    message: 'A campaign name must be valid Unicode text.',
    params: { reason: 'not-unicode' },
  })
  .refine((name) => !BIDI_OVERRIDE.test(name), {
    message: 'A campaign name cannot hold text-direction overrides.',
    params: { reason: 'bidi-override' },
  })
