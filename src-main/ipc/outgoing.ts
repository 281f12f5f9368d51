// What main sends to a window, in order, without one long task for a large event (issue 26). An
// event that puts a whole map (an imported map of a hundred thousand edges) is written as JSON in
// slices, once for every window, and leaves in parts; the WebSocket host sends the parts as the
// fragments of one message, one a turn of the event loop, and the desktop app hands the page the
// text to parse instead of a structured clone of the map made in one go. Messages to a window
// leave in the order they were sent: a change's event still comes before the answer that
// acknowledges it.
import type { EventName } from '@core/contract/channels'
import type { CampaignEdit } from '@core/contract/campaign-service'
import { stringifyInParts } from '../campaign/json-slices'

/** Characters to a part of a large message's text. */
export const OUTGOING_PART_CHARS = 1 << 18

/** True for an event whose text is written in slices: a change that puts a whole map. */
export function isLargeEvent(event: EventName, data: unknown): boolean {
  if (event !== 'campaign.changed') return false
  const { changes } = data as CampaignEdit
  return changes.some((change) => change.op === 'put' && change.kind === 'map')
}

const partsByKey = new WeakMap<object, Promise<string[]>>()

/** What a large event's text is kept by (largeEventKey): its change list, shared by every copy. */
export function largeEventKey(data: unknown): object {
  return (data as CampaignEdit).changes
}

/**
 * JSON.stringify(value) in parts of about OUTGOING_PART_CHARS, built in slices once per `key`:
 * later windows share the first one's text. For a change event the key is its change list, the
 * one object every window's copy of the event holds (each subscriber gets its own data object).
 */
export function textPartsOnce(key: object, value: unknown): Promise<string[]> {
  let parts = partsByKey.get(key)
  if (!parts) partsByKey.set(key, (parts = stringifyInParts(value, OUTGOING_PART_CHARS)))
  return parts
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * A window's sender. `prepare` gives a message's payload, at once or (a large event) later;
 * `deliver` hands it over and may take turns of the event loop (a message in parts). A pending
 * payload or delivery holds back every message sent after it; the rest leave at once.
 */
export function createOrderedSender<Message, Payload>(
  prepare: (message: Message) => Payload | Promise<Payload>,
  deliver: (payload: Payload) => void | Promise<void>,
  onError: (error: unknown) => void = (error) =>
    console.error('[main] a message could not be sent', error),
): (message: Message) => void {
  let queue: Promise<void> | null = null
  const track = (delivery: Promise<void>): Promise<void> => {
    const tracked: Promise<void> = delivery.catch(onError).finally(() => {
      if (queue === tracked) queue = null
    })
    return tracked
  }
  return (message) => {
    const payload = prepare(message)
    if (!(payload instanceof Promise) && queue === null) {
      const delivered = deliver(payload)
      if (delivered instanceof Promise) queue = track(delivered)
      return
    }
    queue = track((queue ?? Promise.resolve()).then(() => payload).then(deliver))
  }
}

/**
 * Writes a text in parts as the fragments of one message, one fragment a turn of the event loop,
 * so other connections are answered between them. `write` answers false once the connection is
 * gone (the rest is dropped).
 */
export async function writeInFragments(
  parts: readonly string[],
  write: (text: string, last: boolean) => boolean,
  turn: () => Promise<void> = nextTurn,
): Promise<void> {
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) await turn()
    if (!write(parts[i], i === parts.length - 1)) return
  }
}
