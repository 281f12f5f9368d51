// Issue 25: main's refusals reach the page as codes, never as validator text. A refused argument
// names the check it failed, its bound and the field; a refused command names its cause with the
// values the page's sentence needs. The page's words for both (EN / JA) are in
// src-renderer/lib/error-messages.ts, checked here on the very errors main gives.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCampaignService, type CampaignService } from '../campaign/service'
import type { Campaign } from '@core/campaign/schema'
import { CURRENT_SCHEMA_VERSION } from '@core/campaign/schema'
import type { HandlerError, HandlerResult } from '@core/contract/contract'
import { createHandlers, type Handlers } from './handlers'
import { describeFailure, sayStatus } from '../../src-renderer/lib/error-messages'
import { translate, type Locale } from '../../src-renderer/lib/i18n'

const at = '2025-01-01T00:00:00.000Z'
const campaign: Campaign = {
  schemaVersion: CURRENT_SCHEMA_VERSION,
  id: 'book',
  name: 'Guild book',
  createdAt: at,
  updatedAt: at,
  notes: '',
  maps: [
    {
      id: 'ar',
      name: 'Arianrhod',
      system: 'arianrhod',
      width: 4,
      height: 4,
      cells: [],
      edges: [],
      tokens: [{ id: 'aria', name: 'Aria', at: [1, 1], faction: 'party' }],
      light: { sources: [] },
      notes: '',
    },
  ],
}

let dataDir: string
let service: CampaignService
let handlers: Handlers

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'grid-gm-refusals-'))
  service = await createCampaignService({ dataDir, autosaveDelayMs: 10_000 })
  await service.store.save(campaign)
  handlers = createHandlers(service, { runPrepared: () => ({ ok: true, answer: {} }) } as never, {
    logError: () => {},
  })
  await handlers.handle('campaign.open', { id: 'book' })
  await dispatch({ type: 'guild.create', name: 'Silver Wing' })
  await dispatch({ type: 'guild.member.add', member: { id: 'ayu', name: 'アユ', cl: 3 } })
})

afterEach(async () => {
  handlers.dispose()
  await service.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

function dispatch(command: unknown): Promise<HandlerResult> {
  return handlers.handle('campaign.dispatch', { id: 'book', command })
}

function errorOf(result: HandlerResult): HandlerError {
  if (result.ok) throw new Error('expected a refusal')
  return result.error
}

const say = (locale: Locale, error: HandlerError): string =>
  sayStatus((key, params) => translate(locale, key, params), describeFailure(error))

describe('refusals as codes', () => {
  it('a negative amount of money names the field and its bound, in both languages', async () => {
    const error = errorOf(
      await dispatch({ type: 'guild.member.update', memberId: 'ayu', patch: { money: -500 } }),
    )
    expect(error).toMatchObject({
      code: 'bad-argument',
      reason: 'too-small',
      params: { field: 'money', min: 0 },
    })
    expect(say('en', error)).toBe('Money (G) must be 0 or more.')
    expect(say('ja', error)).toBe('所持金（G）は 0 以上です。')
    // The validator's own sentence never reaches the page's words.
    for (const locale of ['en', 'ja'] as const) {
      expect(say(locale, error)).not.toContain(error.message)
      expect(say(locale, error)).not.toMatch(/expected|\/command/)
    }
  })

  it('a blank name and an absurd amount are worded too', async () => {
    const blank = errorOf(
      await dispatch({ type: 'guild.member.update', memberId: 'ayu', patch: { name: '  ' } }),
    )
    expect(blank).toMatchObject({ reason: 'blank', params: { field: 'name' } })
    expect(say('en', blank)).toBe('The name cannot be blank.')
    const huge = errorOf(await dispatch({ type: 'guild.update', funds: 1e15 }))
    expect(huge).toMatchObject({ reason: 'too-large', params: { field: 'funds' } })
    expect(say('ja', huge)).toBe('ギルド資金は 1000000000000 以下です。')
  })

  it('a refused command carries its cause and the names its sentence needs', async () => {
    const error = errorOf(
      await dispatch({
        type: 'guild.loan.add',
        at,
        loan: { id: 'l1', lenderId: 'ayu', borrowerId: 'ayu', amount: 10, date: '2025-01-01' },
      }),
    )
    expect(error).toMatchObject({ code: 'command-rejected', reason: 'self-loan' })
    expect(say('ja', error)).toBe('PCは自分自身にお金を貸せません。')
    await dispatch({ type: 'guild.member.add', member: { id: 'ben', name: 'Ben', cl: 2 } })
    const short = errorOf(
      await dispatch({
        type: 'guild.loan.add',
        at,
        loan: { id: 'l2', lenderId: 'ayu', borrowerId: 'ben', amount: 10, date: '2025-01-01' },
      }),
    )
    expect(short).toMatchObject({
      reason: 'not-enough-money',
      params: { name: 'アユ', money: 0, amount: 10 },
    })
    expect(say('en', short)).toBe('アユ has 0 G, less than 10 G.')
  })

  it('a square outside the map names the square and the map size', async () => {
    const error = errorOf(
      await dispatch({ type: 'token.move', mapId: 'ar', tokenId: 'aria', to: [9, 2] }),
    )
    expect(error).toMatchObject({
      reason: 'outside-map',
      params: { square: '9, 2', width: 4, height: 4 },
    })
    expect(say('ja', error)).toBe('マス 9, 2 はこの 4 × 4 のマップの外です。')
  })
})
