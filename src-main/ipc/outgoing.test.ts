// Messages to a window leave in order, and an event that puts a whole map is written in slices
// and sent in parts, one a turn of the event loop (issue 26). Counted in turns and part sizes,
// never timed: the bench (`npm run bench -- uvtt`) times it.
import { describe, expect, it } from 'vitest'
import type { CampaignEdit } from '@core/contract/campaign-service'
import { eventDataOf } from '@core/contract/event-json'
import {
  createOrderedSender,
  isLargeEvent,
  largeEventKey,
  OUTGOING_PART_CHARS,
  textPartsOnce,
  writeInFragments,
} from './outgoing'

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

function mapEdit(edges: number): CampaignEdit {
  const map = {
    id: 'imported',
    edges: Array.from({ length: edges }, (_, i) => ({
      between: [
        [i % 1000, Math.floor(i / 1000)],
        [(i % 1000) + 1, Math.floor(i / 1000)],
      ],
      kind: 'wall',
    })),
  }
  return {
    campaignId: 'c',
    revision: 2,
    changes: [{ op: 'put', kind: 'map', id: 'imported', record: map }],
    cause: { type: 'map.add' },
    canUndo: true,
    canRedo: false,
  } as unknown as CampaignEdit
}

describe('outgoing messages', () => {
  it('take an event putting a whole map for a large one, and no other', () => {
    expect(isLargeEvent('campaign.changed', mapEdit(1))).toBe(true)
    const small = { ...mapEdit(0), changes: [{ op: 'remove', kind: 'map', id: 'x' }] }
    expect(isLargeEvent('campaign.changed', small)).toBe(false)
    expect(isLargeEvent('uvtt.progress', { jobId: 'j', done: 1, total: 2 })).toBe(false)
  })

  it("write a large event's text once, in parts of a bounded size that make JSON.stringify's", async () => {
    const data = mapEdit(20_000)
    const message = { event: 'campaign.changed', data }
    const parts = await textPartsOnce(largeEventKey(data), message)
    expect(parts.join('')).toBe(JSON.stringify(message))
    // About a million characters: several parts, none much longer than asked (one slice more).
    expect(parts.length).toBeGreaterThan(3)
    for (const part of parts) expect(part.length).toBeLessThan(OUTGOING_PART_CHARS + 100_000)
    // Every window gets the same text, written once, though each has its own copy of the data.
    const copy = { event: 'campaign.changed', data: { ...data } }
    expect(textPartsOnce(largeEventKey(copy.data), copy)).toBe(
      textPartsOnce(largeEventKey(data), message),
    )
  })

  it('send the parts as fragments of one message, one a turn of the event loop', async () => {
    const parts = ['{"a":', '1,"b":', '2}']
    const written: Array<[string, boolean, number]> = []
    let turns = 0
    await writeInFragments(
      parts,
      (text, last) => {
        written.push([text, last, turns])
        return true
      },
      async () => {
        turns++
        await nextTurn()
      },
    )
    expect(written).toEqual([
      ['{"a":', false, 0],
      ['1,"b":', false, 1],
      ['2}', true, 2],
    ])
  })

  it('stop sending the parts once the connection is gone', async () => {
    const written: string[] = []
    await writeInFragments(['a', 'b', 'c'], (text) => {
      written.push(text)
      return written.length < 2
    })
    expect(written).toEqual(['a', 'b'])
  })

  it('leave in the order they were sent, a pending large one holding the later ones back', async () => {
    const delivered: string[] = []
    let release!: (text: string[]) => void
    const large = new Promise<string[]>((resolve) => (release = resolve))
    const send = createOrderedSender<string, string | string[]>(
      (name) => (name === 'large' ? large : name),
      async (payload) => {
        if (typeof payload === 'string') {
          delivered.push(payload)
          return
        }
        await writeInFragments(payload, (text) => {
          delivered.push(text)
          return true
        })
      },
    )
    send('first')
    send('large')
    send('ack')
    expect(delivered).toEqual(['first'])
    await nextTurn()
    expect(delivered).toEqual(['first'])
    release(['L1', 'L2'])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(delivered).toEqual(['first', 'L1', 'L2', 'ack'])
    // Once nothing is pending, a message leaves at once again.
    send('later')
    expect(delivered.at(-1)).toBe('later')
  })

  it("hand the desktop page a large event as its message's text, read back as the event's data", async () => {
    const data = mapEdit(3000)
    const message = { event: 'campaign.changed', data }
    const text = (await textPartsOnce(data, message)).join('')
    expect(eventDataOf({ eventJson: text })).toEqual(data)
    expect(eventDataOf(data)).toBe(data)
  })
})
