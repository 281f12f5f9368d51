import { describe, expect, it } from 'vitest'
import { ask } from './test-support'

const cover = (
  map: string,
  attack: 'ranged' | 'melee',
  tokens: Record<string, Record<string, unknown>> = {},
  extra = {},
) => ask({ map, tokens, ...extra }, { type: 'cover', from: 'a', to: 'T', attack })

describe('cover for ranged and reach attacks (002 / 003 遮蔽)', () => {
  it('nothing in the way: no cover', () => {
    expect(cover('a . . T', 'ranged')).toMatchObject({ cover: 'none', soft: false, ac: 0 })
  })

  it('a solid square in the way blocks two of four lines from every corner: cover (+4)', () => {
    expect(cover('a . . .\n\n. . # T\n\n. . . .', 'ranged')).toMatchObject({
      cover: 'cover',
      soft: false,
      ac: 4,
    })
  })

  it('more than half the lines clear: partial cover (+2) — a wall on the near side of the target, seen from above it', () => {
    // The wall on T's north edge stops only the line to its far end (4, 2): 3 of 4 clear.
    expect(cover('a . . .\n\n. . . .\n      -\n. . . T', 'ranged')).toMatchObject({
      cover: 'partial',
      ac: 2,
    })
  })

  it('完全遮蔽 「壁を通らない線を1本も引くことができない」: a wall or solid square as wide as the target, straight in front of it (issue 14)', () => {
    // Lines to T's near corners end on the wall; the ones along its ends must pass on the wall's
    // side to get into T's square: none is clear, from any corner.
    expect(cover('a . .|T\n\n. . . .', 'ranged')).toMatchObject({ cover: 'total' })
    expect(cover('a . # T\n\n. . . .', 'ranged')).toMatchObject({ cover: 'total' })
  })

  it('完全遮蔽: a target behind a long wall, lines ending on the wall at its near corners are not clear (issue 14)', () => {
    // Before: the two lines to the near corners counted as clear, so a walled-off target had cover.
    const map = '. a . .\n\n. . . .\n- - - -\n. . T .'
    expect(cover(map, 'ranged').cover).toBe('total')
    expect(cover(map, 'melee', { a: { reachWeapon: true } }).cover).toBe('total')
  })

  it('a wall on the edge between the attacker and an adjacent target is total cover, melee and ranged alike (issue 14)', () => {
    // A corner that lies on the wall does not let lines through it.
    expect(cover('a|T', 'melee').cover).toBe('total')
    expect(cover('a|T', 'ranged').cover).toBe('total')
    expect(cover('. a .\n  -\n. T .', 'melee').cover).toBe('total')
  })

  it('no line from any corner: total cover', () => {
    expect(cover('a # # T\n\n# # # #', 'ranged').cover).toBe('total')
  })

  it('creatures in the way give soft cover: +4 AC, no Reflex bonus, no Stealth', () => {
    expect(cover('a . b T\n\n. . . .', 'ranged')).toMatchObject({ cover: 'cover', soft: true })
  })

  it('a line that only grazes a wall end point does not block', () => {
    // The wall west of T's row-2 square ends exactly at T's north-west corner.
    expect(cover('a . .\n\n. . .\n\n.|T .', 'ranged').cover).toBe('none')
  })

  it('a line that runs along a wall does not block', () => {
    expect(cover('. a . . T\n  - -\n. . . . .', 'ranged').cover).toBe('none')
  })

  it('a wall is never less cover than no wall (same scene)', () => {
    const rank = { none: 0, partial: 1, cover: 2, total: 3 } as const
    const without = cover('a . . .\n\n. . . T', 'ranged').cover as keyof typeof rank
    const withWall = cover('a . .|.\n\n. . .|T', 'ranged').cover as keyof typeof rank
    expect(rank[withWall]).toBeGreaterThanOrEqual(rank[without])
  })
})

describe('big targets (002 「相手側接敵面の全ての交差点を結ぶ」「大きなクリーチャーであっても判断方法は同じである」)', () => {
  it('a ranged attack at a Large target draws lines to all nine intersections of its space (issue 14)', () => {
    const lines = cover('a . . . .\n\n. . . T .\n\n. . . . .', 'ranged', { T: { size: 'large' } })
      .lines as { to: number[] }[]
    expect(lines.map((l) => l.to).sort()).toEqual([
      [3, 1],
      [3, 2],
      [3, 3],
      [4, 1],
      [4, 2],
      [4, 3],
      [5, 1],
      [5, 2],
      [5, 3],
    ])
  })

  it('the whole space counts, not the best square: a wall hiding half the ogre gives it cover (issue 14)', () => {
    // The wall stands in front of the ogre's lower row. Picking the open upper square alone
    // would say "no cover"; the lines to the whole space say more than half are blocked.
    const map = 'a . . T .\n\n. . .|. .'
    expect(cover(map, 'ranged', { T: { size: 'large' } }).cover).not.toBe('none')
  })
})

describe('low obstacles', () => {
  it('a low wall gives cover to a target within 30 ft of it', () => {
    expect(cover('a . . .:T', 'ranged', {}, {}).cover).not.toBe('none')
  })

  it('but not when the attacker is nearer the low wall than the target', () => {
    expect(cover('a:. . . T', 'ranged').cover).toBe('none')
  })

  it('nor to a target more than 30 ft from it', () => {
    expect(cover('a:. . . . . . . T', 'ranged').cover).toBe('none')
  })
})

describe('adjacent melee (003 図 遮蔽 #1, #2)', () => {
  it('#1 the fighter next to the ogre: no cover', () => {
    expect(cover('. . .\n\n. a T', 'melee')).toMatchObject({ cover: 'none' })
  })

  it('#2 a line from the rogue crosses a wall: the ogre has cover; the ogre with natural reach attacks as ranged: no cover for her', () => {
    const map = '. a . .\n\n. .|T .\n\n. . . .'
    const tokens = { T: { size: 'large' } }
    expect(cover(map, 'melee', tokens).cover).toBe('cover')
    const back = ask({ map, tokens }, { type: 'cover', from: 'T', to: 'a', attack: 'melee' })
    expect(back.cover).toBe('none')
  })

  it('creatures never give cover against adjacent melee, and low walls do', () => {
    expect(cover('a T\n\nb .', 'melee').cover).toBe('none')
    expect(cover('a:T', 'melee').cover).toBe('cover')
  })

  it('big creatures: the attacker picks the best square of the target', () => {
    // One of the ogre's squares is behind a wall, the other is open to the fighter.
    expect(cover('a T .\n  -\n. . .', 'melee', { T: { size: 'large' } }).cover).toBe('none')
    expect(cover('. T .\n  -\na . .', 'melee', { T: { size: 'large' } }).cover).toBe('none')
  })
})

describe('concealment', () => {
  it('dim light on the target: 20 %; darkness without darkvision: total, 50 %', () => {
    const dim = cover('a . . T', 'ranged', {}, { cells: [{ at: [3, 0], light: 1 }] })
    expect(dim).toMatchObject({ concealment: 'concealment', missChance: 20 })
    const dark = cover('a . . T', 'ranged', {}, { cells: [{ at: [3, 0], light: 0 }] })
    expect(dark).toMatchObject({ concealment: 'total', missChance: 50 })
    const seen = cover(
      'a . . T',
      'ranged',
      { a: { vision: 'darkvision' } },
      { cells: [{ at: [3, 0], light: 0 }] },
    )
    expect(seen).toMatchObject({ concealment: 'none', missChance: 0 })
  })

  it('lines through a dim square give concealment to a ranged attack', () => {
    const answer = cover(
      'a . . T\n\n. . . .',
      'ranged',
      {},
      {
        cells: [
          { at: [1, 0], light: 1 },
          { at: [2, 0], light: 1 },
          { at: [1, 1], light: 1 },
          { at: [2, 1], light: 1 },
        ],
      },
    )
    expect(answer.concealment).toBe('concealment')
  })
})

describe('the lines behind the verdict (additive `lines` field)', () => {
  type Line = { from: [number, number]; to: [number, number]; blocked: boolean; soft: boolean }
  const linesOf = (answer: Record<string, unknown>) => answer.lines as Line[]

  it('ranged: the four lines from the chosen attacker corner to the target square corners, in cell units', () => {
    const answer = cover('a . # T\n\n. . . .', 'ranged')
    const lines = linesOf(answer)
    expect(lines).toHaveLength(4)
    const from = lines[0].from
    expect(lines.every((l) => l.from[0] === from[0] && l.from[1] === from[1])).toBe(true)
    expect(lines.map((l) => l.to).sort()).toEqual([
      [3, 0],
      [3, 1],
      [4, 0],
      [4, 1],
    ])
    // Cover (+4): at most half of the lines are clear, and the blocked ones cross the solid square.
    expect(lines.filter((l) => !l.blocked).length).toBeLessThanOrEqual(2)
    expect(lines.some((l) => l.blocked)).toBe(true)
  })

  it('clear lines for no cover, soft lines for creatures in the way', () => {
    expect(linesOf(cover('a . . T', 'ranged')).every((l) => !l.blocked && !l.soft)).toBe(true)
    const soft = linesOf(cover('a . b T\n\n. . . .', 'ranged'))
    expect(soft.some((l) => l.soft)).toBe(true)
    expect(soft.every((l) => !l.blocked)).toBe(true)
  })

  it('adjacent melee: all sixteen corner-to-corner lines; a wall between marks the crossing ones', () => {
    const open = linesOf(cover('a T', 'melee'))
    expect(open).toHaveLength(16)
    expect(open.every((l) => !l.blocked)).toBe(true)
    const walled = cover('a:T', 'melee')
    expect(walled.cover).toBe('cover')
    expect(linesOf(walled).filter((l) => l.blocked).length).toBeGreaterThan(0)
  })

  it('total cover: every line from the best corner blocked', () => {
    const lines = linesOf(cover('a # # T\n\n# # # #', 'ranged'))
    expect(lines).toHaveLength(4)
    expect(lines.every((l) => l.blocked)).toBe(true)
  })
})
