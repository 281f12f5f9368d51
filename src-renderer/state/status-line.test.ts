// The status line both the session and the campaign list report on: a failed call to main is
// worded by its code and kept as a notice; a failure of the page itself says its own message.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api'
import { StatusLine } from './status-line.svelte'

describe('StatusLine', () => {
  it('attempt answers whether the action went through, and words main’s refusal by its code', async () => {
    const line = new StatusLine()
    expect(await line.attempt(async () => {})).toBe(true)
    expect(line.notices.items).toEqual([])
    const refused = await line.attempt(async () => {
      throw new ApiError({ code: 'not-in-trash', message: 'That is not in the trash' })
    })
    expect(refused).toBe(false)
    expect(line.status).toMatchObject({ tone: 'error', key: 'error.notInTrash' })
    expect(line.notices.items.map((n) => n.key)).toEqual(['error.notInTrash'])
  })

  it('run keeps a page failure on the line in the page’s own words', async () => {
    const line = new StatusLine()
    await line.run(async () => {
      throw new TypeError('x is undefined')
    })
    expect(line.status).toEqual({
      tone: 'error',
      key: 'status.error',
      params: { message: 'x is undefined' },
    })
    expect(line.notices.items).toHaveLength(1)
  })
})
