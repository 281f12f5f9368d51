// Issue 24, "refusals that name the real cause": for every refusal code the engine can give, a
// scenario that triggers it (answered through the real scenario runner), and the sentence the page
// shows for it in English and in Japanese names that cause — its own words in refusal-cases/ — and no other
// code's. A new code fails the completeness test until it has a scenario and words here.
import { describe, expect, it } from 'vitest'
import { runScenario } from '@core/rules/scenario/run'
import { scenarioOf } from '@core/rules/testing/scenario'
import type { SystemId } from '@core/rules/model'
import { systems } from '@core/rules/systems'
import { translate, type MessageKey, type MessageParams } from './i18n'
import { reasonText } from './engine-reasons'
import type { Case, Cause } from './refusal-cases/cases'
import { ARIANRHOD_CAUSES } from './refusal-cases/arianrhod'
import { DYSTOPIA_CAUSES } from './refusal-cases/dystopia'
import { PATHFINDER_CAUSES } from './refusal-cases/pathfinder'

const CAUSES: Cause[] = [...ARIANRHOD_CAUSES, ...DYSTOPIA_CAUSES, ...PATHFINDER_CAUSES]

const en = (key: MessageKey, params?: MessageParams) => translate('en', key, params)
const ja = (key: MessageKey, params?: MessageParams) => translate('ja', key, params)
const sentence = (cause: Cause, t: typeof en) => reasonText(t, cause.code, cause.context)

function answerOf(c: Case): Record<string, unknown> {
  const doc = scenarioOf(c.system, c.map, c.tokens ?? {}, c.query, c.extras)
  const result = runScenario(c.round ? { ...doc, round: c.round } : doc)
  if (!result.ok) throw new Error(`scenario error ${JSON.stringify(result.error)}`)
  return result.answer as Record<string, unknown>
}

const label = (cause: Cause) => `${cause.context === 'attack' ? 'attack ' : ''}${cause.code}`

describe('every refusal names its real cause, in English and Japanese (issue 24)', () => {
  it.each(
    CAUSES.flatMap((cause) => cause.cases.map((c) => [label(cause), c.system, cause, c] as const)),
  )('%s (%s): a scenario triggers it', (_label, _system, cause, c) => {
    const answer = answerOf(c)
    expect(answer.reason, JSON.stringify(answer)).toBe(cause.code)
  })

  it.each(CAUSES.map((cause) => [label(cause), cause] as const))(
    '%s: the page names that cause and no other',
    (_label, cause) => {
      const words = { en: sentence(cause, en), ja: sentence(cause, ja) }
      expect(words.en).toMatch(cause.en)
      expect(words.ja).toMatch(cause.ja)
      for (const other of CAUSES) {
        if (other === cause) continue
        expect(words.en, `${label(cause)} also reads as ${label(other)}`).not.toMatch(other.en)
        expect(words.ja, `${label(cause)} also reads as ${label(other)}`).not.toMatch(other.ja)
      }
    },
  )

  it('every code every system gives has a case here, in that system', () => {
    const covered = new Set(
      CAUSES.flatMap((cause) => cause.cases.map((c) => `${c.system}:${cause.code}`)),
    )
    const family = (id: SystemId) => (id === 'dnd35' ? 'pathfinder' : id)
    const missing = Object.values(systems).flatMap((system) =>
      system.reasons
        .filter(
          (code) =>
            !covered.has(`${family(system.id)}:${code}`) && !covered.has(`${system.id}:${code}`),
        )
        .map((code) => `${system.id}:${code}`),
    )
    expect(missing).toEqual([])
  })
})
