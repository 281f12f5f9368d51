// Area templates per system, turned into the engine's query: arianrhod 効果範囲 (`area` with the
// fate ±1 m control), DysTopiA target shapes (`targets`), pathfinder / dnd35 burst and spread
// (`spread` from a grid intersection), cone and line (`spread` with a shape and a direction).
import type { CampaignMap, CampaignToken } from '@core/campaign/schema'
import type { Cell } from '@core/rules/model'
import type { RulesQuery } from '@core/rules/queries'
import { directionTowards, type LineDirection } from './fight-rules'
import { systemFacts } from '@core/rules/facts'

export type ArianrhodRange = 'scene' | 'reach' | number

export type TemplateSettings =
  | { kind: 'area'; fate: number; range: ArianrhodRange }
  | {
      kind: 'targets'
      shape: 'area' | 'scene' | 'squares' | 'line'
      range: string
      n: number
      direction: LineDirection | null
    }
  | { kind: 'spread'; shape: 'burst' | 'spread' | 'cone' | 'line'; radius: number }

export const PATHFINDER_SHAPES = ['burst', 'spread', 'cone', 'line'] as const
export const DYSTOPIA_SHAPES = ['area', 'scene', 'squares', 'line'] as const

/** The template kind is the engine query the system's templates ask (facts.ts `areaTemplate`). */
export function defaultTemplate(system: CampaignMap['system']): TemplateSettings {
  switch (systemFacts(system).areaTemplate) {
    case 'area':
      return { kind: 'area', fate: 0, range: 'scene' }
    case 'targets':
      return { kind: 'targets', shape: 'area', range: '0-3', n: 2, direction: null }
    case 'spread':
      return { kind: 'spread', shape: 'burst', radius: 20 }
  }
}

export interface TemplateInput {
  user: CampaignToken | null
  picks: readonly Cell[]
  hovered: Cell | null
  /** Pointer position in cell units (fractions), for grid intersections. */
  pointer: { x: number; y: number } | null
}

/** The template queries, declared in core/rules/queries.ts. */
type Query = RulesQuery<'area' | 'targets' | 'spread'>

function intersection(point: { x: number; y: number }, map: CampaignMap): Cell {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)))
  return [clamp(point.x, map.width), clamp(point.y, map.height)]
}

/** The engine query for the template as placed now, or null while it has nowhere to be. */
export function templateQuery(
  map: CampaignMap,
  template: TemplateSettings,
  input: TemplateInput,
): Query | null {
  const { user, picks, hovered, pointer } = input
  if (template.kind === 'area') {
    const origin = picks[0] ?? hovered
    if (!origin) return null
    return {
      type: 'area',
      origin,
      fate: template.fate,
      ...(user ? { token: user.id, range: template.range } : {}),
    }
  }
  if (template.kind === 'targets') {
    if (!user) return null
    const base = {
      type: 'targets' as const,
      token: user.id,
      shape: template.shape,
      range: template.range,
    }
    if (template.shape === 'scene') return base
    if (template.shape === 'area') {
      const pick = picks[0] ?? hovered
      return pick ? { ...base, pick: [pick] } : null
    }
    if (template.shape === 'line') {
      const direction = template.direction ?? (hovered ? directionTowards(user.at, hovered) : null)
      return direction ? { ...base, direction } : null
    }
    // nマス指定: the picks so far plus the hovered square, previewed as that many squares.
    const list = [...picks]
    if (
      hovered &&
      list.length < template.n &&
      !list.some((p) => p[0] === hovered[0] && p[1] === hovered[1])
    )
      list.push(hovered)
    return list.length > 0 ? { ...base, n: list.length, pick: list } : null
  }
  const origin = picks[0] ?? (pointer ? intersection(pointer, map) : null)
  if (!origin) return null
  if (template.shape === 'burst' || template.shape === 'spread') {
    return { type: 'spread', origin, radius: template.radius, shape: template.shape }
  }
  // Cone and line point from the origin towards the pointer once the origin is clicked; a second
  // click pins that direction (issue 12.12), so the template stays when the pointer leaves.
  const toward = picks[1] ?? (picks[0] && pointer ? intersection(pointer, map) : null)
  if (!toward || (toward[0] === origin[0] && toward[1] === origin[1])) return null
  return { type: 'spread', origin, radius: template.radius, shape: template.shape, toward }
}
