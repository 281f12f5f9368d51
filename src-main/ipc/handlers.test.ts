import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CampaignLimitError } from '@core/campaign/loadable'
import type { CampaignMap } from '@core/campaign/schema'
import { GM_VERBS, isPlayerVerb } from '@core/contract/channels'
import { contract, eventSchemas, type HandlerResult } from '@core/contract/contract'
import { applyChanges } from '@core/campaign/changes'
import type { CampaignEdit } from '@core/contract/campaign-service'
import { toHandlerError } from './handlers'
import {
  dataDir,
  handlers,
  rulesNotUsed,
  service,
  useHandlerTestbed,
  value,
} from './handlers.testing'
import { followPlayerViews, withoutSeq } from '@core/table/player-view-testing'

useHandlerTestbed({ rules: rulesNotUsed })

function errorOf(result: HandlerResult): { code: string; message: string; path?: string } {
  if (result.ok)
    throw new Error(`expected an error, got ${JSON.stringify(result.value).slice(0, 200)}`)
  return result.error
}

async function openSample(): Promise<CampaignMap> {
  const opened = value<{ campaign: { maps: CampaignMap[] } }>(
    await handlers.handle('campaign.open', { id: 'sample-campaign' }),
  )
  return opened.campaign.maps[0]
}

describe('handlers with the real campaign service', () => {
  it('lists the seeded sample campaign, in the contract shape', async () => {
    const list = value(await handlers.handle('campaign.list', undefined))
    expect(contract['campaign.list'].result.parse(list)).toEqual([
      expect.objectContaining({ id: 'sample-campaign', mapCount: 4 }),
    ])
  })

  it('opens a campaign with its undo state, valid against the result schema', async () => {
    const opened = value(await handlers.handle('campaign.open', { id: 'sample-campaign' }))
    const parsed = contract['campaign.open'].result.parse(opened)
    expect(parsed.campaign.maps.map((m) => m.system)).toEqual([
      'arianrhod',
      'pathfinder',
      'dnd35',
      'dystopia',
    ])
    expect(parsed.canUndo).toBe(false)
    expect(parsed.recovered).toBeUndefined()
  })

  it('dispatches edge.set, pushes campaign.changed, undoes and redoes', async () => {
    const map = await openSample()
    const events: CampaignEdit[] = []
    const off = handlers.subscribe('campaign.changed', (event) => events.push(event))
    const command = {
      type: 'edge.set',
      mapId: map.id,
      between: [
        [0, 0],
        [1, 0],
      ],
      edge: { kind: 'wall' },
    }
    // The page's copy follows by record changes, sent once as the event; the answer is only an
    // acknowledgement, and neither carries the campaign (issue 28).
    const opened = contract['campaign.open'].result.parse(
      value(await handlers.handle('campaign.open', { id: 'sample-campaign' })),
    )
    let copy = opened.campaign
    let revision = opened.revision
    const follow = (answer: unknown): CampaignMap[] => {
      const ack = contract['campaign.dispatch'].result.parse(answer)
      expect(ack).not.toHaveProperty('campaign')
      expect(ack).not.toHaveProperty('changes')
      expect(ack.revision).toBe(revision + 1)
      const edit = eventSchemas['campaign.changed'].parse(events.at(-1))
      expect(edit.revision).toBe(ack.revision)
      copy = applyChanges(copy, edit.changes)
      revision = edit.revision
      expect(copy).toEqual(service.getCampaign('sample-campaign'))
      return copy.maps
    }
    const hasWall = (m: CampaignMap) =>
      m.edges.some((e) => e.kind === 'wall' && JSON.stringify(e.between) === '[[0,0],[1,0]]')
    const after = follow(
      value(await handlers.handle('campaign.dispatch', { id: 'sample-campaign', command })),
    )
    expect(hasWall(after[0])).toBe(true)
    // An untouched map keeps its object in the page's copy, so its overlays ask nothing again.
    expect(after[1]).toBe(opened.campaign.maps[1])
    expect(events.at(-1)).toMatchObject({
      canUndo: true,
      canRedo: false,
      cause: { type: 'edge.set' },
      revision,
    })
    expect(JSON.stringify(events.at(-1)).length).toBeLessThan(1_000)

    const undone = follow(value(await handlers.handle('campaign.undo', { id: 'sample-campaign' })))
    expect(hasWall(undone[0])).toBe(false)
    expect(events.at(-1)).toMatchObject({ canUndo: false, canRedo: true })

    const redone = follow(value(await handlers.handle('campaign.redo', { id: 'sample-campaign' })))
    expect(hasWall(redone[0])).toBe(true)
    // A redo with nothing to redo answers the same revision, and sends no event.
    const sent = events.length
    const same = contract['campaign.redo'].result.parse(
      value(await handlers.handle('campaign.redo', { id: 'sample-campaign' })),
    )
    expect(same).toMatchObject({ revision })
    expect(events.length).toBe(sent)
    off()
    expect(
      contract['campaign.open'].result.parse(
        value(await handlers.handle('campaign.open', { id: 'sample-campaign' })),
      ).canUndo,
    ).toBe(true)
  })

  it('campaign.save writes the change to the campaign file at once', async () => {
    const map = await openSample()
    const command = {
      type: 'edge.set',
      mapId: map.id,
      between: [
        [2, 2],
        [2, 3],
      ],
      edge: { kind: 'low-wall' },
    }
    value(await handlers.handle('campaign.dispatch', { id: 'sample-campaign', command }))
    const saved = value<{ savedAt: string }>(
      await handlers.handle('campaign.save', { id: 'sample-campaign' }),
    )
    expect(Number.isNaN(Date.parse(saved.savedAt))).toBe(false)
    const onDisk = JSON.parse(
      await readFile(join(dataDir, 'campaigns', 'sample-campaign.json'), 'utf8'),
    ) as {
      maps: CampaignMap[]
    }
    const edges = onDisk.maps.find((m) => m.id === map.id)!.edges
    expect(edges).toContainEqual({
      kind: 'low-wall',
      between: [
        [2, 2],
        [2, 3],
      ],
    })
  })

  it('creates, exports and imports campaigns', async () => {
    const created = value<{ id: string; name: string }>(
      await handlers.handle('campaign.create', { name: '  Night raid ' }),
    )
    expect(created.name).toBe('Night raid')
    const exported = value<string>(await handlers.handle('campaign.export', { id: created.id }))
    expect(await handlers.handle('campaign.import', { json: exported })).toMatchObject({
      ok: false,
      error: { code: 'import-conflict' },
    })
    const imported = value<{ id: string; name: string }>(
      await handlers.handle('campaign.import', { json: exported, onConflict: 'keep-both' }),
    )
    expect(imported.name).toBe('Night raid (2)')
    expect(imported.id).not.toBe(created.id)
    const list = value<{ id: string }[]>(await handlers.handle('campaign.list', {}))
    expect(list.map((c) => c.id).sort()).toEqual(
      [created.id, imported.id, 'sample-campaign'].sort(),
    )
  })

  it('answers bad arguments with bad-argument and a path, never a throw', async () => {
    const cases: [string, unknown][] = [
      ['campaign.open', undefined],
      ['campaign.open', { id: 42 }],
      ['campaign.open', { id: 'x', extra: true }],
      ['campaign.create', { name: '   ' }],
      ['campaign.dispatch', { id: 'sample-campaign', command: { type: 'edge.set' } }],
      ['campaign.dispatch', { id: 'sample-campaign', command: { type: 'no.such.command' } }],
      ['campaign.import', { json: '' }],
      ['campaign.list', { unexpected: 1 }],
      ['rules.query', { campaignId: 'sample-campaign', mapId: 'm', query: 'reach' }],
      ['player.show', {}],
      ['campaign.undo', null],
      ['campaign.open', 'sample-campaign'],
    ]
    for (const [verb, args] of cases) {
      const error = errorOf(await handlers.handle(verb, args))
      expect(error.code, `${verb} ${JSON.stringify(args)}`).toBe('bad-argument')
      expect(error.message.length).toBeGreaterThan(0)
    }
    const nested = errorOf(
      await handlers.handle('campaign.dispatch', {
        id: 'sample-campaign',
        command: {
          type: 'edge.set',
          mapId: 'm',
          between: [
            [0, 0],
            [1, 'x'],
          ],
          edge: null,
        },
      }),
    )
    expect(nested.path).toBe('/command/between/1/1')
  })

  it('maps service failures to their codes', async () => {
    expect(errorOf(await handlers.handle('campaign.open', { id: 'missing' })).code).toBe(
      'not-found',
    )
    expect(errorOf(await handlers.handle('campaign.undo', { id: 'sample-campaign' })).code).toBe(
      'not-open',
    )
    await openSample()
    const rejected = errorOf(
      await handlers.handle('campaign.dispatch', {
        id: 'sample-campaign',
        command: {
          type: 'edge.set',
          mapId: 'no-such-map',
          between: [
            [0, 0],
            [1, 0],
          ],
          edge: { kind: 'wall' },
        },
      }),
    )
    expect(rejected.code).toBe('command-rejected')
    expect(errorOf(await handlers.handle('campaign.import', { json: '{"nope":' })).code).toBe(
      'invalid-import',
    )
  })

  it('rejects unknown verbs and keeps the player role to player verbs', async () => {
    expect(errorOf(await handlers.handle('campaign.delete-everything', {})).code).toBe(
      'unknown-verb',
    )
    expect(errorOf(await handlers.handle('__proto__', {})).code).toBe('unknown-verb')
    for (const verb of GM_VERBS.filter((v) => !isPlayerVerb(v))) {
      expect(errorOf(await handlers.handle(verb, {}, 'player')).code).toBe('forbidden')
    }
    expect(withoutSeq(value(await handlers.handle('player.current', undefined, 'player')))).toEqual(
      {
        map: null,
        projector: { squarePx: null, ruler: false },
      },
    )
  })

  it('shows a map to players through toPlayerView only, and follows changes', async () => {
    const map = await openSample()
    const views: unknown[] = []
    handlers.subscribe(
      'player.view',
      followPlayerViews((view) => views.push(view)),
    )
    const shown = value(
      await handlers.handle('player.show', {
        target: { campaignId: 'sample-campaign', mapId: map.id },
      }),
    )
    expect(contract['player.show'].result.parse(shown)).toMatchObject({
      map: { id: map.id, name: map.name, screen: 'live' },
    })
    expect(JSON.stringify(shown)).not.toContain('"notes"')
    expect(withoutSeq(value(await handlers.handle('player.current', {}, 'player')))).toEqual(shown)

    value(
      await handlers.handle('campaign.dispatch', {
        id: 'sample-campaign',
        command: { type: 'map.remove', mapId: map.id },
      }),
    )
    expect(views.at(-1)).toMatchObject({ map: null })
    expect(
      errorOf(
        await handlers.handle('player.show', {
          target: { campaignId: 'sample-campaign', mapId: 'gone' },
        }),
      ).code,
    ).toBe('not-found')
  })
})

describe('campaign.open with outlines', () => {
  it('sends the shown map in full and every other map as an outline', async () => {
    const full = contract['campaign.open'].result.parse(
      value(await handlers.handle('campaign.open', { id: 'sample-campaign' })),
    )
    expect(full.outlines).toBeUndefined()
    const shown = full.campaign.maps[1]
    const opened = contract['campaign.open'].result.parse(
      value(
        await handlers.handle('campaign.open', { id: 'sample-campaign', outlineExcept: shown.id }),
      ),
    )
    expect(opened.revision).toBe(full.revision)
    // Every map as an outline of its own type, in order; only the shown map in full.
    expect(opened.outlines).toEqual(
      full.campaign.maps.map((m) => ({
        id: m.id,
        name: m.name,
        system: m.system,
        width: m.width,
        height: m.height,
      })),
    )
    expect(opened.campaign.maps).toEqual([shown])
    expect(JSON.stringify(opened).length).toBeLessThan(JSON.stringify(full).length)
    // No map id, or one that is gone: the first map is shown in full.
    const first = contract['campaign.open'].result.parse(
      value(await handlers.handle('campaign.open', { id: 'sample-campaign', outlineExcept: null })),
    )
    expect(first.campaign.maps).toEqual([full.campaign.maps[0]])
    expect(first.outlines?.map((o) => o.id)).toEqual(full.campaign.maps.map((m) => m.id))
  })
})

describe('toHandlerError', () => {
  it('passes a campaign-limit refusal on with where it is and the limit (issue 27)', () => {
    expect(
      toHandlerError(new CampaignLimitError('/guild/funds', 'over', 1_000_000_000_000)),
    ).toEqual({
      code: 'campaign-limit',
      message: 'over',
      path: '/guild/funds',
      limit: 1_000_000_000_000,
    })
    // '' is the whole campaign: the file-size cap.
    expect(toHandlerError(new CampaignLimitError('', 'too big', 64))).toMatchObject({
      path: '',
      limit: 64,
    })
  })

  it('turns unknown throwables into internal errors and Node errors into io-error', () => {
    expect(toHandlerError('boom')).toEqual({ code: 'internal', message: 'Unexpected error.' })
    expect(toHandlerError(new Error('x')).code).toBe('internal')
    expect(toHandlerError(Object.assign(new Error('disk'), { code: 'ENOSPC' })).code).toBe(
      'io-error',
    )
  })
})
