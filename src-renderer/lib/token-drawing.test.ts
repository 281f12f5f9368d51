// One description of how a token is drawn (issue 28), read by the GM board, the player view and
// both PNG exports: what it gives for each look.
import { describe, expect, it } from 'vitest'
import { drawTokens, GM_LOOK, TABLE_LOOK, type Shape, type TokenToDraw } from './token-drawing'
import { intersects } from './token-layout'

const measure = (text: string) => [...text].length * 0.6
const options = { sharedSquares: false, measureBold: measure, measureName: measure }

const token = (id: string, more: Partial<TokenToDraw> = {}): TokenToDraw => ({
  id,
  at: [2, 2],
  side: 1,
  fill: '#2563eb',
  label: id.slice(0, 2),
  name: id,
  rank: 2,
  ...more,
})

const children = (shape: Shape): Shape[] => (shape.kind === 'group' ? shape.children : [])
const kinds = (shape: Shape) => children(shape).map((s) => s.kind)

describe('drawTokens', () => {
  it('GM look: a selected, hidden token is ringed, dashed and half-transparent', () => {
    const { tokens } = drawTokens([token('Goblin', { selected: true, hidden: true })], {
      ...options,
      look: GM_LOOK,
    })
    const [group] = tokens
    expect(group).toMatchObject({ kind: 'group', key: 'Goblin', opacity: 0.5 })
    const [ring, disc, label] = children(group)
    expect(ring).toMatchObject({ kind: 'circle', fill: 'none', stroke: '#ffcc00' })
    expect(disc).toMatchObject({ kind: 'circle', fill: '#2563eb', dash: [0.1, 0.06] })
    expect(label).toMatchObject({ kind: 'text', text: 'Go', fill: '#fff', stroke: '#000' })
  })

  it('GM look: a picture replaces the filled disc and takes the colour as its outline', () => {
    const [group] = drawTokens([token('Hero', { picture: 'data:x' })], {
      ...options,
      look: GM_LOOK,
    }).tokens
    expect(kinds(group)).toEqual(['picture', 'circle', 'text'])
    expect(children(group)[1]).toMatchObject({ fill: 'none', stroke: '#2563eb' })
  })

  it('table look: a picture sits on the disc; the turn has a halo under its ring', () => {
    const [group] = drawTokens([token('Hero', { picture: 'data:x', turn: true })], {
      ...options,
      look: TABLE_LOOK,
    }).tokens
    expect(kinds(group)).toEqual(['circle', 'picture', 'circle', 'circle', 'circle', 'text'])
    expect(children(group)[3]).toMatchObject({ stroke: '#000' })
    expect(children(group)[4]).toMatchObject({ stroke: '#facc15' })
  })

  it('GM look: flat-footed and state marks above the disc, the HP bar dashed when players do not see it', () => {
    const [group] = drawTokens(
      [token('Ogre', { flatFooted: true, marks: '↑', hp: { fraction: 0.5, shown: false } })],
      { ...options, look: GM_LOOK },
    ).tokens
    const texts = children(group).filter((s) => s.kind === 'text')
    expect(texts.map((s) => s.kind === 'text' && s.text)).toEqual(['Og', 'FF', '↑'])
    const bar = children(group).at(-1)!
    const [ground, filled] = children(bar).map((s) => (s.kind === 'rect' ? s.width : NaN))
    expect(filled).toBeCloseTo(ground * 0.5)
    expect(children(bar)[2]).toMatchObject({ stroke: '#ddd', dash: [0.06, 0.04] })
  })

  it('table look: badges as fit, then "+n" naming the rest', () => {
    const [group] = drawTokens([token('Hero', { badges: ['Pr', 'Sh', 'Da'] })], {
      ...options,
      look: TABLE_LOOK,
    }).tokens
    const badges = children(group).filter((s) => s.kind === 'group')
    expect(badges.length).toBeGreaterThan(1)
    const last = badges.at(-1)!
    expect(last.kind === 'group' && last.attrs?.['data-condition']).toBe('Sh, Da')
    const text = children(last)[1]
    expect(text.kind === 'text' && text.text).toBe('+2')
  })

  it('DysTopiA quarters: four units in one square take its four quarters, names overlap nothing', () => {
    const units = ['Aa', 'Bb', 'Cc', 'Dd'].map((id) => token(id))
    const { tokens, names } = drawTokens(units, {
      ...options,
      sharedSquares: true,
      look: TABLE_LOOK,
    })
    const slots = tokens.map((g) => (g.kind === 'group' ? g.attrs : undefined))
    expect(slots).toEqual([undefined, undefined, undefined, undefined])
    const discs = tokens.map((g) => children(g)[0])
    const centres = discs.map((d) => (d.kind === 'circle' ? `${d.cx},${d.cy},${d.r}` : ''))
    expect(new Set(centres).size).toBe(4)
    for (const d of discs) expect(d.kind === 'circle' && d.r).toBeCloseTo(0.2)
    const boxes = names.map((n) => {
      const [x, y, width, height] = String(n.kind === 'text' && n.attrs?.['data-box'])
        .split(',')
        .map(Number)
      return { x, y, width, height }
    })
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) expect(intersects(a, b)).toBe(false)
  })

  it('a token larger than a square is drawn over its footprint', () => {
    const [group] = drawTokens([token('Dragon', { side: 3 })], { ...options, look: GM_LOOK }).tokens
    const disc = children(group)[0]
    expect(disc.kind === 'circle' && [disc.cx, disc.r]).toEqual([3.5, expect.closeTo(1.2)])
  })
})
