// The GM page's status line and the notice list beside it, and the one way a call to main reports
// its failure there. The open campaign's session and the campaign list share one of these, so a
// refusal reads the same wherever the GM was when main said no.
import { ApiError } from '../lib/api'
import { describeFailure } from '../lib/error-messages'
import type { MessageKey, MessageParams, Sentence } from '../lib/i18n'
import { NoticeList } from './notices.svelte'

export type StatusTone = 'info' | 'ok' | 'warn' | 'error'

export interface Status {
  tone: StatusTone
  key: MessageKey
  params?: MessageParams
  /** A field's name for the sentence's {field}, said in the GM's language. */
  fieldKey?: MessageKey
  /** Sentences said in the GM's language, one after another, as the message's {details}. */
  details?: readonly Sentence[]
}

export class StatusLine {
  /** The line at the foot of the page: the last thing that happened, overwritten by the next. */
  status = $state<Status>({ tone: 'info', key: 'status.connecting' })
  /** What the GM must not miss, kept until dismissed (issue 25). */
  readonly notices = new NoticeList()

  /** Every call to main goes through here so a failure always reaches the status line. */
  async run(action: () => Promise<void>): Promise<void> {
    await this.attempt(action)
  }

  /** run, answering true when the action went through. */
  async attempt(action: () => Promise<void>): Promise<boolean> {
    try {
      await action()
      return true
    } catch (error) {
      this.failed(error)
      return false
    }
  }

  /** Tells the GM that a call failed: main's refusal worded by its code, never main's sentence. */
  failed(error: unknown): void {
    if (error instanceof ApiError) {
      this.tell(describeFailure(error))
      return
    }
    // Not from main: the page itself failed (a bug), so its own words are all there is.
    const message = error instanceof Error ? error.message : String(error)
    this.tell({ tone: 'error', key: 'status.error', params: { message } })
  }

  /** A notice for the list (and the status line, which the next action overwrites). */
  tell(said: Status): void {
    this.notices.add(said)
    this.status = said
  }
}
