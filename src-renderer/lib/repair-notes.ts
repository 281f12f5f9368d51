// The sentence for each repair main made on open (core/campaign/repair-notes.ts), worded in the
// GM's language by the status line (error-messages.ts sayStatus): main sends codes, never text.
import type { RepairNote } from '@core/campaign/repair-notes'
import type { Sentence } from './i18n'

export function repairSentence(note: RepairNote): Sentence {
  switch (note.code) {
    case 'schema-upgraded':
      return {
        key: 'repair.schema-upgraded',
        params: { fromVersion: note.fromVersion, toVersion: note.toVersion },
      }
    case 'campaign-id-mismatch':
      return {
        key: 'repair.campaign-id-mismatch',
        params: { innerId: note.innerId, fileId: note.fileId },
      }
    case 'map-id-duplicate':
      return {
        key: 'repair.map-id-duplicate',
        params: { mapId: note.mapId, renamedTo: note.renamedTo },
      }
    default:
      return {
        key: `repair.${note.code}` as const,
        params: { map: note.mapName || note.mapId, count: note.count },
      }
  }
}
