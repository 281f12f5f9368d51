// Issue 12.8: no raw engine code may reach the GM. Every reason and error code the engine can
// give is listed beside it (each system's `reasons` and `lightEffects`, SCENARIO_ERROR_CODES),
// and each must have a sentence in English and Japanese. The source scan below catches a code
// written into the engine without being added to its system's list.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { systems } from '@core/rules/systems'
import { SCENARIO_ERROR_CODES } from '@core/rules/system'
import { en as attackEn, ja as attackJa } from './messages/attack'
import { en as engineEn, ja as engineJa } from './messages/engine'
import { en as fightEn0, ja as fightJa0 } from './messages/fight'
import { en as conditionsEn, ja as conditionsJa } from './messages/conditions'
import { translate, type MessageKey } from './i18n'
import { engineErrorText, reasonText } from './engine-reasons'

// happy-dom gives import.meta.url another scheme; vitest runs from the repository root.
const rulesDir = join(process.cwd(), 'src-main', 'core', 'rules')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

// The fight panel's sentences live in several dictionaries: the engine's reasons and errors
// (engine), moving (fight), attacking (attack) and conditions.
const fightEn: Record<string, string> = { ...attackEn, ...conditionsEn, ...engineEn, ...fightEn0 }
const fightJa: Record<string, string> = { ...attackJa, ...conditionsJa, ...engineJa, ...fightJa0 }

const allReasons = new Set(Object.values(systems).flatMap((s) => [...s.reasons]))
const hasSentence = (key: string) =>
  key in fightEn && key in fightJa && (fightJa as Record<string, string>)[key].trim() !== ''

describe('engine reasons and codes have sentences (issue 12.8)', () => {
  it.each(Object.values(systems).map((s) => [s.id, s] as const))(
    'every reason %s gives, in English and Japanese',
    (_id, system) => {
      const missing = system.reasons.filter((code) => !hasSentence(`fight.reason.${code}`))
      expect(missing).toEqual([])
    },
  )

  it.each(Object.values(systems).map((s) => [s.id, s] as const))(
    'every light effect %s gives, in English and Japanese',
    (_id, system) => {
      expect(
        system.lightEffects.filter((code) => !hasSentence(`fight.light.effect.${code}`)),
      ).toEqual([])
    },
  )

  it.each(Object.values(systems).map((s) => [s.id, s] as const))(
    'every light category %s names, in English and Japanese',
    (_id, system) => {
      expect(
        system.lightCategories.filter((code) => !hasSentence(`fight.light.category.${code}`)),
      ).toEqual([])
    },
  )

  it('every scenario error code, in English and Japanese', () => {
    expect(SCENARIO_ERROR_CODES.filter((code) => !hasSentence(`fight.error.${code}`))).toEqual([])
  })

  it('every reason written in the engine’s source is in its system’s list', () => {
    const found = new Map<string, string>()
    // `reason: 'x'`, `refuse('x')` / `refused('x')`, and reason-typed returns ('x' satisfies …Reason).
    const patterns = [
      /reason:\s*'([a-z0-9-]+)'/g,
      /refused?\('([a-z0-9-]+)'\)/g,
      /'([a-z0-9-]+)' satisfies \w+Reason/g,
    ]
    for (const file of sourceFiles(rulesDir)) {
      const text = readFileSync(file, 'utf8')
      for (const pattern of patterns)
        for (const match of text.matchAll(pattern)) found.set(match[1], file)
    }
    expect(found.size).toBeGreaterThan(10)
    const unlisted = [...found]
      .filter(([code]) => !allReasons.has(code))
      .map(([code, file]) => `${code} (${file})`)
    expect(unlisted).toEqual([])
  })

  it('every error code thrown in the engine’s source is listed', () => {
    const codes = new Set<string>(SCENARIO_ERROR_CODES)
    const thrown = new Set<string>()
    for (const file of sourceFiles(rulesDir)) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/new ScenarioError\(\s*'([a-z0-9-]+)'/g))
        thrown.add(match[1])
    }
    expect([...thrown].filter((code) => !codes.has(code))).toEqual([])
  })

  it('speaks the GM’s language, with the fix, instead of the code', () => {
    const en = (key: MessageKey, params?: Record<string, string | number>) =>
      translate('en', key, params)
    const ja = (key: MessageKey, params?: Record<string, string | number>) =>
      translate('ja', key, params)
    expect(reasonText(en, 'in-enemy-zoc')).toMatch(/use 離脱.*to leave the ZOC/)
    expect(reasonText(ja, 'in-enemy-zoc')).toMatch(/［離脱］/)
    expect(reasonText(en, 'in-enemy-zoc')).not.toContain('in-enemy-zoc')
    // An error code from a failed query has a sentence too, the engine's detail after it.
    expect(
      engineErrorText(ja, { code: 'missing-field', message: 'query.target is required' }),
    ).toMatch(/^問いに必要なもの.*query\.target/)
    // Something unforeseen still reads as a sentence, naming what the engine said.
    expect(reasonText(en, 'brand-new-code')).toBe('the rules engine refused (brand-new-code)')
  })
})
