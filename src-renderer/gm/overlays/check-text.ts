// The checks a path needs, worded in the order they are played (issue 12.9): a 登攀 reads
// "Climb check (2 m): STR DC 10; if failed, AGI DC 10 or fall 4 m", one line for the STR check
// and the AGI check the engine lists after it. Nothing here decides a rule: the checks, their DCs
// and the metres fallen all come from the engine's `path` answer.
import type { MessageKey, MessageParams } from '../../lib/i18n'
import type { PathCheck, PathFall } from './fight-rules'

type Translate = (key: MessageKey, params?: MessageParams) => string

export interface CheckLine {
  /** The whole line, in play order. */
  text: string
  /** The engine's checks this line covers, in order (each gets its own roll row). */
  checks: PathCheck[]
}

/** Pathfinder checks the engine names beyond jump and climb (003's own words in the dictionary). */
const LABELLED_KINDS = new Set(['run', 'overrun', 'acrobatics', 'escape-artist'])

/**
 * "STR DC 10" (with the darkness die where the engine adds one); a Pathfinder climb or jump also
 * says how far up or down (in `unit`) and its modifier (登攀速度の上昇 −5).
 */
export function testText(t: Translate, check: PathCheck, unit = ''): string {
  const ability = check.ability ? t(`fight.ability.${check.ability}` as MessageKey) : ''
  let test =
    check.dc === undefined ? ability : t('fight.check.test', { ability, dc: check.dc }).trim()
  if (check.height !== undefined) {
    const key = check.direction === 'down' ? 'fight.check.height.down' : 'fight.check.height.up'
    test = [test, t(key, { height: check.height, unit })].filter(Boolean).join(' · ')
  }
  if (check.modifier !== undefined) {
    const n = check.modifier > 0 ? `+${check.modifier}` : `−${-check.modifier}`
    test = `${test} · ${t('fight.check.modifier', { n })}`
  }
  return check.dice ? `${test}${t('fight.check.dice', { dice: check.dice })}` : test
}

/** Whether rolling this check can change anything (a climb AGI check whose two outcomes fall as far cannot). */
export function worthRolling(check: PathCheck): boolean {
  return !(check.drops && check.drops.onSuccess === check.drops.onFailure)
}

export function checkLines(
  t: Translate,
  checks: readonly PathCheck[],
  nameOf: (id: string) => string,
  unit = '',
): CheckLine[] {
  const lines: CheckLine[] = []
  for (let i = 0; i < checks.length; i++) {
    const check = checks[i]
    const next = checks[i + 1]
    if (
      check.kind === 'climb' &&
      check.ability === 'STR' &&
      next?.kind === 'climb' &&
      next.ifFailed === 'STR'
    ) {
      lines.push({ text: climbLine(t, check, next), checks: [check, next] })
      i++
    } else lines.push({ text: singleLine(t, check, nameOf, unit), checks: [check] })
  }
  return lines
}

function climbLine(t: Translate, str: PathCheck, agi: PathCheck): string {
  const line = t('fight.check.climb.line', { metres: str.climbs ?? 0, test: testText(t, str) })
  const drops = agi.drops
  if (!drops || drops.onFailure === 0) return line
  if (drops.onSuccess === drops.onFailure)
    return t('fight.check.climb.fall', { line, fall: drops.onFailure })
  if (drops.onSuccess === 0)
    return t('fight.check.climb.orFall', { line, test: testText(t, agi), fall: drops.onFailure })
  return t('fight.check.climb.slipOrFall', {
    line,
    test: testText(t, agi),
    slip: drops.onSuccess,
    fall: drops.onFailure,
  })
}

function singleLine(
  t: Translate,
  check: PathCheck,
  nameOf: (id: string) => string,
  unit: string,
): string {
  if (check.kind === 'contest') {
    return t('fight.check.contest.line', {
      test: testText(t, check),
      ids: (check.against ?? []).map(nameOf).join(', '),
    })
  }
  const kind = check.kind === 'jump' || check.kind === 'climb' ? check.kind : 'other'
  const test = testText(t, check, unit)
  const line = LABELLED_KINDS.has(check.kind)
    ? t('fight.check.labelled', { label: t(`fight.check.${check.kind}` as MessageKey), test })
    : t(`fight.check.${kind}.single` as MessageKey, { test, kind: check.kind })
  return check.ifFailed
    ? t('fight.check.ifFailedLine', {
        line,
        ability: t(`fight.ability.${check.ifFailed}` as MessageKey),
      })
    : line
}

/** A fall on the path: its height, and its damage as the system gives it (Arianrhod: the GM's; none when a ZOC stops it). */
export function fallText(
  t: Translate,
  fall: PathFall,
  nameOf: (id: string) => string,
  cell: string,
): string {
  if (fall.damage === 'none' && fall.stoppedBy.length > 0) {
    return t(fall.start ? 'fight.fall.start.stopped' : 'fight.fall.stopped', {
      height: fall.height,
      cell,
      names: fall.stoppedBy.map(nameOf).join(', '),
    })
  }
  return t(fall.start ? 'fight.fall.start.gm' : 'fight.fall.gm', { height: fall.height, cell })
}
