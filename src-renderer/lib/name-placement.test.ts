// Names beside tokens never overlap (issue 23): a property over random boards (crowded rows,
// DysTopiA squares of four, big tokens, long and Japanese names, HP bars), then the cases the
// issue names.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { placeNames, type NameRequest } from './name-placement'
import { intersects, tokenParts, tokenSlots, type Box } from './token-layout'

/** A stand-in for the page's measuring: wide characters 1 em, others 0.6 em. */
const measure = (text: string) =>
  [...text].reduce((w, c) => w + (c.codePointAt(0)! > 0x2e7f ? 1 : 0.6), 0)

const nameArbitrary = fc.oneof(
  fc.constantFrom('Valeros', 'Ghoul 1', 'Merisiel', 'Goblin 2', 'アミキラ1', '主人公A', 'Ezren'),
  fc.string({ minLength: 0, maxLength: 40 }),
  fc
    .array(fc.constantFrom('ア', 'ミ', 'キ', 'ラ', '衛', '兵', ' ', '1'), { maxLength: 20 })
    .map((a) => a.join('')),
)

const boardArbitrary = fc.record({
  width: fc.integer({ min: 1, max: 12 }),
  height: fc.integer({ min: 1, max: 10 }),
  shared: fc.boolean(),
  tokens: fc.array(
    fc.record({
      x: fc.nat(11),
      y: fc.nat(9),
      side: fc.constantFrom(1, 1, 1, 2, 3),
      name: nameArbitrary,
      bar: fc.boolean(),
    }),
    { maxLength: 30 },
  ),
  fontSize: fc.constantFrom(0.3, 0.34, 0.4),
})

describe('placeNames', () => {
  it('never lets two name boxes meet, nor a name cross a token or an HP bar, nor a slid one come near another token', () => {
    let placedNames = 0
    let shortenedNames = 0
    let dropped = 0
    fc.assert(
      fc.property(boardArbitrary, ({ width, height, shared, tokens, fontSize }) => {
        const board = tokens
          .filter((t) => t.x < width && t.y < height)
          .map((t, i) => ({
            ...t,
            id: `t${i}`,
            at: [t.x, t.y] as const,
            side: shared ? 1 : t.side,
          }))
        const slots = tokenSlots(board, shared)
        const bars = slots.flatMap((slot, i) =>
          board[i].bar ? [tokenParts(slot, { hpBar: true }).hpBar!] : [],
        )
        const requests: NameRequest[] = slots.map((slot, i) => ({
          id: slot.id,
          name: board[i].name,
          slot,
        }))
        const bounds: Box = { x: -0.5, y: -0.5, width: width + 1, height: height + 1 }
        const placed = placeNames(requests, { fontSize, measure, obstacles: bars, bounds })

        for (let i = 0; i < placed.length; i++) {
          for (let j = i + 1; j < placed.length; j++)
            expect(intersects(placed[i].box, placed[j].box)).toBe(false)
          for (const slot of slots) expect(intersects(placed[i].box, slot)).toBe(false)
          // one slid off its token's middle keeps clear of tokens not its own
          const own = slots.find((slot) => slot.id === placed[i].id)!
          const { box: at } = placed[i]
          const centred =
            Math.abs(at.x + at.width / 2 - (own.x + own.width / 2)) < 1e-9 ||
            Math.abs(at.y + at.height / 2 - (own.y + own.height / 2)) < 1e-9
          if (!centred) {
            for (const slot of slots) {
              if (slot.x === own.x && slot.y === own.y && slot.width === own.width) continue
              const margin = 0.12 - 1e-9
              const near = {
                x: slot.x - margin,
                y: slot.y - margin,
                width: slot.width + 2 * margin,
                height: slot.height + 2 * margin,
              }
              expect(intersects(at, near)).toBe(false)
            }
          }
          const { box } = placed[i]
          expect(box.x >= bounds.x && box.x + box.width <= bounds.x + bounds.width).toBe(true)
          expect(box.y >= bounds.y && box.y + box.height <= bounds.y + bounds.height).toBe(true)
          // the text fits its box, and is the name or its start cut with "…"
          expect(measure(placed[i].text) * fontSize).toBeLessThanOrEqual(box.width)
          const name = requests.find((r) => r.id === placed[i].id)!.name.trim()
          if (placed[i].text !== name) {
            shortenedNames++
            expect(placed[i].text.endsWith('…')).toBe(true)
            expect(name.startsWith(placed[i].text.slice(0, -1))).toBe(true)
          }
        }
        expect(new Set(placed.map((p) => p.id)).size).toBe(placed.length)
        placedNames += placed.length
        dropped += requests.filter((r) => r.name.trim()).length - placed.length
      }),
      { numRuns: 600, seed: 23 },
    )
    // the boards were crowded enough to shorten and drop names, and roomy enough to place many
    expect(placedNames).toBeGreaterThan(600)
    expect(shortenedNames).toBeGreaterThan(5)
    expect(dropped).toBeGreaterThan(5)
  })

  it('puts neighbours in a row ("Valeros Ghoul 1 Merisiel") apart, each by its own token', () => {
    const tokens = ['Valeros', 'Ghoul 1', 'Merisiel'].map((name, i) => ({
      id: name,
      at: [2 + i, 3] as const,
      side: 1,
      name,
    }))
    const slots = tokenSlots(tokens, false)
    const placed = placeNames(
      slots.map((slot, i) => ({ id: slot.id, name: tokens[i].name, slot })),
      { fontSize: 0.34, measure },
    )
    expect(placed.map((p) => p.text)).toEqual(['Valeros', 'Ghoul 1', 'Merisiel'])
    // the ends go beside the row, the middle one straight above or below its token
    expect(placed[0].box.x + placed[0].box.width).toBeLessThanOrEqual(2)
    expect(placed[2].box.x).toBeGreaterThanOrEqual(5)
    expect(placed[1].box.x + placed[1].box.width / 2).toBeCloseTo(3.5)
  })

  it('names every token of a block of six, the middle ones too', () => {
    const names = ['Tordek', 'Mialee', 'Enemy 1', 'Lidda', 'Jozan', 'Orc 2']
    const slots = tokenSlots(
      names.map((name, i) => ({
        id: name,
        at: [3 + (i % 3), 3 + Math.floor(i / 3)] as const,
        side: 1,
      })),
      false,
    )
    const placed = placeNames(
      slots.map((slot) => ({ id: slot.id, name: slot.id, slot })),
      { fontSize: 0.4, measure },
    )
    expect(placed.map((p) => p.text).sort()).toEqual([...names].sort())
  })

  it('gives four DysTopiA units in one square their own quarters and names that do not meet', () => {
    const names = ['アミキラ1', 'アミキラ2', '主人公A', '主人公B']
    const tokens = names.map((name, i) => ({ id: `u${i}`, at: [2, 2] as const, side: 1, name }))
    const slots = tokenSlots(tokens, true)
    expect(slots.map(({ x, y, width }) => [x, y, width])).toEqual([
      [2, 2, 0.5],
      [2.5, 2, 0.5],
      [2, 2.5, 0.5],
      [2.5, 2.5, 0.5],
    ])
    const placed = placeNames(
      slots.map((slot, i) => ({ id: slot.id, name: names[i], slot })),
      { fontSize: 0.3, measure },
    )
    expect(placed.length).toBe(4)
    for (const a of placed)
      for (const b of placed) if (a !== b) expect(intersects(a.box, b.box)).toBe(false)
  })
})

describe('tokenParts', () => {
  it('keeps the label at 40 % of the slot, the HP bar at 15 % of a square, badges above the label, all inside the slot', () => {
    for (const slot of [
      { x: 3, y: 4, width: 1, height: 1 },
      { x: 3.5, y: 4, width: 0.5, height: 0.5 },
      { x: 0, y: 0, width: 2, height: 2 },
    ]) {
      const parts = tokenParts(slot, { hpBar: true })
      expect(parts.labelSize).toBeGreaterThanOrEqual(0.4 * slot.width)
      expect(parts.hpBar!.height).toBeGreaterThanOrEqual(0.15)
      const bar = parts.hpBar!
      expect(bar.y + bar.height).toBeLessThanOrEqual(slot.y + slot.height)
      // the label's line (a type size high, centred on the disc) ends above the bar
      expect(parts.cy + parts.labelSize / 2).toBeLessThanOrEqual(bar.y)
      expect(parts.cy - parts.r).toBeGreaterThanOrEqual(slot.y)
      expect(parts.ringR + parts.ringWidth / 2).toBeLessThanOrEqual(slot.width / 2 + 1e-9)
      // badges along the top end above the label's capitals (about 0.35 em above its middle)
      for (const hpBar of [true, false]) {
        const each = tokenParts(slot, { hpBar })
        expect(each.badgeRow.y + each.badgeRow.height).toBeLessThanOrEqual(
          each.cy - each.labelSize * 0.35,
        )
      }
    }
  })
})
