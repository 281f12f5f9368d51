// A campaign that opened with repairs says what main changed in the GM's language: main sends
// codes with counts and ids (core/campaign/repair-notes.ts), the status line words them. It used
// to show main's English sentences in the Japanese page too.
import { describe, expect, it } from 'vitest'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { MAP_REPAIR_CODES, type RepairNote } from '@core/campaign/repair-notes'
import type { GmApi } from '../lib/api'
import { sayStatus } from '../lib/error-messages'
import { translate, type Locale } from '../lib/i18n'
import { MAPS_NAMED, repairSentence, repairSentences } from '../lib/repair-notes'
import { GmSession } from './session.svelte'

const campaign = makeCampaign({
  id: 'bench',
  name: 'Bench',
  maps: [makeMap({ id: 'hall', name: 'Hall', width: 4, height: 4, tokens: [] })],
})

const repaired: RepairNote[] = [
  { code: 'schema-upgraded', fromVersion: 6, toVersion: 7 },
  { code: 'cell-entries-dropped', mapId: 'hall', mapName: 'Hall', count: 234 },
  { code: 'tokens-moved-onto-map', mapId: 'hall', mapName: 'Hall', count: 1 },
]

/** Answers campaign.open with the campaign and its repairs; nothing else is asked here. */
const api: GmApi = {
  call: ((verb: string) =>
    verb === 'campaign.open'
      ? Promise.resolve({ campaign, repaired, revision: 1, canUndo: false, canRedo: false })
      : new Promise(() => {})) as GmApi['call'],
  on: () => () => {},
  onConnection: () => () => {},
}

/** The status line as App.svelte shows it, in one language. */
function statusLine(session: GmSession, locale: Locale): string {
  return sayStatus((key, params) => translate(locale, key, params), session.status)
}

describe('a repaired open', () => {
  it('says the repairs in Japanese in the Japanese page and in English in the English one', async () => {
    const session = new GmSession(api)
    await session.open('bench')
    expect(session.status.tone).toBe('warn')
    expect(statusLine(session, 'ja')).toBe(
      '修復して開きました：ファイル形式をバージョン 6 から 7 に更新しました。' +
        'マップ「Hall」：既定値しか持たないマスの記述 234 件を削除しました。' +
        'マップ「Hall」：コマ 1 個をマップ内に戻しました。',
    )
    expect(statusLine(session, 'en')).toBe(
      'Opened with repairs: Upgraded from schema version 6 to 7. ' +
        'Map “Hall”: dropped 234 cell entries that only held defaults. ' +
        'Map “Hall”: moved 1 token back onto the map.',
    )
  })

  it('words every code in both languages, counted in English, names filled in', () => {
    const notes: RepairNote[] = [
      { code: 'schema-upgraded', fromVersion: 0, toVersion: 7 },
      { code: 'campaign-id-mismatch', innerId: '../x', fileId: 'copy' },
      { code: 'map-id-duplicate', mapId: 'm1', renamedTo: 'm1-2' },
      ...MAP_REPAIR_CODES.flatMap((code) =>
        [1, 234].map((count) => ({ code, mapId: 'cave', mapName: '', count })),
      ),
    ]
    for (const note of notes) {
      const { key, params } = repairSentence(note)
      const english = translate('en', key, params)
      const japanese = translate('ja', key, params)
      for (const text of [english, japanese]) expect(text, key).not.toMatch(/[{}]/)
      // Japanese has no English words but the ids it names (and "ID" itself).
      const words = japanese.replace(/m1-2|m1|\.\.\/x|copy|cave/g, '').match(/[A-Za-z]{2,}/g)
      expect(words ?? [], key).toEqual(words?.filter((word) => word === 'ID') ?? [])
      if ('count' in note) {
        // A map without a name is named by its id.
        expect(english, key).toContain('Map “cave”')
        expect(japanese, key).toContain('マップ「cave」')
        // One thing and two read differently beyond the number ("1 cell", "2 cells").
        const two = translate('en', key, { ...params, count: 2 })
        const one = translate('en', key, { ...params, count: 1 })
        expect(two.replace(' 2 ', ' 1 '), key).not.toBe(one)
      }
    }
  })

  it('sums the repairs of more than three maps by kind, in both languages', async () => {
    // 50 maps repaired made 100 sentences, 5,300 characters, in a one-line status.
    const maps = Array.from({ length: 5 }, (_, i) => ({ mapId: `m${i}`, mapName: `Map ${i}` }))
    const notes: RepairNote[] = [
      { code: 'schema-upgraded', fromVersion: 6, toVersion: 7 },
      ...maps.flatMap((map, i) => [
        { code: 'cell-entries-dropped' as const, ...map, count: 200 + i },
        { code: 'duplicate-edges-removed' as const, ...map, count: 20 },
      ]),
      { code: 'tokens-moved-onto-map', ...maps[2], count: 1 },
    ]
    const manyApi: GmApi = {
      ...api,
      call: ((verb: string) =>
        verb === 'campaign.open'
          ? Promise.resolve({
              campaign,
              repaired: notes,
              revision: 1,
              canUndo: false,
              canRedo: false,
            })
          : new Promise(() => {})) as GmApi['call'],
    }
    const session = new GmSession(manyApi)
    await session.open('bench')
    expect(statusLine(session, 'en')).toBe(
      'Opened with repairs: Upgraded from schema version 6 to 7. ' +
        'In 5 maps: dropped 1010 cell entries that only held defaults. ' +
        'In 5 maps: removed 100 duplicate edges. ' +
        'Map “Map 2”: moved 1 token back onto the map.',
    )
    expect(statusLine(session, 'ja')).toBe(
      '修復して開きました：ファイル形式をバージョン 6 から 7 に更新しました。' +
        'マップ 5 枚：既定値しか持たないマスの記述 1010 件を削除しました。' +
        'マップ 5 枚：重複した壁・扉・窓 100 本を取り除きました。' +
        'マップ「Map 2」：コマ 1 個をマップ内に戻しました。',
    )
    // Up to MAPS_NAMED maps, each is named.
    const few = notes.filter(
      (note) => !('mapId' in note) || Number(note.mapId.slice(1)) < MAPS_NAMED,
    )
    expect(repairSentences(few)).toEqual(few.map(repairSentence))
    // Every kind has its summed form in both languages.
    for (const code of MAP_REPAIR_CODES) {
      const summed = repairSentences(maps.map((map) => ({ code, ...map, count: 3 })))
      expect(summed).toHaveLength(1)
      for (const locale of ['en', 'ja'] as const) {
        const text = translate(locale, summed[0].key, summed[0].params)
        expect(text, code).not.toMatch(/[{}]/)
        expect(text, code).toContain('15')
      }
    }
  })
})
