// What the GM is told about journal data that was not replayed on open (journal-replay.ts). No
// imports: the contract and the page read these too.

/**
 * damaged-header: the file's first line cannot be read, so nothing says which file it belongs to;
 * damaged-line: a line in the middle is damaged; not-applicable: a record the campaign refuses
 * (a token that is not there, a square off the map, a limit passed); unmatched: the journal
 * belongs to another version of the campaign file; unchained: it does not follow what came before.
 */
export const JOURNAL_PROBLEMS = [
  'damaged-header',
  'damaged-line',
  'not-applicable',
  'unmatched',
  'unchained',
] as const
export type JournalProblem = (typeof JOURNAL_PROBLEMS)[number]

/** One journal file set aside (file names only, never the data folder's path). */
export interface JournalNotice {
  problem: JournalProblem
  /** The generation file it came from, and the name it is kept under now. */
  file: string
  keptAs: string
  /** The line where replay stopped (damaged-line, not-applicable). */
  line?: number
  /** Changes from this file that were replayed before that line. */
  replayed: number
  /** Changes kept aside without being replayed (the records that could be read). */
  setAside: number
  /** Why a record did not apply, in main's English words (for logs; the page words `problem`). */
  reason?: string
}
