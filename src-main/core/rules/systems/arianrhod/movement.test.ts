import { describe, expect, it } from 'vitest'
import { answerOf, scenarioOf } from '../../testing/scenario'
import type { TokenOptions } from '../../testing/scenario'

type Reach = {
  cells: { at: [number, number]; cost: number }[]
  allowed: boolean
  reason?: string
  lost: string[]
  checks?: unknown[]
  fall?: Record<string, unknown>
}
type Path = Record<string, unknown> & {
  reachable: boolean
  reason?: string
  cost?: number
  checks?: unknown[]
  steps?: { at: [number, number]; action: string }[]
}

function reach(
  map: string,
  tokens: Record<string, Partial<TokenOptions>>,
  mode: string,
  who = 'a',
  mapExtras = {},
): Reach {
  return answerOf<Reach>(
    scenarioOf('arianrhod', map, tokens, { type: 'reach', token: who, mode }, mapExtras),
  )
}
function path(
  map: string,
  tokens: Record<string, Partial<TokenOptions>>,
  to: [number, number],
  mode: string,
  who = 'a',
  mapExtras = {},
): Path {
  return answerOf<Path>(
    scenarioOf('arianrhod', map, tokens, { type: 'path', token: who, to, mode }, mapExtras),
  )
}
const at = (r: Reach) => r.cells.map((c) => c.at.join(','))

describe('squares (マスの人数制限・通過できないマス)', () => {
  const corridor = `
    a b . .
  `
  it('passes an ally’s square but never ends on it', () => {
    const r = reach(corridor, { a: { move: 6 } }, 'combat')
    expect(at(r)).toEqual(['2,0', '3,0'])
    expect(r.cells[0].cost).toBe(4)
  })
  it('cannot pass an enemy’s square', () => {
    const r = reach('a Z . .', { a: { move: 6 }, Z: { states: ['flying'] } }, 'combat')
    // the enemy's ZOC stops the move anyway; make it a flyer's ZOC the walker ignores? No: walkers obey flyers' ZOC
    expect(r.allowed).toBe(false)
    const far = reach(
      `
      a . . . .
      
      # # Z # #
      
      . . . . .
    `,
      { a: { move: 20 }, Z: { states: ['flying'] } },
      'disengage',
    )
    expect(far.allowed).toBe(false) // not in its ZOC
  })
  it('cannot pass a full-cover partition but crosses a low wall', () => {
    expect(at(reach('a|. .', { a: { move: 10 } }, 'combat'))).toEqual([])
    expect(at(reach('a D .', { a: { move: 10 } }, 'combat'))).toEqual([])
    expect(at(reach('a:./.', { a: { move: 4 } }, 'combat'))).toEqual(['1,0', '2,0'])
  })
  it('respects decision 1 on diagonal steps', () => {
    const r = reach(
      `
      a|.
      
      . .
    `,
      { a: { move: 3 } },
      'combat',
    )
    expect(at(r)).toEqual(['0,1']) // [1,1] would be the blocked diagonal
  })
})

describe('戦闘移動 and 全力移動', () => {
  const open = `
    a . . . . . . .
  `
  it('combat moves 【移動力】 metres', () => {
    expect(at(reach(open, { a: { move: 6 } }, 'combat'))).toEqual(['1,0', '2,0', '3,0'])
  })
  it('full adds 5 m and reports the lost minor action', () => {
    const r = reach(open, { a: { move: 6 } }, 'full')
    expect(at(r)).toEqual(['1,0', '2,0', '3,0', '4,0', '5,0'])
    expect(r.lost).toEqual(['minor'])
  })
  it('full needs 【移動力】 of at least 1 m', () => {
    expect(reach(open, { a: { move: 0.5 } }, 'full')).toMatchObject({
      allowed: false,
      reason: 'move-below-1m',
      cells: [],
    })
  })
  it('neither may start inside an enemy ZOC', () => {
    const map = 'a Z . .'
    expect(reach(map, { a: { move: 6 } }, 'combat')).toMatchObject({
      allowed: false,
      reason: 'in-enemy-zoc',
    })
    expect(reach(map, { a: { move: 6 } }, 'full')).toMatchObject({
      allowed: false,
      reason: 'in-enemy-zoc',
    })
    expect(path(map, { a: { move: 6 } }, [0, 0], 'combat')).toEqual({
      reachable: false,
      reason: 'in-enemy-zoc',
    })
  })
  it('entering an enemy ZOC stops the move (突入)', () => {
    const r = reach('a . . . Z', { a: { move: 10 } }, 'combat')
    expect(at(r)).toEqual(['1,0', '2,0', '3,0'])
    const r2 = reach(
      `
      a . . . . .
      
      . . . Z . .
    `,
      { a: { move: 20 } },
      'combat',
    )
    // [5,0] lies beyond the ZOC ([2..4] × [0..1]) along the only rows
    expect(at(r2)).not.toContain('5,0')
  })
  it('a flyer ignores the ZOC of non-flyers, not of flyers', () => {
    const map = 'a . . . Z . .'
    expect(at(reach(map, { a: { move: 12, states: ['flying'] } }, 'combat'))).toEqual([
      '1,0',
      '2,0',
      '3,0',
      '5,0',
      '6,0',
    ])
    expect(
      at(reach(map, { a: { move: 12, states: ['flying'] }, Z: { states: ['flying'] } }, 'combat')),
    ).toEqual(['1,0', '2,0', '3,0'])
  })
})

describe('離脱 and 強行離脱', () => {
  const map = `
    . . . . .
    
    . a Z . .
    
    . . . . .
  `
  it('disengage only from inside an enemy ZOC, 5 m, ignoring ZOC, minor lost', () => {
    expect(reach('a . . Z', { a: { move: 6 } }, 'disengage')).toMatchObject({
      allowed: false,
      reason: 'not-in-enemy-zoc',
    })
    const r = reach(map, { a: { move: 2 } }, 'disengage')
    expect(r.allowed).toBe(true)
    expect(r.lost).toEqual(['minor'])
    expect(Math.max(...r.cells.map((c) => c.cost))).toBeLessThanOrEqual(5)
    expect(at(r)).toContain('3,0') // through the ZOC without stopping: [1,1]→[2,0]→[3,0] = 3 + 2
    expect(at(r)).not.toContain('3,1') // enemy square blocks, [3,1] is 6 m around it
  })
  it('forced disengage passes enemies’ squares, ends on an empty one, minor and major lost', () => {
    const r = reach(map, { a: { move: 2 } }, 'forced-disengage')
    expect(at(r)).toContain('3,1')
    expect(at(r)).not.toContain('2,1')
    expect(r.lost).toEqual(['minor', 'major'])
  })
  it('a swimmer can do neither', () => {
    expect(reach(map, { a: { states: ['swimming'] } }, 'disengage')).toMatchObject({
      allowed: false,
      reason: 'swimming',
    })
    expect(reach(map, { a: { states: ['swimming'] } }, 'forced-disengage')).toMatchObject({
      allowed: false,
      reason: 'swimming',
    })
  })
})

describe('封鎖 (blockade) and 決戦状態', () => {
  const map = `
    . Y . .
    
    . a Z .
    
    . . . X
  `
  const blockaded = { cells: [{ at: [1, 1], blockade: true }] }
  it('disengaging from a blockaded square is an 【行動値】 contest against every adjacent enemy', () => {
    const r = reach(map, {}, 'disengage', 'a', blockaded)
    expect(r.checks).toEqual([{ kind: 'contest', ability: 'INIT', against: ['Y', 'Z'] }])
    const p = path(map, {}, [0, 2], 'disengage', 'a', blockaded)
    expect(p.checks).toEqual([{ kind: 'contest', ability: 'INIT', against: ['Y', 'Z'] }])
  })
  it('forced disengage contests only the enemies adjacent to its start square', () => {
    const p = path(map, {}, [3, 1], 'forced-disengage', 'a', blockaded)
    expect(p.reachable).toBe(true) // through Z's square, next to X
    expect(p.checks).toEqual([{ kind: 'contest', ability: 'INIT', against: ['Y', 'Z'] }])
  })
  it('no contest on an unblockaded square, nor when passing a blockaded one', () => {
    expect(reach(map, {}, 'disengage').checks).toBeUndefined()
    const p = path(map, {}, [0, 2], 'disengage', 'a', { cells: [{ at: [0, 1], blockade: true }] })
    expect(p.checks).toEqual([])
  })
  it('a blockading skill blockades the user’s whole ZOC while it stays on its square', () => {
    expect(reach(map, { Z: { blockade: true } }, 'disengage').checks).toEqual([
      { kind: 'contest', ability: 'INIT', against: ['Y', 'Z'] },
    ])
    expect(
      reach(map, { Z: { blockade: true, blockadeAt: [3, 0] } }, 'disengage').checks,
    ).toBeUndefined()
  })
  it('決戦状態: declared only with exactly one enemy (or one mob group) in the ZOC; it blockades that ZOC', () => {
    const duel = (tokens: Record<string, Partial<TokenOptions>>, who: string, text = map) =>
      answerOf<Record<string, unknown>>(
        scenarioOf('arianrhod', text, tokens, { type: 'duel', token: who }),
      )
    expect(duel({}, 'Z')).toMatchObject({ canDeclare: true, enemies: ['a'], allies: ['X', 'Y'] })
    expect(duel({}, 'X')).toMatchObject({ canDeclare: false, enemies: [] })
    expect(duel({}, 'a')).toMatchObject({ canDeclare: false, enemies: ['Y', 'Z'] })
    expect(duel({ Y: { group: 'goblins' }, Z: { group: 'goblins' } }, 'a')).toMatchObject({
      canDeclare: true,
    })
    const one = `
      . . . .
      
      . a Z .
    `
    expect(duel({ Z: { duel: 'a' } }, 'Z')).toMatchObject({
      active: false,
      endedBy: 'ally-entered',
    })
    expect(duel({ Z: { duel: 'a' } }, 'Z', one)).toMatchObject({ active: true })
    expect(reach(one, { Z: { duel: 'a' } }, 'disengage').checks).toEqual([
      { kind: 'contest', ability: 'INIT', against: ['Z'] },
    ])
    expect(duel({ Z: { duel: 'a' }, B: { at: [3, 0] } }, 'Z', one)).toMatchObject({
      active: false,
      endedBy: 'ally-entered',
    })
    expect(duel({ Z: { duel: 'a' }, c: { at: [3, 0], faction: 'third' } }, 'Z', one)).toMatchObject(
      { active: false, endedBy: 'second-enemy' },
    )
    expect(duel({ Z: { duel: 'a' }, a: { at: [0, 0] } }, 'Z', one)).toMatchObject({
      active: false,
      endedBy: 'enemy-left',
    })
  })
})

describe('跳躍移動 and 登攀移動', () => {
  it('jump and climb combine in one move (jump-climb)', () => {
    const p = path('a _ . 4', { a: { move: 20 } }, [3, 0], 'jump-climb')
    expect(p.reachable).toBe(true)
    expect(p.cost).toBe(4 + 10)
    expect((p.checks as { kind: string }[]).map((c) => c.kind)).toEqual(['jump', 'climb', 'climb'])
    // 跳躍移動 alone reaches the ledge by a vertical jump instead: 「垂直方向に跳躍する場合、難易度は［距離（メートル）×4］」
    expect(path('a _ . 4', { a: { move: 20 } }, [3, 0], 'jump')).toMatchObject({
      reachable: true,
      cost: 6,
      checks: [
        { kind: 'jump', ability: 'STR', dc: 4 },
        { kind: 'jump', ability: 'STR', dc: 16 },
      ],
    })
    expect(path('a _ . 4', { a: { move: 20 } }, [3, 0], 'climb')).toMatchObject({
      reachable: false,
    })
  })
  it('a diagonal jump costs diagonal metres, DC 2 × the gap', () => {
    const p = path(
      `
      a . .
      
      . _ .
      
      . . .
    `,
      { a: { move: 6 } },
      [2, 2],
      'jump',
    )
    expect(p).toMatchObject({
      reachable: true,
      cost: 6,
      checks: [{ kind: 'jump', ability: 'STR', dc: 6 }],
    })
  })
  it('climbing is orthogonal only and also costs 2 × h + 2 going down', () => {
    expect(path('6 . a', { a: { move: 30 } }, [0, 0], 'climb')).toMatchObject({
      reachable: true,
      cost: 16,
    })
    const down = path('a 4', { a: { move: 30, elevation: 4 } }, [1, 0], 'climb')
    expect(down.reachable).toBe(true)
    const up = reach(
      `
      a .
      
      . 4
    `,
      { a: { move: 9 } },
      'climb',
    )
    expect(up.cells.find((c) => c.at.join(',') === '1,1')).toBeUndefined()
  })
  it('steps of at most 1 m are ordinary; higher ones need climbing', () => {
    expect(path('a 1 2', { a: { move: 4 } }, [2, 0], 'combat')).toMatchObject({
      reachable: true,
      cost: 4,
    })
    expect(path('a 3', { a: { move: 10 } }, [1, 0], 'combat')).toMatchObject({ reachable: false })
  })
})

describe('落下 (falling)', () => {
  it('a drop of more than 1 m outside climb mode is a fall that ends the move', () => {
    expect(path('3 3 a', { a: { move: 10 } }, [1, 0], 'combat')).toMatchObject({ reachable: false })
    // a stands on the floor of [0,0] (0 m) at 3 m: on the wall of the 3 m square beside it
    const r = reach('a 3 . .', { a: { move: 10, elevation: 3 } }, 'combat')
    expect(r.fall).toEqual({ at: [0, 0], height: 3, damage: 'gm', stoppedBy: [] })
    const ledge = path('3 3 . .', { a: { at: [0, 0], move: 10 } }, [3, 0], 'combat')
    expect(ledge).toMatchObject({ reachable: false })
    const drop = path('3 3 . .', { a: { at: [0, 0], move: 10 } }, [2, 0], 'combat')
    expect(drop).toMatchObject({
      reachable: true,
      falls: [{ at: [2, 0], height: 3, damage: 'gm', stoppedBy: [] }],
    })
    expect(drop.steps?.map((s) => s.action)).toEqual(['move', 'fall'])
  })
  it('a character on a wall falls at no cost unless it climbs; an enemy ZOC stops it without damage, except 強行離脱', () => {
    const fall = (tokens: Record<string, Partial<TokenOptions>>, mode?: string) =>
      answerOf<Record<string, unknown>>(
        scenarioOf('arianrhod', 'a . . Z 6', tokens, {
          type: 'fall',
          token: 'a',
          ...(mode ? { mode } : {}),
        }),
      )
    expect(fall({ a: { elevation: 5 } })).toMatchObject({
      falls: true,
      height: 5,
      damage: 'gm',
      from: 5,
      to: 0,
    })
    expect(fall({ a: { elevation: 5 } }, 'climb')).toMatchObject({ falls: false })
    expect(fall({ a: { elevation: 5 } }, 'jump')).toMatchObject({ falls: true })
    expect(fall({ a: { elevation: 0.5 } })).toMatchObject({ falls: false, height: 0 })
    const inZoc = (mode: string) =>
      answerOf<Record<string, unknown>>(
        scenarioOf(
          'arianrhod',
          '. . a Z 6',
          { a: { elevation: 5 } },
          { type: 'fall', token: 'a', mode },
        ),
      )
    expect(inZoc('disengage')).toMatchObject({ falls: true, damage: 'none', stoppedBy: ['Z'] })
    expect(inZoc('forced-disengage')).toMatchObject({ falls: true, damage: 'gm', stoppedBy: [] })
  })
})

describe('隠密状態 (stealth)', () => {
  it('cannot start inside an enemy ZOC', () => {
    const q = (map: string) =>
      answerOf(scenarioOf('arianrhod', map, {}, { type: 'stealth', token: 'a' }))
    expect(q('a Z')).toEqual({ canEnter: false, zoc: ['Z'] })
    expect(q('a . Z')).toEqual({ canEnter: true, zoc: [] })
  })
  it('breaks on entering an enemy ZOC, not otherwise', () => {
    expect(
      path('a . . . Z', { a: { move: 10, states: ['stealth'] } }, [3, 0], 'combat').loses,
    ).toEqual(['stealth'])
    expect(
      path('a . . . Z', { a: { move: 10, states: ['stealth'] } }, [2, 0], 'combat').loses,
    ).toBeUndefined()
  })
})
