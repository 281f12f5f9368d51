import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api'
import { LatestQuery } from './fight-query.svelte'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('LatestQuery', () => {
  it('asks once per key and drops an answer overtaken by a newer request', async () => {
    const query = new LatestQuery<string>()
    const first = deferred<string>()
    const second = deferred<string>()
    query.request('a', () => first.promise)
    query.request('a', () => Promise.resolve('never asked'))
    query.request('b', () => second.promise)
    expect(query.sent).toBe(2)
    second.resolve('answer b')
    await settle()
    first.resolve('stale a')
    await settle()
    expect(query.value).toBe('answer b')
    expect(query.pending).toBe(false)
  })

  it('keeps the engine error code and clears on a null key', async () => {
    const query = new LatestQuery<string>()
    query.request('x', () =>
      Promise.reject(new ApiError({ code: 'unsupported-query', message: 'no cones' })),
    )
    await settle()
    expect(query.error).toEqual({ code: 'unsupported-query', message: 'no cones' })
    query.clear()
    expect(query.error).toBeNull()
    expect(query.value).toBeNull()
  })

  it('asks again for the same key after invalidate', async () => {
    const query = new LatestQuery<number>()
    let asked = 0
    query.request('k', async () => ++asked)
    query.invalidate()
    query.request('k', async () => ++asked)
    await settle()
    expect(asked).toBe(2)
    expect(query.value).toBe(2)
  })
})
