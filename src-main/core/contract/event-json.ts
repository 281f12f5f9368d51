// A large event as the desktop app's main hands it to a window (issue 26): the JSON text of the
// whole message ({event, data}), written in slices on main, where a structured clone of an
// imported map of a hundred thousand edges was one long task. The page's bridge parses it back.

export interface EventAsJson {
  eventJson: string
}

export function isEventAsJson(data: unknown): data is EventAsJson {
  return (
    typeof data === 'object' &&
    data !== null &&
    Object.keys(data).length === 1 &&
    typeof (data as { eventJson?: unknown }).eventJson === 'string'
  )
}

/** The event's data, whether it came as itself or as its message's JSON text. */
export function eventDataOf(data: unknown): unknown {
  return isEventAsJson(data) ? (JSON.parse(data.eventJson) as { data: unknown }).data : data
}
