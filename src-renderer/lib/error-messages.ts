// Main answers failures with an error code and an English sentence for logs; the page says each
// code in the GM's language (issues 13 and 25) and never shows main's sentence: a refused command
// is worded by its reason (src-main/core/campaign/refusals.ts), a refused argument by the check it
// failed and the field's name, any other code by a sentence that names it.
// tests/unit/error-messages.test.ts fails when main gains a code or a reason this file lacks.
import { MAX_CAMPAIGN_FILE_BYTES } from '@core/campaign/limits'
import { MAX_PACK_BYTES } from '@core/art/asset-limits'
import { DECODE_MEMORY_BUDGET, PICTURE_LIMITS } from '@core/art/picture-budget'
import { UVTT_LIMITS } from '@core/uvtt/limits'
import { DICE_LIMITS } from '@core/table/dice-limits'
import { REFUSAL_REASONS, type RefusalReason } from '@core/campaign/refusals'
import type { MessageKey, MessageParams, Sentence } from './i18n'

export interface CodedStatus {
  tone: 'error' | 'warn'
  key: MessageKey
  params?: MessageParams
  /** A field's name, said in the GM's language as the sentence's {field}. */
  fieldKey?: MessageKey
}

/** What a thrown error carries over the wire (lib/api.ts ApiError). */
export interface CodedError {
  code: string
  reason?: string
  params?: Record<string, string | number>
  /** main's English sentence, for logs: never shown. */
  message?: string
  /** campaign-limit: where the limit sits (a JSON pointer) and the limit. */
  path?: string
  limit?: number
}

const LIMIT_MB = MAX_CAMPAIGN_FILE_BYTES / (1024 * 1024)
const MB = 1024 * 1024

/** The picture budget as the messages state it (src-main/core/art/picture-budget.ts). */
const PICTURE_PARAMS = {
  mapMb: PICTURE_LIMITS.map.maxBytes / MB,
  tokenMb: PICTURE_LIMITS.token.maxBytes / MB,
  mapSide: PICTURE_LIMITS.map.maxSide.toLocaleString('en'),
  mapMp: PICTURE_LIMITS.map.maxPixels / 1e6,
  tokenSide: PICTURE_LIMITS.token.maxSide.toLocaleString('en'),
  budgetMb: DECODE_MEMORY_BUDGET / MB,
  campaignMb: LIMIT_MB,
  packMb: MAX_PACK_BYTES / MB,
}

const picture = (key: MessageKey): CodedStatus => ({ tone: 'error', key, params: PICTURE_PARAMS })
const count = (n: number) => n.toLocaleString('en')
const uvtt = (key: MessageKey, params?: MessageParams): CodedStatus => ({
  tone: 'error',
  key,
  ...(params ? { params } : {}),
})

export const ERROR_MESSAGES: Readonly<Record<string, CodedStatus>> = {
  'campaign-too-large': { tone: 'error', key: 'error.tooLarge', params: { limit: LIMIT_MB } },
  'message-too-large': { tone: 'error', key: 'error.tooLarge', params: { limit: LIMIT_MB } },
  'newer-version': { tone: 'error', key: 'error.newer' },
  'campaign-invalid': { tone: 'error', key: 'error.invalidCampaign' },
  'campaign-unreadable': { tone: 'error', key: 'error.unreadable' },
  'invalid-name': { tone: 'error', key: 'error.invalidName' },
  'not-open': { tone: 'error', key: 'error.notOpen' },
  'not-found': { tone: 'error', key: 'error.notFound' },
  'not-in-trash': { tone: 'error', key: 'error.notInTrash' },
  'invalid-import': { tone: 'error', key: 'error.invalidImport' },
  'import-conflict': { tone: 'error', key: 'error.importConflict' },
  disposed: { tone: 'error', key: 'error.disposed' },
  'sample-invalid': { tone: 'error', key: 'error.sampleInvalid' },
  'command-rejected': { tone: 'error', key: 'refusal.unknown' },
  'data-folder-locked': { tone: 'error', key: 'error.dataFolderLocked' },
  'asset-not-image': picture('error.picture.notImage'),
  'asset-too-large': picture('error.picture.tooLarge'),
  'asset-too-many-pixels': picture('error.picture.tooManyPixels'),
  'asset-over-memory': picture('error.picture.overMemory'),
  'asset-undecodable': picture('error.picture.undecodable'),
  'asset-not-found': picture('error.picture.notFound'),
  'image-undecodable': picture('error.picture.uvttImage'),
  'pack-unreadable': picture('error.pack.unreadable'),
  'pack-bad-entry': picture('error.pack.badEntry'),
  'pack-duplicate-entry': picture('error.pack.duplicate'),
  'pack-no-campaign': picture('error.pack.noCampaign'),
  'pack-too-large': picture('error.pack.tooLarge'),
  'pack-entry-bomb': picture('error.pack.bomb'),
  'pack-entry-damaged': picture('error.pack.damaged'),
  'pack-campaign-invalid': picture('error.pack.campaignInvalid'),
  'pack-picture-missing': picture('error.pack.pictureMissing'),
  // Universal VTT import (src-main/core/uvtt/errors.ts, import-jobs.ts), with the limits crossed.
  'bad-json': uvtt('uvtt.error.badJson'),
  'invalid-uvtt': uvtt('uvtt.error.invalid'),
  'unsupported-format': uvtt('uvtt.error.format'),
  'map-too-large': uvtt('uvtt.error.mapTooLarge', { limit: count(UVTT_LIMITS.mapSide) }),
  'too-many-wall-lines': uvtt('uvtt.error.wallLines', { limit: count(UVTT_LIMITS.wallLines) }),
  'wall-line-too-long': uvtt('uvtt.error.wallLine', { limit: count(UVTT_LIMITS.wallLinePoints) }),
  'coordinate-out-of-range': uvtt('uvtt.error.coordinate', {
    limit: count(UVTT_LIMITS.coordinate),
  }),
  'light-range-too-large': uvtt('uvtt.error.lightRange', { limit: count(UVTT_LIMITS.lightRange) }),
  'pixels-per-grid-out-of-range': uvtt('uvtt.error.pixelsPerGrid', {
    min: count(UVTT_LIMITS.pixelsPerGrid.min),
    max: count(UVTT_LIMITS.pixelsPerGrid.max),
  }),
  'map-too-detailed': uvtt('uvtt.error.tooDetailed', {
    limit: UVTT_LIMITS.savedMapBytes / (1024 * 1024),
  }),
  'import-out-of-memory': uvtt('uvtt.error.memory', {
    limit: count(UVTT_LIMITS.workerMemoryMb),
  }),
  'import-failed': uvtt('uvtt.error.failed'),
  'frame-locked': { tone: 'error', key: 'error.frameLocked' },
  // Dice (src-main/table/dice.ts), with BCDice's limits.
  'dice-command-invalid': { tone: 'error', key: 'dice.error.invalid' },
  'dice-too-long': {
    tone: 'error',
    key: 'dice.error.tooLong',
    params: { length: DICE_LIMITS.length },
  },
  'dice-too-many': {
    tone: 'error',
    key: 'dice.error.tooMany',
    params: {
      perTerm: count(DICE_LIMITS.dicePerTerm),
      perCommand: count(DICE_LIMITS.dicePerCommand),
    },
  },
  'dice-too-large': {
    tone: 'error',
    key: 'dice.error.tooLarge',
    params: { faces: count(DICE_LIMITS.faces) },
  },
  // Worded by where the limit is (limitStatus); this is the wording when main names no place.
  'campaign-limit': { tone: 'error', key: 'limit.value' },
  forbidden: { tone: 'error', key: 'error.forbidden' },
  unavailable: { tone: 'error', key: 'error.unavailable' },
  'io-error': { tone: 'error', key: 'error.io', params: { errno: '?' } },
}

/** Where in the campaign a limit sits (main's JSON pointer) → the sentence that names it. */
const LIMIT_PLACES: ReadonlyArray<[RegExp, MessageKey]> = [
  [/^$/, 'limit.file'],
  [/^\/guild\/funds$/, 'limit.funds'],
  [/^\/guild\/members\/\d+\/money$/, 'limit.money'],
  [/^\/guild\/members\/\d+\/pendingPicks$/, 'limit.picks'],
  [/^\/guild\/members\/\d+\/heldConnections$/, 'limit.connections'],
  [/^\/maps\/\d+\/conditions$/, 'limit.conditions'],
  [/^\/maps\/\d+\/fight\/order$/, 'limit.combatants'],
  [/\/(members|supports|items|loans|log|tokens|traps|skills|connections|rollLog)$/, 'limit.list'],
]

/** A `campaign-limit` refusal in the GM's words: what would pass its limit, and the limit. */
export function limitStatus(path: string | undefined, limit: number | undefined): CodedStatus {
  const place = LIMIT_PLACES.find(([pattern]) => pattern.test(path ?? '-'))?.[1]
  if (limit === undefined) return ERROR_MESSAGES['campaign-limit']
  if (place === 'limit.file')
    return { tone: 'error', key: place, params: { limit: Math.floor(limit / (1024 * 1024)) } }
  const shown = limit.toLocaleString('en-US')
  return { tone: 'error', key: place ?? 'limit.other', params: { limit: shown } }
}

/** A failure from main as the status line says it (describeFailure). */
export function statusOfError(error: CodedError): CodedStatus {
  return describeFailure(error)
}

/** A failure as the GM reads it: worded by its code (describeFailure), never main's sentence for a code. */
export function failureText(
  failure: unknown,
  t: (key: MessageKey, params?: MessageParams) => string,
): string {
  const { code, path, reason, params, limit } = (failure ?? {}) as {
    code?: unknown
    path?: unknown
    reason?: unknown
    params?: Record<string, string | number>
    limit?: unknown
  }
  const message = failure instanceof Error ? failure.message : String(failure)
  if (typeof code !== 'string') return message
  const status = describeFailure({
    code,
    ...(typeof reason === 'string' ? { reason } : {}),
    ...(params ? { params } : {}),
    ...(typeof path === 'string' ? { path } : {}),
    ...(typeof limit === 'number' ? { limit } : {}),
  })
  // main's detail and the JSON pointer, for the sentences that name them
  return sayStatus(t, {
    ...status,
    params: {
      details: message,
      path: typeof path === 'string' && path ? path : '/',
      ...status.params,
    },
  })
}

/** Every reason main refuses a command for, with its sentence (a type error when one lacks it). */
export const REFUSAL_MESSAGES: Readonly<Record<RefusalReason, MessageKey>> = Object.fromEntries(
  REFUSAL_REASONS.map((reason) => [reason, `refusal.${reason}` as const]),
) as Record<RefusalReason, `refusal.${RefusalReason}`>

/** The checks main names when it refuses an argument (src-main/ipc/handlers.ts argumentReason). */
export const ARGUMENT_MESSAGES: Readonly<Record<string, MessageKey>> = {
  blank: 'argument.blank',
  'too-small': 'argument.too-small',
  'too-large': 'argument.too-large',
  'too-long': 'argument.too-long',
  'not-whole': 'argument.not-whole',
  'wrong-type': 'argument.wrong-type',
  'unknown-key': 'argument.unknown-key',
  invalid: 'argument.invalid',
  'control-characters': 'argument.control-characters',
  'not-unicode': 'argument.not-unicode',
  'bidi-override': 'argument.bidi-override',
}

/** A refused argument's field (the last key of its path), as the page names it. */
const FIELD_NAMES: Readonly<Record<string, MessageKey>> = {
  money: 'guild.member.money',
  funds: 'guild.funds',
  cl: 'guild.member.cl',
  level: 'guild.level',
  price: 'guild.items.sellPrice',
  amount: 'guild.loans.amount',
  quantity: 'guild.items.quantity',
  bonus: 'guild.reward.bonus',
  maxUses: 'guild.support.maxUses',
  initiative: 'token.initiative',
  current: 'token.hp.current',
  max: 'token.hp.max',
  name: 'field.name',
  faction: 'field.faction',
  notes: 'field.notes',
}

/** What the page says about a failure from main: never main's own sentence. */
export function describeFailure(error: CodedError): CodedStatus {
  if (error.code === 'campaign-limit') return limitStatus(error.path, error.limit)
  if (error.code === 'command-rejected') {
    const key = REFUSAL_MESSAGES[error.reason as RefusalReason]
    return key ? { tone: 'error', key, params: { ...error.params } } : ERROR_MESSAGES[error.code]
  }
  if (error.code === 'bad-argument') {
    const params: MessageParams = { ...error.params }
    const field = typeof params.field === 'string' ? params.field : ''
    let key = ARGUMENT_MESSAGES[error.reason ?? 'invalid'] ?? ARGUMENT_MESSAGES.invalid
    if (key === 'argument.too-small' && params.min === undefined)
      key = 'argument.too-small.unbounded'
    if (key === 'argument.too-large' && params.max === undefined)
      key = 'argument.too-large.unbounded'
    return { tone: 'error', key, params, fieldKey: FIELD_NAMES[field] ?? 'field.value' }
  }
  const known = ERROR_MESSAGES[error.code]
  if (known) return { ...known, params: { ...known.params, ...error.params } }
  return { tone: 'error', key: 'error.unexpected', params: { code: error.code } }
}

/** A status or notice in the GM's language. */
export function sayStatus(
  t: (key: MessageKey, params?: MessageParams) => string,
  status: Pick<CodedStatus, 'key' | 'params' | 'fieldKey'> & {
    details?: readonly Sentence[]
  },
): string {
  const params: MessageParams = { ...status.params }
  if (status.fieldKey) params.field = t(status.fieldKey)
  if (status.details)
    params.details = status.details
      .map((sentence) => t(sentence.key, sentence.params))
      .join(t('status.sentenceGap'))
  return t(status.key, params)
}
