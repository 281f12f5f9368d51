import { describe, expect, it } from 'vitest'
import { makeCampaign, makeMap } from '../../src-main/campaign/test-helpers'
import { keepUnchangedMap } from './keep-map'

describe('keeping the shown map object when an edit arrives twice', () => {
  it('reuses the previous object for an equal shown map, and takes a changed one', () => {
    const first = makeCampaign({ maps: [makeMap({ id: 'a' }), makeMap({ id: 'b' })] })
    const sameAgain = structuredClone(first)
    const kept = keepUnchangedMap(first, sameAgain, 'a')
    expect(kept.maps[0]).toBe(first.maps[0])
    expect(kept.maps[1]).toBe(sameAgain.maps[1])

    const edited = structuredClone(first)
    edited.maps[0].notes = 'changed'
    expect(keepUnchangedMap(first, edited, 'a').maps[0]).toBe(edited.maps[0])
    expect(keepUnchangedMap(first, sameAgain, null)).toBe(sameAgain)
    expect(keepUnchangedMap(null, sameAgain, 'a')).toBe(sameAgain)
  })
})
