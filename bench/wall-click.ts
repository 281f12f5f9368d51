// A wall click on the host (issue 29): the Arianrhod bench map (200×200, 5,000 wall edges, 40
// tokens, 20 of them PCs) in a 51-map campaign (the other 50 are bench `save`'s maps, as in bench
// `campaign-page`), in the real campaign service, shown to the players through the real player
// channel with three connections (projector, the GM's preview, one LAN tablet), each of which
// serialises what it is sent as the WebSocket does. Each run adds or removes one wall.
//
// Rows, interleaved in one loop so machine noise hits them alike (medians of process CPU time,
// user + system, every thread, so that other processes on the machine do not count):
//   - host CPU per wall click, autosave included: the dispatch's CPU plus its share of the
//     autosave at a GM's pace. The autosave runs at most every 5 s; a GM clicking walls two
//     times a second makes ten clicks per save, so a click's share is one save's CPU / 10 (the
//     save is measured every ten clicks through service.flush, the autosave's own path). Today's
//     path saved 500 ms after each edit, so at that pace it paid one save per click: its row
//     carries one save of bench/legacy (that commit's serializer, atomic write and backup);
//   - the dispatch alone: the process's CPU over the whole `campaign.dispatch` (command,
//     explored fog, loader checks, journal line, the player channel and its three sends);
//     today's full path in the same loop: the same command applied with every PC's sight
//     computed from scratch on a grid built from scratch, then the player view built, parsed by
//     the strict schema, compared as JSON and serialised whole for each connection, plus the
//     dispatch's other work as measured in this run;
//   - the players' fog alone: derived (only the PCs the wall can reach, on a derived grid) vs
//     computed from scratch;
//   - the player view per change: a patch (build, diff, serialise) vs the whole view.
//   npx tsx bench/wall-click.ts
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createCampaignService, DEFAULT_AUTOSAVE_DELAY_MS } from '../src-main/campaign/service'
import {
  buildPlayerView,
  createPlayerViewChannel,
  projectPlayerView,
} from '../src-main/ipc/player-view'
import { keyedLookup } from '@core/campaign/list-keys'
import { applyCommand } from '@core/campaign/commands'
import type { Campaign, Command } from '@core/campaign/schema'
import { diffPlayerView } from '@core/table/player-view-patch'
import { partyVisionMask } from '@core/table/vision'
import { TokenAliases } from '@core/table/token-aliases'
import { arianrhodBenchMap } from './arianrhod'
import { benchDataFolder, campaignMapOf } from './bench-campaign'
import { cpuOf, heavyMap, legacySave, SAVE_BENCH_MAPS } from './save-stall'

const CONNECTIONS = 3
/** A GM clicking walls: two clicks a second. */
const CLICKS_PER_SECOND = 2
/** Clicks between two autosaves at that pace (the autosave runs at most every 5 s). */
export const CLICKS_PER_AUTOSAVE = (DEFAULT_AUTOSAVE_DELAY_MS / 1000) * CLICKS_PER_SECOND

export interface WallClickBench {
  runs: number
  pcs: number
  maps: number
  /** Host CPU per click, the autosave's share at a GM's pace included (ms). */
  totalMs: number
  totalBaselineMs: number
  /** CPU of one autosave after CLICKS_PER_AUTOSAVE clicks, and of today's save (ms). */
  saveMs: number
  saveBaselineMs: number
  saves: number
  /** Host CPU per click through the service and the player channel (ms). */
  hostCpuMs: number
  hostBaselineMs: number
  fogMs: number
  fogBaselineMs: number
  viewMs: number
  viewBaselineMs: number
  patchBytes: number
  viewBytes: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

export async function runWallClickBench(runs = 60, warmUp = 8): Promise<WallClickBench> {
  const { map, tokens } = arianrhodBenchMap()
  const big = campaignMapOf(
    'big',
    'arianrhod',
    { ...map, cells: [] },
    tokens.map((t) => ({ ...t, move: 10 })),
  )
  const pcs = big.tokens.filter((t) => t.faction === 'party').length
  const maps = [big, ...Array.from({ length: SAVE_BENCH_MAPS }, (_, i) => heavyMap(i))]
  const dataDir = await benchDataFolder('grid-gm-wall-click-', maps)
  const legacyDir = join(dataDir, 'legacy')
  await mkdir(join(legacyDir, 'campaigns'), { recursive: true })
  // The autosave's timer held off: the bench saves through its path (flush) every
  // CLICKS_PER_AUTOSAVE clicks, as the 5-s timer would at a GM's pace.
  const service = await createCampaignService({ dataDir, autosaveDelayMs: 3_600_000 })
  const channel = createPlayerViewChannel(service)
  try {
    const opened = await service.open('bench')
    channel.show({ campaignId: 'bench', mapId: 'big' }, opened.campaign)
    let sentBytes = 0
    for (let c = 0; c < CONNECTIONS; c++)
      channel.subscribe(
        (message) => (sentBytes += JSON.stringify({ event: 'player.view', data: message }).length),
      )
    let campaign: Campaign = opened.campaign
    const rows = {
      host: [] as number[],
      hostBase: [] as number[],
      fog: [] as number[],
      fogBase: [] as number[],
      view: [] as number[],
      viewBase: [] as number[],
      patchBytes: [] as number[],
      viewBytes: [] as number[],
      save: [] as number[],
      saveBase: [] as number[],
    }
    // Walls along a row of open floor; even runs add one, odd runs take it away again.
    const taken = new Set(big.edges.map((e) => `${e.between[0]}|${e.between[1]}`))
    const spots: [number, number][] = []
    for (let x = 20; spots.length < runs + warmUp; x++) {
      const key = `${x},100|${x + 1},100`
      if (!taken.has(key)) spots.push([x, 100])
    }
    const aliases = new TokenAliases()
    const todayAliases = new TokenAliases()
    for (let run = -warmUp; run < runs; run++) {
      const [x, y] = spots[(run + warmUp) >> 1]
      const command: Command = {
        type: 'edge.set',
        mapId: 'big',
        between: [
          [x, y],
          [x + 1, y],
        ],
        edge: run & 1 ? null : { kind: 'wall' },
      }
      // Today's path for the same click: the command on a copy that shares nothing cached, so
      // every PC's sight and the grid are computed from scratch once, as today's path did for the
      // map after each click; then the whole view, parsed, compared as JSON, sent whole.
      // (Another campaign id: the views the app keeps per campaign map stay the app's own.)
      // Only the clicked map is copied: the command leaves the other 50 as they are.
      const copy = { ...campaign, id: 'bench-today', maps: copiedFirstMap(campaign) }
      const baseStart = process.cpuUsage()
      const applied = applyCommand(copy, command)
      const fogBase = cpuMs(baseStart)
      const viewStart = process.cpuUsage()
      const whole = projectPlayerView(applied, 'big', undefined, undefined, todayAliases)
      JSON.stringify(whole) // compared with what was sent before
      for (let c = 0; c < CONNECTIONS; c++) JSON.stringify({ event: 'player.view', data: whole })
      const viewBase = cpuMs(viewStart)
      const baseTotal = cpuMs(baseStart)

      // The app's path: the service's dispatch, the channel and its sends.
      const before = campaign
      sentBytes = 0
      const start = process.cpuUsage()
      campaign = await service.dispatch('bench', command)
      const host = cpuMs(start)
      const patchBytes = sentBytes / CONNECTIONS

      // The pieces alone on the same click: the command with the sight derived from the one
      // before (known, as in the app), and the view as a patch.
      const again = { ...before, maps: copiedFirstMap(before) }
      // What the app holds from the click before: the party's sight and the edge list's keys.
      partyVisionMask(again.maps[0])
      keyedLookup(again.maps[0].edges, 'edge')
      const fogStart = process.cpuUsage()
      applyCommand(again, command)
      const fog = cpuMs(fogStart)
      const previous = buildPlayerView(before, 'big', undefined, undefined, aliases)
      const viewT0 = process.cpuUsage()
      const next = buildPlayerView(campaign, 'big', undefined, undefined, aliases)
      const patch = diffPlayerView(previous, next)
      for (let c = 0; c < CONNECTIONS; c++)
        JSON.stringify({ event: 'player.view', data: { seq: 1, base: 0, patch } })
      const view = cpuMs(viewT0)
      if (run === -1) {
        // The first save after opening writes every map (nothing cached yet): not the steady state.
        await service.flush('bench')
        await legacySave(legacyDir, campaign)
      }
      if (run < 0) continue
      rows.host.push(host)
      // Today's dispatch = its fog and view work + the rest of the dispatch, which is the same.
      rows.hostBase.push(baseTotal + Math.max(0, host - fog - view))
      rows.fog.push(fog)
      rows.fogBase.push(fogBase)
      rows.view.push(view)
      rows.viewBase.push(viewBase)
      rows.patchBytes.push(patchBytes)
      rows.viewBytes.push(JSON.stringify({ event: 'player.view', data: whole }).length)
      // The autosave after every CLICKS_PER_AUTOSAVE clicks; today's, after each click.
      if ((run + 1) % CLICKS_PER_AUTOSAVE === 0) {
        rows.save.push(await cpuOf(() => service.flush('bench')))
        rows.saveBase.push(await cpuOf(() => legacySave(legacyDir, campaign)))
      }
    }
    const save = median(rows.save)
    const saveBase = median(rows.saveBase)
    return {
      runs,
      pcs,
      maps: maps.length,
      totalMs: median(rows.host) + save / CLICKS_PER_AUTOSAVE,
      totalBaselineMs: median(rows.hostBase) + saveBase,
      saveMs: save,
      saveBaselineMs: saveBase,
      saves: rows.save.length,
      hostCpuMs: median(rows.host),
      hostBaselineMs: median(rows.hostBase),
      fogMs: median(rows.fog),
      fogBaselineMs: median(rows.fogBase),
      viewMs: median(rows.view),
      viewBaselineMs: median(rows.viewBase),
      patchBytes: median(rows.patchBytes),
      viewBytes: median(rows.viewBytes),
    }
  } finally {
    channel.dispose()
    await service.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** The campaign's maps with the first (the clicked one) deep-copied: it shares nothing cached. */
function copiedFirstMap(campaign: Campaign): Campaign['maps'] {
  return [structuredClone(campaign.maps[0]), ...campaign.maps.slice(1)]
}

export function formatWallClickBench(r: WallClickBench): string {
  const f = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1))
  const kb = (bytes: number) =>
    bytes >= 10_000 ? `${(bytes / 1000).toFixed(0)} KB` : `${bytes.toFixed(0)} B`
  return [
    `Arianrhod 200×200, 5,000 wall edges, 40 tokens (${r.pcs} PCs), in a ${r.maps}-map campaign; the real service and player channel with ${CONNECTIONS} connections; medians of ${r.runs} clicks (a wall added or removed) and of ${r.saves} autosaves (one every ${CLICKS_PER_AUTOSAVE} clicks: a GM clicking ${CLICKS_PER_SECOND} times a second, the autosave every 5 s at most), today's full path interleaved on the same clicks (its autosave 500 ms after each edit: one save per click at that pace).`,
    '',
    '| measurement | ours | today (full path) | target |',
    '| --- | ---: | ---: | --- |',
    `| host CPU per wall click, autosave included (dispatch + its share of the autosave) | ${f(r.totalMs)} ms | ${f(r.totalBaselineMs)} ms | ≤ 10 ms ${r.totalMs <= 10 ? '✓' : '✗'} |`,
    `| the dispatch: command, fog, checks, journal, player view and its sends | ${f(r.hostCpuMs)} ms | ${f(r.hostBaselineMs)} ms | — |`,
    `| the autosave: CPU of one save (ours after ${CLICKS_PER_AUTOSAVE} clicks, shared by them; today's after each click) | ${f(r.saveMs)} ms (${f(r.saveMs / CLICKS_PER_AUTOSAVE)} ms a click) | ${f(r.saveBaselineMs)} ms | — |`,
    `| the command and the players' fog (${r.pcs} PCs) | ${f(r.fogMs)} ms | ${f(r.fogBaselineMs)} ms | — |`,
    `| player view per change: build, diff and serialise for ${CONNECTIONS} connections | ${f(r.viewMs)} ms | ${f(r.viewBaselineMs)} ms | ≤ 2 ms ${r.viewMs <= 2 ? '✓' : '✗'} |`,
    `| player view per change, bytes to each connection | ${kb(r.patchBytes)} | ${kb(r.viewBytes)} | a patch of what changed |`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatWallClickBench(await runWallClickBench()))
  process.exit(0)
}
