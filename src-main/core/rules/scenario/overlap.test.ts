// Spec decision 8: tokens that may not share a square are malformed input (`tokens-overlap`).
import { describe, expect, it } from 'vitest'
import { runScenario } from './run'

type Token = Record<string, unknown>

function run(system: string, tokens: Token[], size = 6) {
  return runScenario({
    format: 'gm-scenario/1',
    system,
    map: { width: size, height: size },
    tokens,
    query: { type: 'distance', from: [0, 0], to: [1, 1] },
  })
}

const overlapAt = (path: string) => ({ ok: false, error: { code: 'tokens-overlap', path } })

describe('arianrhod: 「1つのマスに1人のキャラクター」', () => {
  it('two characters in one square are refused', () => {
    expect(
      run('arianrhod', [
        { id: 'a', at: [1, 1], faction: 'party' },
        { id: 'b', at: [1, 1], faction: 'enemy' },
      ]),
    ).toMatchObject(overlapAt('/tokens/1/at'))
  })

  it('「同乗状態となることで、例外的に騎乗者と同じマスを占めることになる」: a rider and its passengers', () => {
    expect(
      run('arianrhod', [
        { id: 'rider', at: [1, 1], faction: 'party', states: ['mounted'] },
        { id: 'p1', at: [1, 1], faction: 'party' },
        { id: 'p2', at: [1, 1], faction: 'party' },
      ]),
    ).toMatchObject({ ok: true })
  })

  it('two riders are two vehicles: refused', () => {
    expect(
      run('arianrhod', [
        { id: 'r1', at: [1, 1], faction: 'party', states: ['mounted'] },
        { id: 'r2', at: [1, 1], faction: 'party', states: ['mounted'] },
      ]),
    ).toMatchObject(overlapAt('/tokens/1/at'))
  })
})

describe('dystopia: 「1マスの人数制限は4体までとする」', () => {
  const unit = (id: string, faction = 'party'): Token => ({ id, at: [2, 2], faction })
  it('four units of any faction share a square, a fifth is refused', () => {
    expect(
      run('dystopia', [unit('a'), unit('b', 'cult'), unit('c'), unit('d', 'cult')]),
    ).toMatchObject({ ok: true })
    expect(run('dystopia', [unit('a'), unit('b'), unit('c'), unit('d'), unit('e')])).toMatchObject(
      overlapAt('/tokens/4/at'),
    )
  })
})

describe.each(['pathfinder', 'dnd35'])('%s: sharing squares', (system) => {
  it('「無防備状態にあるもの以外のクリーチャーが占めているマス目で移動を終了することはできない」', () => {
    expect(
      run(system, [
        { id: 'a', at: [1, 1], faction: 'party' },
        { id: 'b', at: [1, 1], faction: 'enemy' },
      ]),
    ).toMatchObject(overlapAt('/tokens/1/at'))
    expect(
      run(system, [
        { id: 'a', at: [1, 1], faction: 'party' },
        { id: 'b', at: [1, 1], faction: 'enemy', states: ['helpless'] },
      ]),
    ).toMatchObject({ ok: true })
  })

  it('「極小サイズ、微小サイズ、超小型サイズ…は、他のものが占めているマス目に入ったり通過することができる」', () => {
    for (const size of ['fine', 'diminutive', 'tiny']) {
      expect(
        run(system, [
          { id: 'a', at: [1, 1], faction: 'party' },
          { id: 'b', at: [1, 1], faction: 'enemy', size },
        ]),
      ).toMatchObject({ ok: true })
    }
    expect(
      run(system, [
        { id: 'a', at: [1, 1], faction: 'party' },
        { id: 'b', at: [1, 1], faction: 'enemy', size: 'small' },
      ]),
    ).toMatchObject(overlapAt('/tokens/1/at'))
  })

  it('a Large creature occupies its whole 2 × 2 space', () => {
    expect(
      run(system, [
        { id: 'ogre', at: [1, 1], faction: 'enemy', size: 'large' },
        { id: 'a', at: [2, 2], faction: 'party' },
      ]),
    ).toMatchObject(overlapAt('/tokens/1/at'))
    expect(
      run(system, [
        { id: 'ogre', at: [1, 1], faction: 'enemy', size: 'large' },
        { id: 'a', at: [3, 3], faction: 'party' },
      ]),
    ).toMatchObject({ ok: true })
  })
})
