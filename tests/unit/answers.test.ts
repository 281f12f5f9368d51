// The answers the GM screen reads, as the engine gives them on every sample map, all fit the
// answer schema their query declares (src-main/core/rules/queries.ts, answers.ts): the one type
// `ask` returns and the renderer reads.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { campaignSchema } from '@core/campaign/schema'
import { mapScenario } from '@core/campaign/map-battle'
import { runScenario } from '@core/rules/scenario/run'
import { SYSTEM_FACTS } from '@core/rules/facts'
import { QUERIES } from '@core/rules/queries'

const SAMPLE_FILE = new URL('../../resources/sample-campaign.json', import.meta.url)
const campaign = campaignSchema.parse(JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')))

describe('the shared answer schemas', () => {
  it('parse every answer the screen asks for on the sample maps', () => {
    const parsed: Record<string, number> = {}
    const check = (
      name: string,
      map: (typeof campaign.maps)[number],
      query: Record<string, unknown> & { type: string },
    ) => {
      const schema: z.ZodType = QUERIES[query.type as keyof typeof QUERIES].answer
      const outcome = runScenario(mapScenario(map, query))
      if (!outcome.ok) return
      const result = schema.safeParse(outcome.answer)
      expect(
        result.success,
        `${map.id} ${JSON.stringify(query)}: ${JSON.stringify(result.error?.issues[0])}`,
      ).toBe(true)
      parsed[name] = (parsed[name] ?? 0) + 1
    }
    for (const map of campaign.maps) {
      const facts = SYSTEM_FACTS[map.system]
      const far: [number, number] = [map.width - 1, map.height - 1]
      check('distance', map, {
        type: 'distance',
        from: [0, 0],
        to: far,
      })
      for (const token of map.tokens) {
        for (const mode of facts.moveModes) {
          const target = map.tokens.find((t) => t.id !== token.id)?.id
          const extra = mode === 'charge' && target ? { target } : {}
          check('reach', map, {
            type: 'reach',
            token: token.id,
            mode,
            ...extra,
          })
          check('path', map, {
            type: 'path',
            token: token.id,
            to: far,
            mode,
            ...extra,
          })
          check('path', map, {
            type: 'path',
            token: token.id,
            to: [1, 1],
            mode,
            ...extra,
          })
        }
        check('light', map, {
          type: 'light',
          at: token.at,
          viewer: token.id,
        })
        check('cells', map, { type: 'zoc', token: token.id })
        check('cells', map, { type: 'visible', token: token.id })
        check('flanking', map, { type: 'flanking', target: token.id })
        for (const other of map.tokens) {
          if (other.id === token.id) continue
          check('cover', map, {
            type: 'cover',
            from: token.id,
            to: other.id,
            attack: 'ranged',
          })
          for (const attack of ['melee', 'ranged'])
            check('attack', map, {
              type: 'attack',
              attacker: token.id,
              target: other.id,
              attack,
            })
        }
        if (facts.family === 'arianrhod')
          check('area', map, { type: 'area', origin: token.at, fate: 0 })
        if (facts.family === 'dystopia')
          check('area', map, {
            type: 'targets',
            token: token.id,
            shape: 'area',
            range: '0-3',
          })
      }
      if (facts.family === 'tactical')
        for (const shape of ['burst', 'spread'])
          check('area', map, {
            type: 'spread',
            origin: [2, 2],
            radius: 10,
            shape,
          })
    }
    for (const name of [
      'distance',
      'reach',
      'path',
      'light',
      'cells',
      'flanking',
      'cover',
      'attack',
      'area',
    ])
      expect(parsed[name] ?? 0, name).toBeGreaterThan(0)
  })
})
