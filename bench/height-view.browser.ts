// The in-page half of the height view benchmark (bench/height-view.ts bundles it and runs it in
// headless Chromium): the real HeightScene drawing a 64×64 map with varied elevation, 300 wall
// edges and 30 tokens, timed while the camera orbits and while single cells are edited.
import type { CampaignMap } from '@core/campaign/schema'
import type { Cell } from '@core/rules/model'
import { loadLightLevels } from '../src-renderer/gm/height-view/rules-client'
import {
  buildCells,
  buildEdges,
  buildLightPoints,
  buildTokens,
  changedCells,
} from '../src-renderer/gm/height-view/scene-data'
import { HeightScene } from '../src-renderer/gm/height-view/three/height-scene'
import { systemFacts } from '../src-renderer/gm/height-view/units'
import { probeWebgl } from '../src-renderer/gm/height-view/webgl'
import { randomEdges, seededRandom } from './random-map'

export interface BenchOptions {
  side: number
  walls: number
  tokens: number
  orbitFrames: number
  edits: number
  width: number
  height: number
  antialias?: boolean
  /** Resolution while the camera moves, as the view sets it for a software renderer. */
  movingResolution?: number
}

export function benchMap(options: Pick<BenchOptions, 'side' | 'walls' | 'tokens'>): CampaignMap {
  const { side } = options
  const rand = seededRandom(7)
  const cells: CampaignMap['cells'] = []
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      // Rolling hills in whole metres, with a few pits and solid squares.
      const elevation = Math.round(
        3 * Math.sin(x / 6) + 3 * Math.cos(y / 8) + 2 * Math.sin((x + y) / 11),
      )
      const roll = rand()
      const terrain =
        roll < 0.03 ? 'pit' : roll < 0.05 ? 'solid' : roll < 0.1 ? 'difficult' : undefined
      cells.push({
        at: [x, y],
        ...(elevation !== 0 ? { elevation } : {}),
        ...(terrain ? { terrain } : {}),
      })
    }
  }
  const edges = randomEdges(rand, side, options.walls, (kind, draw) =>
    kind < 0.8
      ? { kind: 'wall' }
      : kind < 0.9
        ? { kind: 'low-wall' }
        : { kind: 'door', state: draw() < 0.5 ? 'open' : 'locked' },
  )
  const tokens: CampaignMap['tokens'] = []
  for (let i = 0; i < options.tokens; i++) {
    tokens.push({
      id: `t${i}`,
      name: `Token ${i}`,
      at: [Math.floor(rand() * side), Math.floor(rand() * side)],
      faction: i % 3 === 0 ? 'party' : 'enemy',
      move: 10,
      ...(i % 10 === 0 ? { states: ['flying' as const] } : {}),
    })
  }
  return {
    id: 'bench',
    name: 'Bench',
    system: 'arianrhod',
    width: side,
    height: side,
    cells,
    edges,
    light: {
      ambient: 3,
      sources: [
        { at: [10, 10], level: 6, radius: 8 },
        { at: [40, 30], level: 5, radius: 6 },
      ],
    },
    tokens,
    notes: '',
  }
}

interface Bench {
  options: BenchOptions
  scene: HeightScene
  host: HTMLElement
  map: CampaignMap
  cells: ReturnType<typeof buildCells>
  finish: () => void
}

let bench: Bench | null = null

/** Draws the benchmark map; returns the canvas size and the WebGL renderer's name. */
export async function setup(
  options: BenchOptions,
): Promise<{ canvas: string; renderer: string; cells: number; walls: number; tokens: number }> {
  const host = document.createElement('div')
  host.style.width = `${options.width}px`
  host.style.height = `${options.height}px`
  document.body.appendChild(host)
  const software = probeWebgl().software
  const scene = new HeightScene(
    host,
    { hover: () => {}, pickCell: () => {}, pickToken: () => {} },
    {
      antialias: options.antialias ?? !software,
      movingResolution: options.movingResolution ?? (software ? 0.6 : 1),
    },
  )
  scene.resize()
  const gl = scene.renderer.getContext()
  const pixel = new Uint8Array(4)
  const map = benchMap(options)
  const facts = systemFacts(map.system)
  const cells = buildCells(map)
  scene.setCells(cells, 'all', facts)
  scene.setEdges(buildEdges(map, cells))
  scene.setTokens(buildTokens(map, cells), 't0')
  scene.setLight(await loadLightLevels(map), 'gm', buildLightPoints(map, cells))
  // A reach field of 400 cells, as a selected token with a long move would show.
  scene.setReach(map.cells.slice(0, 400).map((c, i) => ({ at: c.at, cost: i % 16 })))
  // readPixels waits for the GPU (here SwiftShader on the CPU) to finish the frame, so the time
  // measured is the whole frame, not just the time to queue its commands.
  const finish = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel)
  bench = { options, scene, host, map, cells, finish }
  for (let i = 0; i < 10; i++) orbitFrame(bench)
  const info = gl.getExtension('WEBGL_debug_renderer_info')
  return {
    canvas: `${scene.renderer.domElement.width}×${scene.renderer.domElement.height}`,
    renderer: info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'unknown',
    cells: cells.columns.length,
    walls: map.edges.length,
    tokens: map.tokens.length,
  }
}

function orbitFrame(b: Bench): number {
  const started = performance.now()
  b.scene.controls.rotateLeft((2 * Math.PI) / b.options.orbitFrames)
  b.scene.renderNow()
  b.finish()
  return performance.now() - started
}

/**
 * One full turn around the board; milliseconds per frame. `moving` draws as the view does while
 * the GM drags (at the moving resolution); otherwise every frame is at full resolution.
 */
export function orbit(moving: boolean): number[] {
  const b = bench!
  b.scene.setMoving(moving)
  const frames = Array.from({ length: b.options.orbitFrames }, () => orbitFrame(b))
  b.scene.setMoving(false)
  return frames
}

/**
 * Single-cell edits as the view handles them: the map changes, the columns are diffed, only the
 * changed cell (and its neighbours' faces) is rewritten, walls and tokens are re-placed. `update`
 * is that work; `shown` adds drawing the next frame with it.
 */
export function edits(): { update: number[]; shown: number[] } {
  const b = bench!
  const facts = systemFacts(b.map.system)
  const rand = seededRandom(11)
  const update: number[] = []
  const shown: number[] = []
  for (let i = 0; i < b.options.edits; i++) {
    const at: Cell = [Math.floor(rand() * b.options.side), Math.floor(rand() * b.options.side)]
    const started = performance.now()
    b.map = {
      ...b.map,
      cells: b.map.cells.map((c) =>
        c.at[0] === at[0] && c.at[1] === at[1] ? { ...c, elevation: (c.elevation ?? 0) + 2 } : c,
      ),
    }
    const next = buildCells(b.map)
    const changed = changedCells(b.cells, next)
    if (changed === 'all' || changed.length !== 1)
      throw new Error(`one edit changed ${changed === 'all' ? 'all' : changed.length} cells`)
    b.cells = next
    b.scene.setCells(next, changed, facts)
    b.scene.setEdges(buildEdges(b.map, next))
    b.scene.setTokens(buildTokens(b.map, next), 't0')
    update.push(performance.now() - started)
    b.scene.renderNow()
    b.finish()
    shown.push(performance.now() - started)
  }
  return { update, shown }
}

export function teardown(): void {
  bench?.scene.dispose()
  bench?.host.remove()
  bench = null
}
