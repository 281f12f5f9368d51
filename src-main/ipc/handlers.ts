// One entry point for every verb, shared by Electron's ipcMain and the WebSocket host, so the two
// transports cannot drift apart. Nothing here throws at a caller: bad arguments and service
// failures both come back as `{ ok: false, error }`, because a renderer must never be able to
// crash main by sending junk.
import { z } from 'zod'
import type {
  CampaignEdit,
  CampaignNotice,
  CampaignServiceApi,
  ChangeEvent,
  EditAck,
} from '@core/contract/campaign-service'
import { createUvttVerbs } from './uvtt-verbs'
import { outlined } from './map-outlines'
import { CampaignTooLargeError } from '../campaign/campaign-file'
import { MAX_CAMPAIGN_FILE_BYTES } from '@core/campaign/limits'
import { isGmVerb, isPlayerVerb, type EventName, type GmVerb } from '@core/contract/channels'
import {
  contract,
  type EventData,
  type HandlerError,
  type HandlerResult,
  type LanStatus,
  type PlayerView,
  type VerbArgs,
} from '@core/contract/contract'
import type { PlayerViewMessage } from '@core/table/player-view-patch'
import { createPlayerViewChannel, type PlayerState, type PlayerViewChannel } from './player-view'
import {
  createProjectorCalibration,
  type CalibrationStore,
  type DisplayInfo,
} from '../table/calibration'
import { createDiceRoller, type DiceRoller } from '../table/dice'
import { createIdMaker, randomSeed, type IdMaker } from '@core/random'
import type { AssetStore } from '../art/assets'
import { createArtWorkerClient } from '../art/art-worker-client'
import { createPlayerArtService } from '../art/player-art-service'
import { createArtVerbs } from './art-verbs'
import type { PackReader } from '../art/pack-reader'
import { createRulesVerbs, type RulesApi } from './rules-verbs'
import { mapNotFound, VerbError } from './verb-error'

export type { RulesApi, ScenarioOutcome } from './rules-verbs'

export type Role = 'gm' | 'player'

export interface Handlers {
  handle(verb: string, rawArgs: unknown, role?: Role): Promise<HandlerResult>
  subscribe<E extends EventName>(event: E, listener: (data: EventData<E>) => void): () => void
  /** The projector moved to another display: apply that display's saved scale. */
  projectorDisplayChanged(): void
  dispose(): void
}

/** The opt-in LAN view (src-main/host/lan.ts) as the handlers drive it. */
export interface LanControl {
  start(port?: number): Promise<LanStatus>
  stop(): Promise<LanStatus>
  status(): LanStatus
}

export interface HandlerOptions {
  /** Where unexpected failures are reported; they reach the client only as `internal`. */
  logError?: (verb: string, error: unknown) => void
  /** Per-display projector calibration; without it the calibration verbs answer `unavailable`. */
  calibration?: { store: CalibrationStore; display(): DisplayInfo }
  /** The LAN view; without it the lan verbs answer `unavailable`. Read lazily (it needs the handlers). */
  lan?: () => LanControl | undefined
  /** BCDice rolls; tests pass scripted or seeded dice. Default: dice from a fresh seed (core/random). */
  dice?: DiceRoller
  /** Ids of what main records (roll log entries); tests pass one with a fixed seed. Default: a fresh seed. */
  ids?: IdMaker
  /** The assets folder (map art); without it the asset verbs answer `unavailable` and maps show no art. */
  assets?: AssetStore
  /** Reads campaign packs on a worker; tests pass one whose worker they hold. Default: a pack worker per import. */
  packs?: PackReader
  /** The page's UI language (Electron rebuilds its menu); without it `ui.setLocale` only validates. */
  uiLocale?: (locale: VerbArgs<'ui.setLocale'>['locale']) => void
}

/** The service, plus the undo state the real one reports (so a reloaded page knows it). */
export type HandlerService = CampaignServiceApi & {
  canUndo?(id: string): boolean
  canRedo?(id: string): boolean
  /** Prepares the shown map's first edit once the app is idle (service.ts). */
  prepareShownMap?(id: string, mapId: string | null): Promise<void>
}

export function createHandlers(
  service: HandlerService,
  rules: RulesApi,
  options: HandlerOptions = {},
): Handlers {
  const assets = options.assets
  // The tile worker keeps the players' copies of map art; pictures are decoded on decode workers.
  const artWorker = assets ? createArtWorkerClient() : undefined
  const playerView: PlayerViewChannel = createPlayerViewChannel(
    service,
    assets && artWorker ? createPlayerArtService(assets, artWorker) : undefined,
  )
  const art = createArtVerbs(service, assets, options.packs)
  const logError = options.logError ?? ((verb, error) => console.error(`[${verb}]`, error))
  const calibration = options.calibration
    ? createProjectorCalibration(options.calibration.store, options.calibration.display, (scale) =>
        playerView.setProjector(scale),
      )
    : undefined
  calibration?.refresh()
  const unavailable = (what: string): VerbError =>
    new VerbError({ code: 'unavailable', message: `${what} is not available in this app.` })
  const fight = createRulesVerbs(
    service,
    rules,
    options.dice ?? createDiceRoller(),
    options.ids ?? createIdMaker(randomSeed()),
  )
  // Universal VTT imports run on worker threads; their progress goes to every GM page.
  const uvtt = createUvttVerbs(service, art)
  const requireLan = (): LanControl => {
    const lan = options.lan?.()
    if (!lan) throw unavailable('The LAN view')
    return lan
  }

  async function run(verb: GmVerb, args: unknown, role: Role): Promise<unknown> {
    switch (verb) {
      case 'campaign.list':
        contract[verb].args.parse(args)
        return service.list()
      case 'campaign.create': {
        const { name } = contract[verb].args.parse(args)
        return service.create(name)
      }
      case 'campaign.open': {
        const { id, outlineExcept } = contract[verb].args.parse(args)
        const opened = await service.open(id)
        void service.prepareShownMap?.(id, outlineExcept ?? null)
        return {
          ...opened,
          ...(outlineExcept !== undefined ? outlined(opened.campaign, outlineExcept) : {}),
          canUndo: service.canUndo?.(id) ?? false,
          canRedo: service.canRedo?.(id) ?? false,
        }
      }
      case 'campaign.close': {
        const { id } = contract[verb].args.parse(args)
        // The table screen keeps showing a map of a closed campaign: only the GM's page closed it.
        await service.close(id)
        playerView.campaignClosed(id)
        return null
      }
      case 'campaign.dispatch': {
        const { id, command } = contract[verb].args.parse(args)
        return toAck(await service.dispatchEdit(id, await fight.withInitiativeDice(id, command)))
      }
      case 'campaign.undo':
        return toAck(await service.undoEdit(contract[verb].args.parse(args).id))
      case 'campaign.redo':
        return toAck(await service.redoEdit(contract[verb].args.parse(args).id))
      case 'campaign.save': {
        await service.flush(contract[verb].args.parse(args).id)
        return { savedAt: new Date().toISOString() }
      }
      case 'campaign.export':
        return service.exportCampaign(contract[verb].args.parse(args).id)
      case 'campaign.import': {
        refuseOversizedImport(args)
        const { json, onConflict } = contract[verb].args.parse(args)
        const imported = await service.importCampaign(json, onConflict)
        // A replaced campaign is gone from under the player view.
        if (onConflict === 'replace') playerView.campaignGone(imported.id)
        return imported
      }
      case 'campaign.exportPack':
        return art.exportFile(contract[verb].args.parse(args).id)
      case 'campaign.importPack': {
        const { base64, onConflict } = contract[verb].args.parse(args)
        const imported = await art.importPack(base64, onConflict)
        if (onConflict === 'replace') playerView.campaignGone(imported.campaign.id)
        return imported
      }
      case 'campaign.rename': {
        const { id, name } = contract[verb].args.parse(args)
        return service.rename(id, name)
      }
      case 'campaign.delete': {
        const { id } = contract[verb].args.parse(args)
        const entry = await service.deleteCampaign(id)
        playerView.campaignGone(id)
        return entry
      }
      case 'campaign.trash':
        contract[verb].args.parse(args)
        return service.listTrash()
      case 'campaign.restore':
        return service.restore(contract[verb].args.parse(args).trashId)
      case 'rules.query':
        return fight.query(contract[verb].args.parse(args))
      case 'player.show': {
        const { target } = contract[verb].args.parse(args)
        if (!target) return playerView.show(null, null)
        const { campaign } = await service.open(target.campaignId)
        if (!campaign.maps.some((m) => m.id === target.mapId)) throw mapNotFound(target.mapId)
        return playerView.show(target, campaign)
      }
      case 'player.current':
        contract[verb].args.parse(args)
        return playerView.current()
      case 'player.control':
        return playerView.control(contract[verb].args.parse(args))
      case 'player.state':
        contract[verb].args.parse(args)
        return playerView.state()
      case 'player.viewOf': {
        const target = contract[verb].args.parse(args)
        const { campaign } = await service.open(target.campaignId)
        if (!campaign.maps.some((m) => m.id === target.mapId)) throw mapNotFound(target.mapId)
        return playerView.viewOf(target, campaign)
      }
      case 'calibration.get':
        contract[verb].args.parse(args)
        if (!calibration) throw unavailable('Projector calibration')
        return calibration.get()
      case 'calibration.set': {
        const { settings, ruler } = contract[verb].args.parse(args)
        if (!calibration) throw unavailable('Projector calibration')
        return calibration.set(settings, ruler)
      }
      case 'lan.start':
        return requireLan().start(contract[verb].args.parse(args).port)
      case 'lan.stop':
        contract[verb].args.parse(args)
        return requireLan().stop()
      case 'lan.status':
        contract[verb].args.parse(args)
        return requireLan().status()
      case 'map.importUvtt':
        return uvtt.importMap(contract[verb].args.parse(args))
      case 'map.cancelImport':
        return { cancelled: uvtt.cancel(contract[verb].args.parse(args).jobId) }
      case 'dice.roll':
        return fight.roll(contract[verb].args.parse(args))
      case 'ui.setLocale':
        options.uiLocale?.(contract[verb].args.parse(args).locale)
        return null
      case 'asset.put': {
        const { base64, use } = contract[verb].args.parse(args)
        return art.put(base64, use ?? 'map')
      }
      case 'asset.get':
        return art.dataUrl(contract[verb].args.parse(args).hash)
      case 'player.artTiles': {
        const { ids } = contract[verb].args.parse(args)
        const tiles: Array<{ id: string; dataUrl: string }> = []
        for (const id of new Set(ids)) {
          const dataUrl = await playerView.artTile(id, role).catch(() => null)
          if (dataUrl) tiles.push({ id, dataUrl })
        }
        return { tiles }
      }
    }
  }

  return {
    async handle(verb, rawArgs, role = 'gm') {
      if (!isGmVerb(verb)) {
        return fail({
          code: 'unknown-verb',
          message: `Unknown verb: ${String(verb).slice(0, 100)}`,
        })
      }
      if (role === 'player' && !isPlayerVerb(verb)) {
        return fail({ code: 'forbidden', message: `The player view may not call ${verb}.` })
      }
      try {
        return { ok: true, value: await run(verb, rawArgs, role) }
      } catch (error) {
        const mapped = toHandlerError(error)
        if (mapped.code === 'internal') logError(verb, error)
        return fail(mapped)
      }
    },
    subscribe(event, listener) {
      if (event === 'uvtt.progress') {
        return uvtt.subscribeProgress(listener as (data: EventData<'uvtt.progress'>) => void)
      }
      if (event === 'campaign.changed') {
        const send = listener as (data: CampaignEdit) => void
        return service.subscribe((event) => send(toEdit(event)))
      }
      if (event === 'player.state')
        return playerView.subscribeState(listener as unknown as (data: PlayerState) => void)
      if (event === 'campaign.notice')
        return service.subscribeNotices(listener as (data: CampaignNotice) => void)
      return playerView.subscribe(listener as (data: PlayerViewMessage<PlayerView>) => void)
    },
    projectorDisplayChanged() {
      calibration?.refresh()
    },
    dispose() {
      playerView.dispose()
      artWorker?.dispose()
      art.dispose()
      uvtt.dispose()
    },
  }
}

/** An import over the size cap gets its own code (the page translates it), not a schema error. */
function refuseOversizedImport(args: unknown): void {
  const json = (args as { json?: unknown } | null)?.json
  if (typeof json !== 'string' || json.length <= MAX_CAMPAIGN_FILE_BYTES / 4) return
  const bytes = Buffer.byteLength(json, 'utf8')
  if (bytes > MAX_CAMPAIGN_FILE_BYTES)
    throw new CampaignTooLargeError(bytes, MAX_CAMPAIGN_FILE_BYTES)
}

function fail(error: HandlerError): HandlerResult {
  return { ok: false, error }
}

const CODE_PATTERN = /^[a-z][a-z0-9-]{0,60}$/

/** Maps anything a service may throw to the contract's error shape. */
export function toHandlerError(error: unknown): HandlerError {
  if (error instanceof VerbError) return error.handlerError
  if (error instanceof z.ZodError) {
    const issue = error.issues[0]
    const path = issue ? toPointer(issue.path) : undefined
    return {
      code: 'bad-argument',
      message: issue ? `${issue.message}${path ? ` at ${path}` : ''}` : 'Invalid arguments.',
      ...(path ? { path } : {}),
      ...(issue ? argumentReason(issue) : { reason: 'invalid' }),
    }
  }
  if (error instanceof Error) {
    const { code, path, limit, reason, params } = error as Error & {
      code?: unknown
      path?: unknown
      limit?: unknown
      reason?: unknown
      params?: unknown
    }
    // Some libraries' errors (BCDice's Opal exceptions) carry a `message` that is not a string.
    const message =
      typeof error.message === 'string' && error.message !== ''
        ? error.message
        : 'Unexpected error.'
    // Service errors carry kebab-case codes; Node's own (ENOENT…) are storage failures.
    if (typeof code === 'string' && CODE_PATTERN.test(code)) {
      return {
        code,
        message,
        // '' points at the whole document (campaign-limit: the campaign file itself).
        ...(typeof path === 'string' && (path === '' || path.startsWith('/')) ? { path } : {}),
        ...(typeof limit === 'number' ? { limit } : {}),
        ...(typeof reason === 'string' && CODE_PATTERN.test(reason) ? { reason } : {}),
        ...(isParams(params) ? { params } : {}),
      }
    }
    if (typeof code === 'string')
      return {
        code: 'io-error',
        message,
        ...(/^[A-Z0-9_]{1,40}$/.test(code) ? { params: { errno: code } } : {}),
      }
    return { code: 'internal', message }
  }
  return { code: 'internal', message: 'Unexpected error.' }
}

/**
 * Which check an argument failed, as a code the page words (issue 25: never the validator's own
 * sentence), with the bound and the field's name (the last key of its path).
 */
function argumentReason(issue: z.core.$ZodIssue): Pick<HandlerError, 'reason' | 'params'> {
  const key = [...issue.path].reverse().find((p) => typeof p === 'string')
  const field: Record<string, string> = typeof key === 'string' ? { field: key } : {}
  const bound = (value: unknown): number | undefined =>
    typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined
  switch (issue.code) {
    case 'too_small': {
      const min = bound(issue.minimum)
      if (issue.origin === 'string' && min === 1) return { reason: 'blank', params: field }
      return min === undefined
        ? { reason: 'too-small', params: field }
        : { reason: 'too-small', params: { ...field, min } }
    }
    case 'too_big': {
      const max = bound(issue.maximum)
      if (issue.origin === 'string')
        return { reason: 'too-long', params: max === undefined ? field : { ...field, max } }
      return max === undefined
        ? { reason: 'too-large', params: field }
        : { reason: 'too-large', params: { ...field, max } }
    }
    case 'invalid_type':
      return {
        reason: issue.expected === 'int' ? 'not-whole' : 'wrong-type',
        params: field,
      }
    case 'unrecognized_keys':
      return { reason: 'unknown-key', params: field }
    case 'custom': {
      // A refinement that names its reason (strict.ts campaignNameSchema).
      const named = (issue.params as { reason?: unknown } | undefined)?.reason
      return {
        reason: typeof named === 'string' && CODE_PATTERN.test(named) ? named : 'invalid',
        params: field,
      }
    }
    default:
      return { reason: 'invalid', params: field }
  }
}

function isParams(value: unknown): value is Record<string, string | number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number')
}

function toPointer(path: readonly PropertyKey[]): string {
  if (path.length === 0) return ''
  return '/' + path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')
}

/** What a page receives of a change: the revision and patch, never the whole campaign. */
function toEdit({ campaign: _campaign, ...edit }: ChangeEvent): CampaignEdit {
  return edit
}

/** The answer to dispatch, undo and redo: the change itself reaches every window as the event. */
function toAck({ campaignId, revision, canUndo, canRedo }: ChangeEvent): EditAck {
  return { campaignId, revision, canUndo, canRedo }
}
