// The notice list (issue 25): what the GM must not miss — a condition that ended, a delay that
// lapsed, a save that failed, a refused command — stays on screen until dismissed, instead of only
// passing through the one-line status that the next action overwrites.
import type { CodedStatus } from '../lib/error-messages'
import type { MessageKey, MessageParams } from '../lib/i18n'

export interface Notice {
  id: number
  tone: 'info' | 'ok' | 'warn' | 'error'
  key: MessageKey
  params?: MessageParams
  fieldKey?: MessageKey
  /** When it happened, as the page's clock shows it. */
  time: string
}

/** More than an evening's worth; the oldest go first. */
const MAX_NOTICES = 50

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })

export class NoticeList {
  items = $state.raw<Notice[]>([])
  private next = 1

  add(said: Pick<Notice, 'tone' | 'key' | 'params' | 'fieldKey'> | CodedStatus): void {
    const notice: Notice = { ...said, id: this.next++, time: TIME_FORMAT.format(Date.now()) }
    this.items = [...this.items, notice].slice(-MAX_NOTICES)
  }

  dismiss(id: number): void {
    this.items = this.items.filter((notice) => notice.id !== id)
  }

  dismissAll(): void {
    this.items = []
  }
}
