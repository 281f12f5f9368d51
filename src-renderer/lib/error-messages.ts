// Main answers failures with an error code and an English sentence for logs; the page says each
// code in the GM's language (issue 13). A code without an entry here shows main's sentence;
// tests/unit/error-messages.test.ts fails when main's campaign errors gain a code this table lacks.
import { MAX_CAMPAIGN_FILE_BYTES } from '../../src-main/campaign/limits'
import { MAX_PACK_BYTES } from '../../src-main/art/asset-limits'
import { DECODE_MEMORY_BUDGET, PICTURE_LIMITS } from '../../src-main/art/picture-budget'
import { UVTT_LIMITS } from '../../src-main/uvtt/limits'
import { DICE_LIMITS } from '../../src-main/table/dice-limits'
import type { MessageKey, MessageParams } from './i18n'

export interface CodedStatus {
  tone: 'error'
  key: MessageKey
  params?: MessageParams
}

const LIMIT_MB = MAX_CAMPAIGN_FILE_BYTES / (1024 * 1024)
const MB = 1024 * 1024

/** The picture budget as the messages state it (src-main/art/picture-budget.ts). */
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
  'command-rejected': { tone: 'error', key: 'error.commandRejected' },
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
  // Universal VTT import (src-main/uvtt/errors.ts, import-jobs.ts), with the limits crossed.
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

/** A failure from main as the status line says it; undefined for a code the table lacks. */
export function statusOfError(error: {
  code: string
  message: string
  path?: string
  limit?: number
}): CodedStatus | undefined {
  if (error.code === 'campaign-limit') return limitStatus(error.path, error.limit)
  const known = ERROR_MESSAGES[error.code]
  // A rejected command's reason is main's own detail (which token, which square), and the pointer.
  return known
    ? {
        ...known,
        params: { ...known.params, details: error.message, path: error.path || '/' },
      }
    : undefined
}

/** A failure as the GM reads it: a known code in the UI language, else main's own sentence. */
export function failureText(
  failure: unknown,
  t: (key: MessageKey, params?: MessageParams) => string,
): string {
  const { code, path, limit } = (failure ?? {}) as {
    code?: unknown
    path?: unknown
    limit?: unknown
  }
  const message = failure instanceof Error ? failure.message : String(failure)
  if (code === 'campaign-limit') {
    const status = limitStatus(
      typeof path === 'string' ? path : undefined,
      typeof limit === 'number' ? limit : undefined,
    )
    return t(status.key, status.params)
  }
  const known = typeof code === 'string' ? ERROR_MESSAGES[code] : undefined
  // main's detail and the JSON pointer, for the sentences that name them
  if (known)
    return t(known.key, {
      ...known.params,
      details: message,
      path: typeof path === 'string' && path ? path : '/',
    })
  return message
}
