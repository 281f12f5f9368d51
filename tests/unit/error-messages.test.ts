// Every error code main's campaign layer throws has words in both languages on the page, and
// main's own sentences are English only (the page translates; issue 13). Every reason main
// refuses a command or an argument for is worded too (issue 25).
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DICE_ERROR_CODES } from '@core/table/dice-limits'
import { UVTT_ERROR_CODES } from '@core/uvtt/errors'
import {
  ARGUMENT_MESSAGES,
  describeFailure,
  ERROR_MESSAGES,
  statusOfError,
  REFUSAL_MESSAGES,
} from '../../src-renderer/lib/error-messages'
import { REFUSAL_REASONS } from '@core/campaign/refusals'
import { translate } from '../../src-renderer/lib/i18n'

// The campaign layer: its Node side (service, storage) and its pure model and commands in core.
const nodeCampaignDir = fileURLToPath(new URL('../../src-main/campaign/', import.meta.url))
const coreCampaignDir = fileURLToPath(new URL('../../src-main/core/campaign/', import.meta.url))
const sources = [nodeCampaignDir, coreCampaignDir]
  .flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(join(dir, f), 'utf8')),
  )
  .join('\n')

/** Codes thrown by the campaign layer: `readonly code = '…'`, `new …Error('…'`, code unions. */
function campaignErrorCodes(): string[] {
  const codes = new Set<string>()
  for (const m of sources.matchAll(/readonly code(?::[^=\n]*)? = '([a-z-]+)'/g)) codes.add(m[1])
  for (const m of sources.matchAll(/readonly code: ((?:'[a-z-]+'\s*\|?\s*)+)/g))
    for (const c of m[1].matchAll(/'([a-z-]+)'/g)) codes.add(c[1])
  for (const m of sources.matchAll(/new Campaign(?:Service|Library)Error\(\s*'([a-z-]+)'/g))
    codes.add(m[1])
  return [...codes].sort()
}

describe('error codes from main', () => {
  it('finds the campaign layer’s codes (the scan is not vacuous)', () => {
    expect(campaignErrorCodes()).toEqual(
      expect.arrayContaining(['invalid-name', 'not-open', 'not-found', 'newer-version']),
    )
  })

  it('each has a sentence in English and Japanese', () => {
    for (const code of campaignErrorCodes()) {
      const status = ERROR_MESSAGES[code]
      expect(status, code).toBeDefined()
      expect(translate('en', status.key, status.params), code).not.toBe(status.key)
      expect(translate('ja', status.key, status.params), code).not.toBe(status.key)
    }
  })

  it('each Universal VTT and dice refusal has a sentence in both languages that states its limit', () => {
    const jobCodes = [
      ...readFileSync(
        new URL('../../src-main/uvtt/import-jobs.ts', import.meta.url),
        'utf8',
      ).matchAll(/failure\(\s*'([a-z-]+)'/g),
    ].map((m) => m[1])
    expect(jobCodes).toEqual(expect.arrayContaining(['import-cancelled', 'import-out-of-memory']))
    const codes = [
      ...UVTT_ERROR_CODES,
      ...jobCodes.filter((c) => c !== 'import-cancelled'),
      ...DICE_ERROR_CODES,
    ]
    for (const code of codes) {
      const status = ERROR_MESSAGES[code]
      expect(status, code).toBeDefined()
      for (const locale of ['en', 'ja'] as const) {
        const text = translate(locale, status.key, { ...status.params, details: 'd', path: '/p' })
        expect(text, code).not.toBe(status.key)
        expect(text, `${code} ${locale}`).not.toMatch(/\{\w+\}/)
      }
    }
    expect(
      translate(
        'en',
        ERROR_MESSAGES['wall-line-too-long'].key,
        ERROR_MESSAGES['wall-line-too-long'].params,
      ),
    ).toContain('10,000')
  })

  it('every reason a command is refused for has a sentence in English and Japanese', () => {
    expect(REFUSAL_REASONS.length).toBeGreaterThan(30)
    for (const reason of REFUSAL_REASONS) {
      const key = REFUSAL_MESSAGES[reason]
      expect(translate('en', key), reason).not.toBe(key)
      expect(translate('ja', key), reason).not.toBe(key)
    }
    // Every reason in the list is one some command handler gives (no dead words).
    const handlers = ['', 'guild/', 'fight/']
      .flatMap((dir) =>
        readdirSync(join(coreCampaignDir, dir))
          .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
          .map((f) => readFileSync(join(coreCampaignDir, dir, f), 'utf8')),
      )
      .join('\n')
    for (const reason of REFUSAL_REASONS) expect(handlers, reason).toContain(`'${reason}'`)
  })

  it('every argument check main names has a sentence, and an unknown code never shows main’s text', () => {
    const handlers = ['../../src-main/ipc/handlers.ts', '../../src-main/core/campaign/strict.ts']
      .map((file) => readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8'))
      .join('\n')
    const named = [...handlers.matchAll(/reason: '([a-z-]+)'/g)].map((m) => m[1])
    expect(named.length).toBeGreaterThan(5)
    for (const reason of named) {
      const key = ARGUMENT_MESSAGES[reason]
      expect(key, reason).toBeDefined()
      expect(translate('ja', key, { field: 'x' }), reason).not.toBe(key)
    }
    const said = describeFailure({ code: 'some-new-code' })
    expect(translate('en', said.key, said.params)).toContain('some-new-code')
  })

  it('main’s own sentences are English only: no " / 日本語" halves', () => {
    expect(sources).not.toMatch(/ \/ [^'`\n]*[\u3040-\u30ff\u4e00-\u9fff][^'`\n]*['`]/)
  })
})

describe('campaign-limit refusals (issue 27)', () => {
  it('say what would pass its limit, and the limit, in both languages', () => {
    const cases: [string | undefined, number, string, string][] = [
      ['/guild/funds', 1e12, 'guild funds', 'ギルド資金'],
      ['/guild/members/2/money', 1e12, 'money', '所持金'],
      ['/maps/0/conditions', 10_000, '10,000 conditions', '10,000 個'],
      ['/maps/3/fight/order', 1000, '1,000 combatants', '1,000 体'],
      ['', 64 * 1024 * 1024, '64 MB', '64 MB'],
      ['/guild/items', 10_000, '10,000 entries', '10,000 件'],
      ['/guild/level', 99, 'limit of 99', '上限の 99'],
    ]
    for (const [path, limit, english, japanese] of cases) {
      const status = statusOfError({ code: 'campaign-limit', message: 'x', path, limit })!
      expect(translate('en', status.key, status.params), path).toContain(english)
      expect(translate('ja', status.key, status.params), path).toContain(japanese)
    }
    expect(translate('en', 'limit.funds', { limit: '1,000,000,000,000' })).toContain(
      '1,000,000,000,000 G',
    )
    // Without a place or a number, still a sentence, never main's English.
    const bare = statusOfError({ code: 'campaign-limit', message: 'raw text' })!
    expect(translate('ja', bare.key, bare.params)).not.toContain('raw text')
  })
})
