// A refusal whose shape is already the contract's (the rules engine's answer, a map that is not
// in the campaign, a verb this app has no service for): toHandlerError passes it on as it is.
import type { HandlerError } from '@core/contract/contract'

export class VerbError extends Error {
  constructor(readonly handlerError: HandlerError) {
    super(handlerError.message)
    this.name = 'VerbError'
  }
}

export function mapNotFound(mapId: string): VerbError {
  return new VerbError({ code: 'not-found', message: `No map with id ${mapId} in this campaign.` })
}
