// The sentence for each repair main made on open (core/campaign/repair-notes.ts), worded in the
// GM's language by the status line (error-messages.ts sayStatus): main sends codes, never text.
import { MAP_REPAIR_CODES, type MapRepairCode, type RepairNote } from '@core/campaign/repair-notes'
import type { Sentence } from './i18n'

/**
 * Maps the status line names one by one. An imported or hand-edited campaign can need repairs in
 * every map: 50 maps made 100 sentences (5,300 characters) in a one-line status that shows ~190
 * and that a screen reader reads whole.
 */
export const MAPS_NAMED = 3

/**
 * The sentences of an open's repairs: one per note, or, when the notes name more than MAPS_NAMED
 * maps, the maps' notes summed by kind ("In 50 maps: dropped 11719 …"), the others as they are.
 */
export function repairSentences(notes: readonly RepairNote[]): Sentence[] {
  const mapCode = (note: RepairNote): note is Extract<RepairNote, { code: MapRepairCode }> =>
    (MAP_REPAIR_CODES as readonly string[]).includes(note.code)
  const mapNotes = notes.filter(mapCode)
  if (new Set(mapNotes.map((note) => note.mapId)).size <= MAPS_NAMED)
    return notes.map(repairSentence)
  const sentences = notes.filter((note) => !mapCode(note)).map(repairSentence)
  for (const code of MAP_REPAIR_CODES) {
    const ofCode = mapNotes.filter((note) => note.code === code)
    if (ofCode.length === 0) continue
    const maps = new Set(ofCode.map((note) => note.mapId)).size
    const count = ofCode.reduce((sum, note) => sum + note.count, 0)
    sentences.push(
      maps === 1
        ? repairSentence({ ...ofCode[0], count })
        : { key: `repair.${code}.maps`, params: { maps, count } },
    )
  }
  return sentences
}

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
