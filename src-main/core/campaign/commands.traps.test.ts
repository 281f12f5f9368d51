import { describe, expect, it } from 'vitest'
import { applyCommand, CommandError } from './commands'
import { MAX_TRAPS } from './fog-commands'
import type { Command } from './schema'
import { commandSchema } from './schema'
import { deepFreeze, makeCampaign, makeMap } from './test-helpers'

const setTrap = (id: string, at: [number, number], name = '', notes?: string): Command => ({
  type: 'trap.set',
  mapId: 'm1',
  trap: { id, at, name, ...(notes !== undefined ? { notes } : {}) },
})

describe('trap commands', () => {
  it('parse through the command schema, with the name defaulting to empty', () => {
    const parsed = commandSchema.parse({
      type: 'trap.set',
      mapId: 'm1',
      trap: { id: 't1', at: [1, 2] },
    })
    expect(parsed).toEqual({
      type: 'trap.set',
      mapId: 'm1',
      trap: { id: 't1', at: [1, 2], name: '' },
    })
    expect(() =>
      commandSchema.parse({ type: 'trap.set', mapId: 'm1', trap: { id: '', at: [1, 2] } }),
    ).toThrow()
    expect(() =>
      commandSchema.parse({ type: 'trap.set', mapId: 'm1', trap: { id: 't1', at: [1.5, 2] } }),
    ).toThrow()
    expect(() => commandSchema.parse({ type: 'trap.remove', mapId: 'm1' })).toThrow()
  })

  it('adds a trap, replaces it by id and removes it without touching the old state', () => {
    const start = deepFreeze(makeCampaign())
    const added = applyCommand(start, setTrap('t1', [2, 3], 'Pit trap', 'DC 20 Reflex'))
    expect(added.maps[0].traps).toEqual([
      { id: 't1', at: [2, 3], name: 'Pit trap', notes: 'DC 20 Reflex' },
    ])
    expect(start.maps[0].traps).toBeUndefined()

    const second = applyCommand(added, setTrap('t2', [0, 1], 'Dart'))
    const renamed = applyCommand(second, setTrap('t1', [2, 3], 'Spiked pit'))
    expect(renamed.maps[0].traps).toEqual([
      { id: 't1', at: [2, 3], name: 'Spiked pit' },
      { id: 't2', at: [0, 1], name: 'Dart' },
    ])

    const removed = applyCommand(renamed, { type: 'trap.remove', mapId: 'm1', trapId: 't1' })
    expect(removed.maps[0].traps).toEqual([{ id: 't2', at: [0, 1], name: 'Dart' }])
    // removing the last trap leaves no empty field behind
    const empty = applyCommand(removed, { type: 'trap.remove', mapId: 'm1', trapId: 't2' })
    expect('traps' in empty.maps[0]).toBe(false)
  })

  it('refuses a trap off the map, an unknown trap id and an unknown map', () => {
    const start = deepFreeze(makeCampaign())
    expect(() => applyCommand(start, setTrap('t1', [6, 0]))).toThrow(CommandError)
    expect(() => applyCommand(start, setTrap('t1', [0, -1]))).toThrow(/outside/)
    expect(() => applyCommand(start, { type: 'trap.remove', mapId: 'm1', trapId: 'nope' })).toThrow(
      /No trap/,
    )
    expect(() =>
      applyCommand(start, {
        type: 'trap.set',
        mapId: 'zz',
        trap: { id: 't', at: [0, 0], name: '' },
      }),
    ).toThrow(CommandError)
  })

  it('caps the number of traps on one map', () => {
    const traps = Array.from({ length: MAX_TRAPS }, (_, i) => ({
      id: `t${i}`,
      at: [0, 0] as [number, number],
      name: '',
    }))
    const full = makeCampaign({ maps: [makeMap({ traps })] })
    expect(() => applyCommand(full, setTrap('one-more', [1, 1]))).toThrow(/already has/)
    // replacing an existing one is still allowed
    expect(applyCommand(full, setTrap('t0', [1, 1], 'moved')).maps[0].traps![0]).toEqual({
      id: 't0',
      at: [1, 1],
      name: 'moved',
    })
  })

  it('placing a trap does not change what the party has explored', () => {
    const start = deepFreeze(
      makeCampaign({
        maps: [makeMap({ fog: { mode: 'vision', explored: [[4, 4, 4]], revealed: [] } })],
      }),
    )
    const next = applyCommand(start, setTrap('t1', [1, 1], 'Net'))
    expect(next.maps[0].fog).toBe(start.maps[0].fog)
  })

  it('a map resized smaller drops the traps that fell off it', () => {
    const start = makeCampaign({
      maps: [
        makeMap({
          tokens: [],
          traps: [
            { id: 'a', at: [1, 1], name: '' },
            { id: 'b', at: [5, 4], name: '' },
          ],
        }),
      ],
    })
    const next = applyCommand(start, { type: 'map.update', mapId: 'm1', width: 4, height: 4 })
    expect(next.maps[0].traps?.map((t) => t.id)).toEqual(['a'])
  })
})
