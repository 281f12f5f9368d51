// Jobs on a worker thread that gives its memory back. A decode or an unpack runs on a worker that
// is ended after any large job and as soon as it falls idle, so what the job took (its heap, the
// WebAssembly memory of the WebP decoder, which never shrinks, buffers nobody collected) returns
// to the system instead of staying resident in an idle thread. Each worker runs under V8 resource
// limits: a job that outgrows them ends its worker, not the app. One job at a time per runner, so
// the decodes of one runner never need more than one decode's budget together.
import { parentPort, type Worker } from 'node:worker_threads'

export type JobAnswer<T> =
  { ok: true; value: T } | { ok: false; code: string; message: string; path?: string }

/** A job the worker refused (its code and path are the refusal's) or could not finish. */
export class JobError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly path?: string,
  ) {
    super(message)
    this.name = 'JobError'
  }
}

export interface JobOptions {
  /** Buffers moved to the worker rather than copied. */
  transfer?: ArrayBuffer[]
  /** A large job ends its worker when done, whatever comes next. */
  large?: boolean
}

export interface JobRunner<Request, Result> {
  run(request: Request, options?: JobOptions): Promise<Result>
  /** How many workers were started (each ended one gave its memory back). */
  readonly workersStarted: number
  /** Whether a worker is alive now. */
  readonly alive: boolean
  dispose(): Promise<void>
}

/** An idle worker is ended after this long (a burst of small token pictures shares one). */
const IDLE_MS = 500

export function createJobRunner<Request, Result>(
  spawn: () => Worker,
  idleMs = IDLE_MS,
): JobRunner<Request, Result> {
  let worker: Worker | null = null
  let idleTimer: NodeJS.Timeout | null = null
  let queue: Promise<unknown> = Promise.resolve()
  let started = 0

  const end = async (): Promise<void> => {
    if (idleTimer) clearTimeout(idleTimer)
    idleTimer = null
    const ending = worker
    worker = null
    await ending?.terminate()
  }

  function once(request: Request, options: JobOptions): Promise<Result> {
    if (idleTimer) clearTimeout(idleTimer)
    idleTimer = null
    if (!worker) {
      worker = spawn()
      started++
    }
    const current = worker
    current.ref()
    return new Promise<Result>((resolve, reject) => {
      const settle = (): void => {
        current.off('message', onMessage)
        current.off('error', onError)
        current.off('exit', onExit)
        current.unref()
      }
      const onMessage = (answer: JobAnswer<Result>): void => {
        settle()
        if (answer.ok) resolve(answer.value)
        else reject(new JobError(answer.code, answer.message, answer.path))
      }
      const onError = (error: Error & { code?: string }): void => {
        settle()
        if (worker === current) worker = null
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new JobError('asset-over-memory', 'The work needed more memory than it is allowed.')
            : new JobError('internal', error.message),
        )
      }
      const onExit = (): void => {
        settle()
        if (worker === current) worker = null
        reject(new JobError('internal', 'The worker stopped before it answered.'))
      }
      current.on('message', onMessage)
      current.on('error', onError)
      current.on('exit', onExit)
      current.postMessage(request, options.transfer ?? [])
    }).finally(async () => {
      if (options.large) await end()
      else if (worker) {
        idleTimer = setTimeout(() => void end(), idleMs)
        idleTimer.unref()
      }
    })
  }

  return {
    run(request, options = {}) {
      const job = queue.then(() => once(request, options))
      queue = job.catch(() => undefined)
      return job
    },
    get workersStarted() {
      return started
    },
    get alive() {
      return worker !== null
    },
    dispose: end,
  }
}

/** The worker's side: answers each job with `handle`'s value, or with the refusal's code. */
export function serveJobs<Request, Result>(
  handle: (request: Request) => Promise<{ value: Result; transfer?: ArrayBuffer[] }>,
): void {
  const port = parentPort
  if (!port) throw new Error('This module runs as a worker thread only.')
  port.on('message', (request: Request) => {
    handle(request).then(
      ({ value, transfer }) =>
        port.postMessage({ ok: true, value } satisfies JobAnswer<Result>, transfer ?? []),
      (error: unknown) => {
        const { code, path } = error as { code?: unknown; path?: unknown }
        port.postMessage({
          ok: false,
          code: typeof code === 'string' && /^[a-z-]+$/.test(code) ? code : 'internal',
          message: error instanceof Error ? error.message : String(error),
          ...(typeof path === 'string' ? { path } : {}),
        } satisfies JobAnswer<Result>)
      },
    )
  })
}
