// Benchmark: hostile pictures and packs (issues 26 and 27) through the real Node host and its
// WebSocket, as the GM page sends them (a long argument in parts). The host runs in this process;
// the GM pages in bench/pictures-client.ts, a sender and a pinger in processes of their own. For
// each input: what the host answered and
// how long it took, the host's resident memory (peak rise and rise afterwards, from /proc, after
// garbage collection), the slowest answer to another connection asking `campaign.list` every
// 10 ms meanwhile, and the longest the host's event loop was blocked (perf_hooks). The last two
// inputs are a good 6,000 × 4,000 picture, stored and then shown to the players. Every input is
// sent twice; the second pass is measured.
//   npx tsx bench/pictures.ts
import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { startHost } from '../src-main/host/server'
import { benchDataFolder } from './bench-campaign'
import { INPUTS, type SenderReport } from './pictures-client'

interface ClientReport extends SenderReport {
  otherRequestMaxMs: number
}

const MB = 1024 * 1024

export interface PictureBenchRow extends ClientReport {
  peakRiseMb: number
  afterRiseMb: number
  eventLoopMaxMs: number
}

function status(field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))
  return Number(match?.[1] ?? 0) * 1024
}

// The garbage collector, to measure what stays rather than what waits to be collected.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** Resident memory after the garbage collector and time for idle workers to end. */
async function settledRss(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((resolve) => setTimeout(resolve, 400))
  }
  return status('VmRSS')
}

export async function runPicturesBench(): Promise<PictureBenchRow[]> {
  const dataDir = await benchDataFolder('grid-gm-pictures-bench-', [])
  const staticDir = await mkdtemp(join(tmpdir(), 'grid-gm-static-'))
  const host = await startHost({ dataDir, port: 0, staticDir })
  const clientFile = fileURLToPath(new URL('./pictures-client.ts', import.meta.url))
  const spawn = (...args: string[]) =>
    fork(clientFile, [String(host.port), ...args], { execArgv: ['--import', 'tsx'] })
  const sender = spawn()
  const pinger = spawn('pinger')
  const next = <T>(child: ChildProcess): Promise<T> =>
    new Promise((resolve) => child.once('message', (message) => resolve(message as T)))
  /** One input: prepared, then sent while the pinger asks; the sender's and the pinger's reports. */
  async function run(index: number, measure: () => void): Promise<ClientReport> {
    sender.send({ index })
    await next(sender)
    pinger.send({ start: true })
    await next(pinger)
    measure()
    sender.send({ go: true })
    const report = await next<SenderReport>(sender)
    pinger.send({ stop: true })
    const { otherRequestMaxMs } = await next<{ otherRequestMaxMs: number }>(pinger)
    return { ...report, otherRequestMaxMs }
  }
  const rows: PictureBenchRow[] = []
  const delay = monitorEventLoopDelay({ resolution: 1 })
  try {
    await Promise.all([next(sender), next(pinger)])
    // A first pass warms every path up (module loading, the workers' code), a second measures.
    for (let index = 0; index < INPUTS.length; index++) await run(index, () => {})
    for (let index = 0; index < INPUTS.length; index++) {
      const start = await settledRss()
      const peakBefore = status('VmHWM')
      const report = await run(index, () => {
        delay.reset()
        delay.enable()
      })
      delay.disable()
      const after = await settledRss()
      rows.push({
        ...report,
        // VmHWM only grows: an input shows a peak rise only when it set a new peak.
        peakRiseMb: Math.max(0, status('VmHWM') - Math.max(peakBefore, start)) / MB,
        afterRiseMb: (after - start) / MB,
        eventLoopMaxMs: delay.max / 1e6,
      })
    }
    return rows
  } finally {
    sender.kill()
    pinger.kill()
    await host.close()
    await rm(dataDir, { recursive: true, force: true })
    await rm(staticDir, { recursive: true, force: true })
  }
}

export function formatPicturesBench(rows: PictureBenchRow[]): string {
  const signed = (mb: number): string => `${mb >= 0 ? '+' : ''}${mb.toFixed(0)} MB`
  return [
    'The host in this process; the sending GM page and another asking meanwhile in two others (each',
    'long argument sent in parts, as the page sends it); memory from /proc after GC.',
    '',
    '| input | answer | time | host peak | host after | slowest other request | longest event-loop block |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.input} | ${r.answer.slice(0, 90)} | ${r.ms.toFixed(0)} ms | ${signed(r.peakRiseMb)} | ${signed(r.afterRiseMb)} | ${r.otherRequestMaxMs.toFixed(0)} ms | ${r.eventLoopMaxMs.toFixed(0)} ms |`,
    ),
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(formatPicturesBench(await runPicturesBench()))
}
