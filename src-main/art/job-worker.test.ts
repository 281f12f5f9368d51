// The job runner that gives memory back (issue 26): a job that outgrows its worker's heap limit
// ends that worker, not the app, and is refused as over memory; the next job gets a fresh worker;
// a large job ends its worker at once, a small one leaves it until it is idle.
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { createJobRunner, JobError } from './job-worker'

/** A worker that echoes a job, or grows its heap without end when asked to. */
const WORKER = `
const { parentPort } = require('node:worker_threads')
parentPort.on('message', (job) => {
  if (job === 'grow') {
    const kept = []
    for (;;) kept.push({ index: kept.length, text: 'x'.repeat(64) + kept.length })
  }
  parentPort.postMessage({ ok: true, value: job })
})
`

const spawn = (): Worker =>
  new Worker(WORKER, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 32 } })

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('the job runner', () => {
  it('a job past the heap limit ends its worker and is refused as over memory; the next job runs', async () => {
    const runner = createJobRunner<string, string>(spawn)
    await expect(runner.run('grow')).rejects.toEqual(
      new JobError('asset-over-memory', 'The work needed more memory than it is allowed.'),
    )
    expect(runner.alive).toBe(false)
    await expect(runner.run('after')).resolves.toBe('after')
    expect(runner.workersStarted).toBe(2)
    await runner.dispose()
  }, 60_000)

  it('a large job ends its worker when done; a small one keeps it until idle', async () => {
    const runner = createJobRunner<string, string>(spawn, 20)
    await runner.run('small')
    expect(runner.alive).toBe(true)
    await until(() => !runner.alive)
    await runner.run('large', { large: true })
    expect(runner.alive).toBe(false)
    expect(runner.workersStarted).toBe(2)
  })

  it('runs one job at a time, in order', async () => {
    const runner = createJobRunner<string, string>(spawn)
    const answers = await Promise.all(['a', 'b', 'c'].map((job) => runner.run(job)))
    expect(answers).toEqual(['a', 'b', 'c'])
    expect(runner.workersStarted).toBe(1)
    await runner.dispose()
  })
})
