// Main answers failures with an error code and an English sentence for logs; the page says each
// code in the GM's language (issue 13). A code without an entry here shows main's sentence;
// tests/unit/error-messages.test.ts fails when main's campaign errors gain a code this table lacks.
import { MAX_CAMPAIGN_FILE_BYTES } from '../../src-main/campaign/limits'
import type { MessageKey, MessageParams } from './i18n'

export interface CodedStatus {
  tone: 'error'
  key: MessageKey
  params?: MessageParams
}

const LIMIT_MB = MAX_CAMPAIGN_FILE_BYTES / (1024 * 1024)

export const ERROR_MESSAGES: Readonly<Record<string, CodedStatus>> = {
  'campaign-too-large': { tone: 'error', key: 'error.tooLarge', params: { limit: LIMIT_MB } },
  'message-too-large': { tone: 'error', key: 'error.tooLarge', params: { limit: LIMIT_MB } },
  'newer-version': { tone: 'error', key: 'error.newer' },
  'campaign-invalid': { tone: 'error', key: 'error.invalidCampaign' },
  'campaign-unreadable': { tone: 'error', key: 'error.unreadable' },
  'invalid-name': { tone: 'error', key: 'error.invalidName' },
  'not-open': { tone: 'error', key: 'error.notOpen' },
  'not-found': { tone: 'error', key: 'error.notFound' },
  'not-in-trash': { tone: 'error', key: 'error.notInTrash' },
  'invalid-import': { tone: 'error', key: 'error.invalidImport' },
  'import-conflict': { tone: 'error', key: 'error.importConflict' },
  disposed: { tone: 'error', key: 'error.disposed' },
  'sample-invalid': { tone: 'error', key: 'error.sampleInvalid' },
  'command-rejected': { tone: 'error', key: 'error.commandRejected' },
  'data-folder-locked': { tone: 'error', key: 'error.dataFolderLocked' },
}
