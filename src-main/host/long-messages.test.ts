// Long requests in parts (issues 26 and 27): a picture or a pack reaches the host as a head and
// parts of at most PART_CHARS characters, joined back exactly; the host answers other requests
// between the parts; parts that break the format refuse their request once, and the connection
// stays up.
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { cellColourPicture } from '../art/art-fixtures'
import { sharedPictureDecoder } from '../art/picture-decoder'
import { PART_CHARS, requestTexts, type LongMessagePart } from '@core/contract/long-message'
import { LongRequests, type Assembled } from './long-messages'
import { parseClientMessage } from './messages'
import { startHost, type RunningHost } from './server'

/** What the host makes of one text message (parse, then the connection's long requests). */
function feed(long: LongRequests, text: string): Assembled | null {
  const parsed = parseClientMessage(text)
  if (!parsed.ok) return { ok: false, id: parsed.id ?? -1, error: parsed.error }
  if (parsed.kind === 'request') return { ok: true, message: parsed.message }
  return parsed.kind === 'head' ? long.begin(parsed.head) : long.add(parsed.part)
}

function part(id: number, index: number, text: string): string {
  const message: LongMessagePart = { id, part: index, text }
  return JSON.stringify(message)
}

describe('a long request in parts', () => {
  it('a short request is one message; a long argument goes in parts of at most PART_CHARS', () => {
    expect(requestTexts(1, 'campaign.list', {})).toEqual([
      '{"id":1,"verb":"campaign.list","args":{}}',
    ])
    const base64 = 'A'.repeat(3 * PART_CHARS + 5)
    const texts = requestTexts(2, 'asset.put', { base64, use: 'map' })
    expect(texts).toHaveLength(5)
    expect(JSON.parse(texts[0])).toEqual({
      id: 2,
      verb: 'asset.put',
      args: { use: 'map' },
      long: { arg: 'base64', parts: 4 },
    })
    for (const text of texts.slice(1))
      expect((JSON.parse(text) as LongMessagePart).text.length).toBeLessThanOrEqual(PART_CHARS)
    expect(Math.max(...texts.map((text) => text.length))).toBeLessThan(PART_CHARS + 100)
  })

  it('property: the host joins the parts back into exactly the request that was split', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.string({ maxLength: 20 }),
        fc.integer({ min: 1, max: 50 }),
        (long, other, partChars) => {
          const args = { json: long, onConflict: other }
          const host = new LongRequests()
          const answers = requestTexts(9, 'campaign.import', args, partChars).map((text) =>
            feed(host, text),
          )
          // Nothing until the last message, then the request as if it had come whole.
          expect(answers.slice(0, -1).every((answer) => answer === null)).toBe(true)
          expect(answers.at(-1)).toEqual({
            ok: true,
            message: { id: 9, verb: 'campaign.import', args },
          })
        },
      ),
    )
  })

  it('parts out of order, of another request, or past the cap refuse the request once', () => {
    const head = (id: number, parts: number) =>
      JSON.stringify({ id, verb: 'asset.put', args: {}, long: { arg: 'base64', parts } })
    const refused = (id: number) => ({ ok: false, id, error: { code: 'bad-message' } })

    const host = new LongRequests(10)
    expect(feed(host, head(1, 3))).toBeNull()
    expect(feed(host, part(1, 1, 'b'))).toMatchObject(refused(1))
    // The rest of a refused request is dropped without more answers.
    expect(feed(host, part(1, 2, 'c'))).toBeNull()
    expect(feed(host, part(5, 0, 'x'))).toMatchObject(refused(5))

    expect(feed(host, head(2, 2))).toBeNull()
    expect(feed(host, head(3, 2))).toMatchObject(refused(3))
    expect(feed(host, part(2, 0, 'aaaaaaaa'))).toBeNull()
    expect(feed(host, part(2, 1, 'aaa'))).toMatchObject(refused(2))

    expect(
      feed(
        host,
        JSON.stringify({
          id: 4,
          verb: 'v',
          args: { base64: 'x' },
          long: { arg: 'base64', parts: 1 },
        }),
      ),
    ).toMatchObject(refused(4))
    expect(feed(host, part(6, 0, 'x'.repeat(PART_CHARS + 1)))).toMatchObject(refused(6))
  })
})

describe('through the host', () => {
  let root: string
  let host: RunningHost
  const sockets: WebSocket[] = []

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'grid-gm-long-'))
    await mkdir(join(root, 'static'))
    host = await startHost({
      dataDir: join(root, 'data'),
      port: 0,
      staticDir: join(root, 'static'),
      autosaveDelayMs: 10_000,
    })
  })

  afterEach(async () => {
    for (const ws of sockets.splice(0)) ws.terminate()
    await host.close()
    await sharedPictureDecoder().dispose()
    await rm(root, { recursive: true, force: true })
  })

  async function socket(): Promise<{
    ws: WebSocket
    answer(id: number): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>
  }> {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws`, {
      origin: `http://127.0.0.1:${host.port}`,
    })
    sockets.push(ws)
    const answers = new Map<number, unknown>()
    const waiting = new Map<number, (result: unknown) => void>()
    ws.on('message', (raw) => {
      const { id, result } = JSON.parse(raw.toString()) as { id?: number; result?: unknown }
      if (typeof id !== 'number' || !result) return
      answers.set(id, result)
      waiting.get(id)?.(result)
    })
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    return {
      ws,
      answer: (id) =>
        new Promise((resolve) => {
          if (answers.has(id)) resolve(answers.get(id) as never)
          else waiting.set(id, resolve as never)
        }),
    }
  }

  it('stores a picture sent in parts, and answers another connection between its parts', async () => {
    const { png } = cellColourPicture(40, 30, 10)
    const base64 = Buffer.from(png).toString('base64')
    const texts = requestTexts(1, 'asset.put', { base64, use: 'map' }, 1024)
    expect(texts.length).toBeGreaterThan(4)
    const gm = await socket()
    const other = await socket()
    const half = Math.floor(texts.length / 2)
    for (const text of texts.slice(0, half)) gm.ws.send(text)
    // Half the picture is in; another page's request is answered meanwhile.
    other.ws.send(JSON.stringify({ id: 7, verb: 'campaign.list', args: {} }))
    expect(await other.answer(7)).toMatchObject({ ok: true })
    for (const text of texts.slice(half)) gm.ws.send(text)
    expect(await gm.answer(1)).toMatchObject({ ok: true, value: { width: 400, height: 300 } })
    expect(await readdir(join(root, 'data', 'assets'))).toHaveLength(1)
  })

  it('refuses a broken request in parts with an answer, and the connection stays up', async () => {
    const gm = await socket()
    const texts = requestTexts(3, 'asset.put', { base64: 'QUJD'.repeat(100), use: 'map' }, 64)
    gm.ws.send(texts[0])
    gm.ws.send(texts[2])
    expect(await gm.answer(3)).toMatchObject({ ok: false, error: { code: 'bad-message' } })
    gm.ws.send(JSON.stringify({ id: 4, verb: 'campaign.list', args: {} }))
    expect(await gm.answer(4)).toMatchObject({ ok: true })
  })
})
