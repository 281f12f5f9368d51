// A map the page holds by its outline only (issue 13: a 50-map campaign does not cross the wire
// whole; issue 28: an outline is its own type, not a blank CampaignMap). campaign.open sends the
// shown map in full and every map as an outline, in the campaign's order; the page follows both
// with the same record changes (changes.ts), applying to the full maps only what is about them.
import { z } from 'zod'
import type { Change } from './changes'
import type { CampaignMap } from './schema'
import { systemIdSchema } from '../rules/model'

export const mapOutlineSchema = z.strictObject({
  id: z.string().min(1).max(200),
  name: z.string().max(200),
  system: systemIdSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
})
export type MapOutline = z.infer<typeof mapOutlineSchema>

const OUTLINE_FIELDS = ['name', 'system', 'width', 'height'] as const

export function outlineOf(map: Pick<CampaignMap, keyof MapOutline>): MapOutline {
  return { id: map.id, name: map.name, system: map.system, width: map.width, height: map.height }
}

/**
 * The outlines after the changes: maps added, removed, reordered, renamed or resized. The same
 * list when no change is about an outline (an edit inside a map), so what lists the maps (the
 * page's map tabs) has nothing to do (issue 29).
 */
export function outlinesAfter(
  outlines: readonly MapOutline[],
  changes: readonly Change[],
): readonly MapOutline[] {
  let list = outlines
  for (const change of changes) {
    if (change.kind !== 'map') continue
    if (change.op === 'put') {
      const outline = outlineOf(change.record as CampaignMap)
      const at = list.findIndex((o) => o.id === change.id)
      list = at >= 0 ? list.with(at, outline) : [...list, outline]
    } else if (change.op === 'remove') list = list.filter((o) => o.id !== change.id)
    else if (change.op === 'order') {
      const byId = new Map(list.map((o) => [o.id, o]))
      list = change.ids.flatMap((id) => byId.get(id) ?? [])
    } else if (
      change.op === 'set' &&
      change.field.length === 1 &&
      (OUTLINE_FIELDS as readonly string[]).includes(change.field[0])
    ) {
      list = list.map((o) => (o.id === change.id ? { ...o, [change.field[0]]: change.value } : o))
    }
  }
  return list
}

/**
 * The changes that concern the maps held in full (`held`, their ids), for applyChanges on a
 * campaign that holds only those: changes inside an outlined map are left out (its outline
 * follows by outlinesAfter), a map's order lists the held maps only. A map put is held from then on.
 */
export function changesForHeld(changes: readonly Change[], held: ReadonlySet<string>): Change[] {
  const holding = new Set(held)
  const kept: Change[] = []
  for (const change of changes) {
    if (change.kind === 'map') {
      if (change.op === 'put') holding.add(change.id)
      else if (change.op === 'order') {
        kept.push({ ...change, ids: change.ids.filter((id) => holding.has(id)) })
        continue
      } else if (!holding.has(change.id ?? '')) continue
      else if (change.op === 'remove') holding.delete(change.id)
      kept.push(change)
    } else if (change.mapId === undefined || holding.has(change.mapId)) kept.push(change)
  }
  return kept
}
