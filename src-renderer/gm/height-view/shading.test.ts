import { describe, expect, it } from 'vitest'
import { loadLightLevels } from './rules-client'
import { costColour, lightFactor, reachField } from './shading'
import { engineQuery, sampleMap } from './test-support'
import { systemFacts } from './units'

const arianrhod = systemFacts('arianrhod')

describe('light shading', () => {
  it('leaves everything lit in "fully lit" mode', () => {
    expect(lightFactor(0, arianrhod, 'full')).toBe(1)
  })

  it('keeps darkness readable for the GM but dark "as lit"', () => {
    expect(lightFactor(6, arianrhod, 'gm')).toBe(1)
    expect(lightFactor(2, arianrhod, 'gm')).toBeGreaterThan(0.6)
    expect(lightFactor(2, arianrhod, 'lit')).toBeLessThan(0.25)
    expect(lightFactor(0, arianrhod, 'lit')).toBeLessThan(0.05)
    expect(lightFactor(6, arianrhod, 'lit')).toBe(1)
  })

  it('treats Pathfinder "normal" light as full and "bright" no brighter', () => {
    const pf = systemFacts('pathfinder')
    expect(lightFactor(2, pf, 'lit')).toBe(1)
    expect(lightFactor(3, pf, 'lit')).toBe(1)
    expect(lightFactor(1, pf, 'lit')).toBeLessThan(0.5)
  })

  it('shades the sample dungeon from the engine: the torch room is lit, the rest is 明度 2', async () => {
    const map = sampleMap('arianrhod-sample')
    const levels = await loadLightLevels(map)
    expect(levels).not.toBeNull()
    const torchRoom = levels![2 * map.width + 3]
    const corner = levels![8 * map.width + 10]
    expect([torchRoom, corner]).toEqual([6, 2])
    // The same numbers main gives through rules.query.
    expect(await engineQuery(map)('light', { at: [10, 8] })).toMatchObject({ level: corner })
    expect(lightFactor(corner, arianrhod, 'lit')).toBeLessThan(
      lightFactor(torchRoom, arianrhod, 'lit'),
    )
  })
})

describe('reach field', () => {
  it('colours cheap cells green and the dearest red', () => {
    const [r0, g0] = costColour(0, 16)
    const [r1, g1] = costColour(16, 16)
    expect(g0).toBeGreaterThan(r0)
    expect(r1).toBeGreaterThan(g1)
  })

  it('reads the engine reach answer', async () => {
    const map = sampleMap('arianrhod-sample')
    const field = reachField(
      await engineQuery(map)('reach', { token: 'pc-climber', mode: 'climb' }),
    )
    expect(field).toContainEqual({ at: [8, 2], cost: 16 })
    expect(field).toContainEqual({ at: [7, 2], cost: 2 })
  })
})
