// Mounting the board reads no layout (issue 29): a read of clientWidth or getBoundingClientRect
// while a big campaign's page is being built makes the browser lay the whole page out on the
// spot. The board's size comes from its ResizeObserver, which reports after the browser's own
// layout of the frame and before its paint, and the canvas is painted right there, so the first
// painted frame shows the board.
import { cleanup, render } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { CampaignDocument } from '../state/campaign-document.svelte'
import { applyEdit } from '../lib/campaign-edits'
import { fightFor } from '../state/fight.svelte'
import { rulerFor } from '../state/ruler.svelte'
import { GmSession } from '../state/session.svelte'
import Board from './Board.svelte'
import { findEdge } from '../lib/grid-geometry'
import { english, installBoardStubs, isObserved, offline, reportSize } from './page-test-support'

const map = makeMap({
  id: 'm',
  name: 'Keep',
  system: 'pathfinder',
  width: 10,
  height: 8,
  cells: [{ at: [2, 2], terrain: 'difficult' }],
  edges: [
    {
      between: [
        [1, 1],
        [2, 1],
      ],
      kind: 'wall',
    },
  ],
  tokens: [{ id: 'ogre', name: 'Ogre', at: [1, 1], faction: 'enemy' }],
})

// The page's edits applied (the real function, counted).
vi.mock('../lib/campaign-edits', async (importOriginal) => {
  const real = await importOriginal<typeof import('../lib/campaign-edits')>()
  return { ...real, applyEdit: vi.fn(real.applyEdit) }
})

const layoutReads: string[] = []
const restore: Array<() => void> = []

function countReads(proto: object, key: string): void {
  const descriptor = Object.getOwnPropertyDescriptor(proto, key)
  if (!descriptor) throw new Error(`no ${key}`)
  Object.defineProperty(proto, key, {
    ...descriptor,
    ...(descriptor.get
      ? {
          get(this: unknown) {
            layoutReads.push(key)
            return descriptor.get!.call(this)
          },
        }
      : {
          value(this: unknown, ...args: unknown[]) {
            layoutReads.push(key)
            return (descriptor.value as (...a: unknown[]) => unknown).apply(this, args)
          },
        }),
  })
  restore.push(() => Object.defineProperty(proto, key, descriptor))
}

beforeEach(() => {
  layoutReads.length = 0
  restore.push(installBoardStubs())
  for (const key of ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'])
    countReads(HTMLElement.prototype, key)
  countReads(Element.prototype, 'getBoundingClientRect')
  countReads(Element.prototype, 'getClientRects')
})

afterEach(() => {
  cleanup()
  for (const undo of restore.splice(0).reverse()) undo()
})

function mountBoard(shown = map, withCampaign = false): HTMLElement {
  const session = new GmSession(offline)
  if (withCampaign)
    session.document = new CampaignDocument(
      offline,
      'c',
      {
        campaign: makeCampaign({ id: 'c', maps: [shown] }),
        revision: 0,
        canUndo: false,
        canRedo: false,
      },
      { attempt: async () => true, applied: () => {}, shown: () => shown.id },
    )
  fightFor(session)
  rulerFor(session)
  const { getByTestId } = render(Board, {
    session,
    map: shown,
    t: english,
  })
  flushSync()
  return getByTestId('board')
}

describe('Board mount', () => {
  it('reads no layout while mounting: its size comes from a ResizeObserver', () => {
    const board = mountBoard()
    expect(layoutReads).toEqual([])
    expect(isObserved(board)).toBe(true)
  })

  it('paints nothing before its size is known, then paints in the observer callback', () => {
    const board = mountBoard()
    expect(board.dataset.paints).toBe('0')
    reportSize(board, 800, 600)
    // No animation frame has run (flushSync only applies the attributes the paint changed): the
    // paint happened inside the callback, before the frame's paint, fitted to the reported size.
    flushSync()
    expect(board.dataset.paints).toBe('1')
    const canvas = board.querySelector('canvas') as HTMLCanvasElement
    expect(canvas.width).toBeGreaterThan(0)
    expect(Number(board.dataset.zoom)).not.toBe(1.75)
    expect(layoutReads).toEqual([])
  })
})

describe('Board idle preparation (issue 29)', () => {
  it("keys the shown map's lists once the page is idle, so the first click reads no wall", async () => {
    const read = new Set<object>()
    const edges = Array.from(
      { length: 50 },
      (_, i) =>
        new Proxy(
          {
            between: [
              [i % 9, Math.floor(i / 9)],
              [(i % 9) + 1, Math.floor(i / 9)],
            ] as [[number, number], [number, number]],
            kind: 'wall' as const,
          },
          {
            get: (target, key, receiver) => {
              read.add(target)
              return Reflect.get(target, key, receiver) as unknown
            },
          },
        ),
    )
    const walled = makeMap({ ...map, edges })
    mountBoard(walled)
    await new Promise((resolve) => setTimeout(resolve, 20))
    read.clear()
    expect(
      findEdge(walled, [
        [3, 7],
        [4, 7],
      ]),
    ).toBeUndefined()
    expect(
      findEdge(walled, [
        [4, 1],
        [3, 1],
      ]),
    ).toBe(edges[12])
    expect(read.size).toBe(0)
  })
})

const idle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('Board readies the first edit while idle (issue 29)', () => {
  it('rehearses a wall click once on the first look at a map, sending nothing', async () => {
    vi.mocked(applyEdit).mockClear()
    const board = mountBoard(map, true)
    await idle()
    expect(vi.mocked(applyEdit)).toHaveBeenCalledTimes(1)
    const [held, , edit] = vi.mocked(applyEdit).mock.calls[0]
    expect(edit.changes).toMatchObject([{ op: 'put', kind: 'edge', mapId: 'm' }])
    // On a stand-in of the map's list of walls, not the page's own.
    expect(held.campaign.maps[0].edges).not.toBe(map.edges)
    expect(held.campaign.maps[0].edges).toEqual(map.edges)
    expect(board.dataset.paints).toBe('0')
  })
})
