// Preloaded into the host bench/uvtt.ts starts (`--import`): notes every time the host's event
// loop was held longer than BLOCK_MS, as a line {wallMs, cpuMs} appended to the file named by
// GRID_GM_BENCH_BLOCKS. cpuMs is what the main thread itself ran meanwhile
// (process.threadCpuUsage): on a loaded machine a block's wall time includes waiting for a core,
// its CPU does not, so the pair tells a long task from a descheduled thread (issue 26).
import { appendFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const BLOCK_MS = 20
const TICK_MS = 5
const file = process.env.GRID_GM_BENCH_BLOCKS

if (isMainThread && file) {
  let wall = performance.now()
  let cpu = process.threadCpuUsage()
  setInterval(() => {
    const nowWall = performance.now()
    const nowCpu = process.threadCpuUsage()
    const wallMs = nowWall - wall - TICK_MS
    if (wallMs > BLOCK_MS) {
      const cpuMs = (nowCpu.user - cpu.user + nowCpu.system - cpu.system) / 1000
      appendFileSync(file, `${JSON.stringify({ wallMs, cpuMs })}\n`)
    }
    wall = nowWall
    cpu = nowCpu
  }, TICK_MS).unref()
}
