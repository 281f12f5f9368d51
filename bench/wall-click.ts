// A wall click on the host (issue 29): the Arianrhod bench map (200×200, 5,000 wall edges, 40
// tokens, 20 of them PCs) in the real campaign service, shown to the players through the real
// player channel with three connections (projector, the GM's preview, one LAN tablet), each of
// which serialises what it is sent as the WebSocket does. Each run adds or removes one wall.
//
// Rows, interleaved in one loop so machine noise hits them alike (medians of process CPU time,
// user + system, so that other processes on the machine do not count):
//   - host CPU per wall click: the process's CPU over the whole
//     `campaign.dispatch` (command, explored fog, loader checks, journal line, the player channel
//     and its three sends), the autosave held off; today's full path in the same loop: the same
//     command applied with every PC's sight computed from scratch on a grid built from scratch,
//     then the player view built, parsed by the strict schema, compared as JSON and serialised
//     whole for each connection, plus the dispatch's other work as measured in this run;
//   - the players' fog alone: derived (only the PCs the wall can reach, on a derived grid) vs
//     computed from scratch;
//   - the player view per change: a patch (build, diff, serialise) vs the whole view.
//   npx tsx bench/wall-click.ts
import { rm } from 'node:fs/promises'
import { createCampaignService } from '../src-main/campaign/service'
import {
  buildPlayerView,
  createPlayerViewChannel,
  projectPlayerView,
} from '../src-main/ipc/player-view'
import { applyCommand } from '@core/campaign/commands'
import type { Campaign, Command } from '@core/campaign/schema'
import { diffPlayerView } from '@core/table/player-view-patch'
import { partyVisionMask } from '@core/table/vision'
import { TokenAliases } from '@core/table/token-aliases'
import { arianrhodBenchMap } from './arianrhod'
import { benchDataFolder, campaignMapOf } from './bench-campaign'

const CONNECTIONS = 3

export interface WallClickBench {
  runs: number
  pcs: number
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

export async function runWallClickBench(runs = 41, warmUp = 8): Promise<WallClickBench> {
  const { map, tokens } = arianrhodBenchMap()
  const big = campaignMapOf(
    'big',
    'arianrhod',
    { ...map, cells: [] },
    tokens.map((t) => ({ ...t, move: 10 })),
  )
  const pcs = big.tokens.filter((t) => t.faction === 'party').length
  const dataDir = await benchDataFolder('grid-gm-wall-click-', [big])
  // The autosave held off: it folds the journal into the file every 5 s at most, not per click.
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
      const copy = { ...structuredClone(campaign), id: 'bench-today' }
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
      const again = structuredClone(before)
      partyVisionMask(again.maps[0])
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
    }
    return {
      runs,
      pcs,
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

export function formatWallClickBench(r: WallClickBench): string {
  const f = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1))
  const kb = (bytes: number) =>
    bytes >= 10_000 ? `${(bytes / 1000).toFixed(0)} KB` : `${bytes.toFixed(0)} B`
  return [
    `Arianrhod 200×200, 5,000 wall edges, 40 tokens (${r.pcs} PCs), the real service and player channel with ${CONNECTIONS} connections; medians of ${r.runs} clicks (a wall added or removed), today's full path interleaved on the same clicks.`,
    '',
    '| measurement | ours | today (full path) | target |',
    '| --- | ---: | ---: | --- |',
    `| host CPU per wall click (dispatch: command, fog, checks, journal, player view and its sends; autosave held off) | ${f(r.hostCpuMs)} ms | ${f(r.hostBaselineMs)} ms | ≤ 10 ms ${r.hostCpuMs <= 10 ? '✓' : '✗'} |`,
    `| the command and the players' fog (${r.pcs} PCs) | ${f(r.fogMs)} ms | ${f(r.fogBaselineMs)} ms | — |`,
    `| player view per change: build, diff and serialise for ${CONNECTIONS} connections | ${f(r.viewMs)} ms | ${f(r.viewBaselineMs)} ms | ≤ 2 ms ${r.viewMs <= 2 ? '✓' : '✗'} |`,
    `| player view per change, bytes to each connection | ${kb(r.patchBytes)} | ${kb(r.viewBytes)} | a patch of what changed |`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatWallClickBench(await runWallClickBench()))
  process.exit(0)
}
