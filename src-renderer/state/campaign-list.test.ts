// The campaign list's actions against a scripted main: what each asks main, what the list holds
// after, and what the status line says (in codes the page words, never main's sentences).
import { describe, expect, it } from 'vitest'
import { makeCampaign } from '@core/campaign/test-helpers'
import type { Campaign, CampaignSummary } from '@core/campaign/schema'
import type { TrashEntry } from '@core/contract/campaign-service'
import { MAX_CAMPAIGN_FILE_BYTES } from '@core/campaign/limits'
import { ApiError, type GmApi } from '../lib/api'
import { CampaignListState } from './campaign-list.svelte'
import { StatusLine } from './status-line.svelte'

const keep = makeCampaign({ id: 'keep', name: 'Keep', maps: [] })
const summary = (campaign: Campaign): CampaignSummary => ({
  id: campaign.id,
  name: campaign.name,
  updatedAt: '2026-11-27T00:00:00.000Z',
  mapCount: campaign.maps.length,
})
const trashed = (campaign: Campaign): TrashEntry => ({
  trashId: `t-${campaign.id}`,
  id: campaign.id,
  name: campaign.name,
  mapCount: campaign.maps.length,
  deletedAt: '2026-11-27T00:00:00.000Z',
})
const conflict = () =>
  new ApiError({ code: 'import-conflict', message: 'A campaign with this id exists' })

/** Main as these tests script it: each verb answers (or throws) what `answers` says. */
function scripted(answers: Record<string, (args: Record<string, unknown>) => unknown>) {
  const asked: Array<{ verb: string; args: Record<string, unknown> }> = []
  const api: GmApi = {
    call: (async (verb: string, args: Record<string, unknown> = {}) => {
      asked.push({ verb, args })
      const answer = answers[verb]
      if (!answer) throw new Error(`unscripted ${verb}`)
      return answer(args)
    }) as GmApi['call'],
    on: () => () => {},
    onConnection: () => () => {},
  }
  const statusLine = new StatusLine()
  const opened: string[] = []
  const list = new CampaignListState(api, statusLine, async (id) => {
    opened.push(id)
  })
  const verbs = () => asked.map((a) => a.verb)
  return { list, statusLine, asked, verbs, opened }
}

/** A list with `campaigns` in the data folder and `trash` in its trash. */
function listing(campaigns: Campaign[], trash: TrashEntry[] = []) {
  return {
    'campaign.list': () => campaigns.map(summary),
    'campaign.trash': () => trash,
  }
}

describe('CampaignListState', () => {
  it('refresh holds main’s list and trash', async () => {
    const entry = trashed(makeCampaign({ id: 'old', name: 'Old', maps: [] }))
    const { list } = scripted(listing([keep], [entry]))
    await list.refresh()
    expect(list.campaigns.map((c) => c.name)).toEqual(['Keep'])
    expect(list.trash).toEqual([entry])
    expect(list.nameOf('keep')).toBe('Keep')
    expect(list.nameOf('gone')).toBeUndefined()
  })

  it('rename answers true and says the new name; a refusal answers false, worded by its code', async () => {
    const renamed = { ...keep, name: 'Keep II' }
    const { list, statusLine } = scripted({
      ...listing([renamed]),
      'campaign.rename': ({ name }) => {
        if (name === '') throw new ApiError({ code: 'invalid-name', message: 'Name is empty' })
        return renamed
      },
    })
    expect(await list.rename('keep', 'Keep II')).toBe(true)
    expect(list.campaigns[0]!.name).toBe('Keep II')
    expect(statusLine.status).toEqual({
      tone: 'ok',
      key: 'status.renamed',
      params: { name: 'Keep II' },
    })
    expect(await list.rename('keep', '')).toBe(false)
    expect(statusLine.status.key).toBe('error.invalidName')
    expect(statusLine.notices.items.map((n) => n.key)).toEqual(['error.invalidName'])
  })

  it('remove and restore move a campaign to the trash and back, list refreshed each time', async () => {
    const entry = trashed(keep)
    let inTrash = false
    const { list, statusLine, verbs } = scripted({
      'campaign.list': () => (inTrash ? [] : [summary(keep)]),
      'campaign.trash': () => (inTrash ? [entry] : []),
      'campaign.delete': () => ((inTrash = true), entry),
      'campaign.restore': () => ((inTrash = false), keep),
    })
    await list.remove('keep')
    expect(list.campaigns).toEqual([])
    expect(list.trash).toEqual([entry])
    expect(statusLine.status).toEqual({
      tone: 'ok',
      key: 'status.deleted',
      params: { name: 'Keep' },
    })
    await list.restore(entry.trashId)
    expect(list.campaigns.map((c) => c.id)).toEqual(['keep'])
    expect(list.trash).toEqual([])
    expect(statusLine.status.key).toBe('status.restored')
    expect(verbs()).toEqual([
      'campaign.delete',
      'campaign.list',
      'campaign.trash',
      'campaign.restore',
      'campaign.list',
      'campaign.trash',
    ])
  })

  it('create opens what it made through the session, then says so', async () => {
    const { list, statusLine, opened } = scripted({
      ...listing([keep]),
      'campaign.create': () => keep,
    })
    await list.create('Keep')
    expect(opened).toEqual(['keep'])
    expect(statusLine.status).toEqual({
      tone: 'ok',
      key: 'status.created',
      params: { name: 'Keep' },
    })
  })

  it('exports a JSON file, or a zip when main packs pictures, named after the listed campaign', async () => {
    let pack = false
    const { list, statusLine } = scripted({
      ...listing([{ ...keep, name: 'Keep: north/south' }]),
      'campaign.exportPack': () => (pack ? { zip: btoa('PK\u0003\u0004') } : { json: '{}' }),
    })
    await list.refresh()
    const json = await list.exportCampaign('keep')
    expect(json?.fileName).toBe('Keep_ north_south.gmcampaign.json')
    expect(json?.blob.type).toBe('application/json')
    pack = true
    const zip = await list.exportCampaign('keep')
    expect(zip?.fileName).toBe('Keep_ north_south.gmcampaign.zip')
    expect(new Uint8Array(await zip!.blob.arrayBuffer())).toEqual(
      new Uint8Array([0x50, 0x4b, 3, 4]),
    )
    expect(statusLine.status.key).toBe('status.exported')
  })

  it('an export main refuses gives no file', async () => {
    const { list, statusLine } = scripted({
      'campaign.exportPack': () => {
        throw new ApiError({ code: 'not-found', message: 'No such campaign' })
      },
    })
    expect(await list.exportCampaign('gone')).toBeNull()
    expect(statusLine.status.key).toBe('error.notFound')
  })

  it('an import of a campaign already listed waits for the GM: replace sends it again with the choice', async () => {
    const { list, statusLine, asked } = scripted({
      ...listing([keep]),
      'campaign.import': ({ onConflict }) => {
        if (!onConflict) throw conflict()
        return keep
      },
    })
    statusLine.status = { tone: 'info', key: 'status.ready' }
    await list.importCampaign({ json: '{"id":"keep"}' }, 'keep.json')
    expect(list.importConflict).toEqual({
      content: { json: '{"id":"keep"}' },
      fileName: 'keep.json',
    })
    // The question is the dialog's, not the status line's.
    expect(statusLine.status.key).toBe('status.ready')

    await list.resolveImport('replace')
    expect(list.importConflict).toBeNull()
    expect(asked.at(-3)).toEqual({
      verb: 'campaign.import',
      args: { json: '{"id":"keep"}', onConflict: 'replace' },
    })
    expect(statusLine.status).toEqual({
      tone: 'ok',
      key: 'status.replaced',
      params: { name: 'Keep' },
    })
  })

  it('cancelling an import conflict asks main nothing more', async () => {
    const { list, verbs } = scripted({ 'campaign.import': () => Promise.reject(conflict()) })
    await list.importCampaign({ json: '{}' }, 'keep.json')
    await list.resolveImport(null)
    expect(list.importConflict).toBeNull()
    expect(verbs()).toEqual(['campaign.import'])
  })

  it('a pack import says how many entries it left unread; keep both says imported', async () => {
    const { list, statusLine, asked } = scripted({
      ...listing([keep]),
      'campaign.importPack': ({ onConflict }) => {
        if (!onConflict) throw conflict()
        return { campaign: keep, report: { pictures: 1, ignored: 2 } }
      },
    })
    await list.importCampaign({ pack: 'UEsDBA==' }, 'keep.zip')
    await list.resolveImport('keep-both')
    expect(asked.find((a) => a.args.onConflict)?.args).toEqual({
      base64: 'UEsDBA==',
      onConflict: 'keep-both',
    })
    expect(statusLine.status).toEqual({
      tone: 'ok',
      key: 'status.importedIgnoring',
      params: { name: 'Keep', count: 2 },
    })
  })

  it('refuses a file over the size cap before it is read', () => {
    const { list, statusLine } = scripted({})
    expect(list.refuseTooLarge(MAX_CAMPAIGN_FILE_BYTES)).toBe(false)
    expect(statusLine.status.key).toBe('status.connecting')
    expect(list.refuseTooLarge(MAX_CAMPAIGN_FILE_BYTES + 1)).toBe(true)
    expect(statusLine.status.key).toBe('error.tooLarge')
  })
})
