// The text on each 3D path segment: what it is, the cumulative cost and the checks it needs.
import type { MessageKey, MessageParams } from '../../lib/i18n'
import type { PathSegment } from './path-segments'
import { formatLength, type Unit } from './units'

export type Translate = (key: MessageKey, params?: MessageParams) => string

export function segmentLabel(segment: PathSegment, unit: Unit, t: Translate): string {
  const height = formatLength(Math.abs(segment.rise), unit)
  const what =
    segment.action === 'climb'
      ? t('height.action.climb', { height })
      : segment.action === 'fall'
        ? t('height.action.fall', { height })
        : t(`height.action.${segment.action}`)
  const parts = [what, t('height.total', { cost: formatLength(segment.cost, unit) })]
  for (const check of segment.checks) {
    if (check.dc !== undefined)
      parts.push(t('height.check', { ability: check.ability ?? check.kind, dc: check.dc }))
    else parts.push(t('height.contest'))
  }
  return parts.join(' · ')
}
