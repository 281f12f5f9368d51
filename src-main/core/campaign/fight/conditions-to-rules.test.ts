// Turn state and conditions feed the rules queries where 003 says so: a flat-footed creature
// makes no attacks of opportunity (「《迎え討ち》特技を修得していない限り、機会攻撃を行えない」),
// and a prone or helpless condition becomes the token's state.
import { describe, expect, it } from 'vitest'
import { makeMap } from '../test-helpers'
import type { CampaignMap } from '../schema'
import { runScenario } from '../../rules/scenario/run'
import { mapScenario } from '../map-battle'

const fightMap = (acted: string[], extra: Partial<CampaignMap> = {}): CampaignMap =>
  makeMap({
    system: 'pathfinder',
    width: 6,
    height: 6,
    tokens: [
      { id: 'pc', name: 'PC', at: [1, 1], faction: 'party', move: 30 },
      { id: 'orc', name: 'Orc', at: [2, 1], faction: 'enemy', move: 30 },
    ],
    fight: {
      round: 1,
      turn: 0,
      order: [
        { tokenId: 'pc', count: 15 },
        { tokenId: 'orc', count: 10 },
      ],
      unaware: [],
      acted,
      delaying: [],
      readied: [],
      showOrder: false,
      showRolls: false,
      expired: [],
    },
    ...extra,
  })

const provokes = (map: CampaignMap) => {
  const result = runScenario(
    mapScenario(map, { type: 'path', token: 'pc', to: [1, 4], mode: 'move' }),
  )
  if (!result.ok) throw new Error(result.error.message)
  return (result.answer as { provokes: string[] }).provokes
}

describe('turn state and conditions in the rules queries', () => {
  it('a flat-footed orc (no turn yet) gets no attack of opportunity; after its turn it does', () => {
    expect(provokes(fightMap([]))).toEqual([])
    expect(provokes(fightMap(['orc']))).toEqual(['orc'])
  })

  it('《迎え討ち》 lets a flat-footed creature make attacks of opportunity', () => {
    const map = fightMap([])
    const reflexes = {
      ...map,
      tokens: map.tokens.map((t) => (t.id === 'orc' ? { ...t, combatReflexes: true } : t)),
    } as CampaignMap
    expect(provokes(reflexes)).toEqual(['orc'])
  })

  it('a helpless condition makes the orc threaten nothing', () => {
    const map = fightMap(['orc'], { conditions: [{ id: 'c1', tokenId: 'orc', name: 'helpless' }] })
    expect(provokes(map)).toEqual([])
  })

  it.each([
    'paralyzed',
    'unconscious',
    'asleep',
    'bound',
    '麻痺状態',
    '気絶',
    '睡眠状態',
    '縛られている',
  ])(
    '「無防備状態の敵とは、縛られている状態、睡眠状態、麻痺状態、気絶状態など」: %s is helpless and threatens nothing',
    (name) => {
      expect(
        provokes(fightMap(['orc'], { conditions: [{ id: 'c1', tokenId: 'orc', name }] })),
      ).toEqual([])
    },
  )

  it('立ちすくみ marked by the GM after the first turn: no attack of opportunity', () => {
    expect(
      provokes(
        fightMap(['orc'], { conditions: [{ id: 'c1', tokenId: 'orc', name: '立ちすくみ状態' }] }),
      ),
    ).toEqual([])
  })

  it('prone joins the states, yet a prone orc still threatens: 003 gives it −4 on melee attacks (伏せ状態 -4), not the loss of its reach', () => {
    const map = fightMap(['orc'], { conditions: [{ id: 'c1', tokenId: 'orc', name: 'prone' }] })
    expect(mapScenario(map, { type: 'threat' }).tokens).toContainEqual(
      expect.objectContaining({ id: 'orc', states: ['prone'] }),
    )
    expect(provokes(map)).toEqual(['orc'])
  })

  it('free-text conditions the engine does not know change nothing', () => {
    expect(
      provokes(fightMap(['orc'], { conditions: [{ id: 'c1', tokenId: 'orc', name: 'cursed' }] })),
    ).toEqual(['orc'])
    // shaken is known (−2 to its attacks) but leaves its threat alone.
    expect(
      provokes(fightMap(['orc'], { conditions: [{ id: 'c1', tokenId: 'orc', name: 'shaken' }] })),
    ).toEqual(['orc'])
  })

  it.each(['stunned', '朦朧', '朦朧状態'])(
    'issue 24: a %s orc takes no action, so walking past it provokes nothing, and the path says why',
    (name) => {
      const map = fightMap(['orc'], { conditions: [{ id: 'c1', tokenId: 'orc', name }] })
      const result = runScenario(
        mapScenario(map, { type: 'path', token: 'pc', to: [1, 4], mode: 'move' }),
      )
      expect(result).toMatchObject({
        ok: true,
        answer: {
          provokes: [],
          conditions: [{ token: 'orc', condition: 'stunned', effect: 'threatens-nothing' }],
        },
      })
    },
  )

  it.each([
    ['grappled', 'cannot-move'],
    ['押さえ込まれた状態', 'cannot-move'],
    ['よろめき', 'one-action-a-round'],
    ['満身創痍状態', 'one-action-a-round'],
  ])('issue 24: %s limits the move (%s)', (name, reason) => {
    const map = fightMap(['orc'], { conditions: [{ id: 'c1', tokenId: 'pc', name }] })
    const result = runScenario(mapScenario(map, { type: 'reach', token: 'pc', mode: 'double' }))
    expect(result).toMatchObject({ ok: true, answer: { allowed: false, reason } })
  })

  it('a blinded condition (盲目状態) becomes the state: 「君は盲目状態にある場合、戦闘からの撤退を行えない」', () => {
    const map = fightMap(['orc'], { conditions: [{ id: 'c1', tokenId: 'pc', name: '盲目状態' }] })
    const result = runScenario(mapScenario(map, { type: 'reach', token: 'pc', mode: 'withdraw' }))
    expect(result).toMatchObject({
      ok: true,
      answer: { allowed: false, reason: 'blinded-no-withdraw' },
    })
  })
})
