// The board's cells as a few chunk meshes with one fixed slot per cell: its top face, and the
// faces on its west and north sides (each the step between it and that neighbour, facing the
// lower one). The board's outer sides are a small rim mesh. An edit rewrites only the slots of the
// cell and of its east and south neighbours (whose west / north steps it bounds) and uploads only
// that range.
//
// Why not one instanced box per cell: SwiftShader (WebGL without a GPU) pays a fixed cost per
// instance, so 4096 instanced boxes took three times as long to draw as the same boxes in one
// buffer; and a box per cell draws four sides where a shared step needs one.
import * as THREE from 'three'
import type { BoardCells } from '../scene-data'

export const CHUNK_SIDE = 16
const QUADS_PER_CELL = 3
const VERTICES_PER_CELL = QUADS_PER_CELL * 4
const TRIANGLES_PER_CELL = QUADS_PER_CELL * 2
/** The visible gap between columns, which reads as the grid. */
const INSET = 0.02

/**
 * Light on each face direction: the sun stands high in the south-west. Every face is flat and the
 * lights are directional, so this is baked into the vertex colours and the material does no
 * lighting: on a software renderer the most-drawn pixels are then the cheapest ones.
 */
const SHADE = { top: 1, north: 0.55, south: 0.8, west: 0.88, east: 0.64 }

type Rgb = [number, number, number]
type Point = [number, number, number]

interface Chunk {
  mesh: THREE.Mesh
  x0: number
  y0: number
  width: number
  positions: Float32Array
  colours: Float32Array
  dirtyLow: number
  dirtyHigh: number
}

function quadIndices(quads: number): Uint32Array {
  const indices = new Uint32Array(quads * 6)
  for (let q = 0; q < quads; q++)
    indices.set([q * 4, q * 4 + 1, q * 4 + 2, q * 4, q * 4 + 2, q * 4 + 3], q * 6)
  return indices
}

function writeQuad(
  positions: Float32Array,
  colours: Float32Array,
  quad: number,
  corners: Point[],
  rgb: Rgb,
  shade: number,
): void {
  for (let k = 0; k < 4; k++) {
    const at = (quad * 4 + k) * 3
    positions[at] = corners[k][0]
    positions[at + 1] = corners[k][1]
    positions[at + 2] = corners[k][2]
    colours[at] = rgb[0] * shade
    colours[at + 1] = rgb[1] * shade
    colours[at + 2] = rgb[2] * shade
  }
}

export class CellChunks {
  readonly group = new THREE.Group()
  private chunks: Chunk[] = []
  private rim: THREE.Mesh | null = null
  /** The cell each rim quad belongs to, for picking. */
  private rimCells: [number, number][] = []
  private cells: BoardCells | null = null
  private colourOf: (index: number) => Rgb = () => [1, 1, 1]
  private readonly material = new THREE.MeshBasicMaterial({ vertexColors: true })

  get meshes(): THREE.Mesh[] {
    return this.rim ? [...this.chunks.map((c) => c.mesh), this.rim] : this.chunks.map((c) => c.mesh)
  }

  /** (Re)creates the chunks when the board's size changes. */
  private layout(cells: BoardCells): void {
    for (const chunk of this.chunks) {
      this.group.remove(chunk.mesh)
      chunk.mesh.geometry.dispose()
    }
    this.chunks = []
    for (let y0 = 0; y0 < cells.height; y0 += CHUNK_SIDE) {
      for (let x0 = 0; x0 < cells.width; x0 += CHUNK_SIDE) {
        const width = Math.min(CHUNK_SIDE, cells.width - x0)
        const count = width * Math.min(CHUNK_SIDE, cells.height - y0)
        const positions = new Float32Array(count * VERTICES_PER_CELL * 3)
        const colours = new Float32Array(count * VERTICES_PER_CELL * 3)
        const geometry = new THREE.BufferGeometry()
        geometry.setAttribute(
          'position',
          new THREE.BufferAttribute(positions, 3).setUsage(THREE.DynamicDrawUsage),
        )
        geometry.setAttribute(
          'color',
          new THREE.BufferAttribute(colours, 3).setUsage(THREE.DynamicDrawUsage),
        )
        geometry.setIndex(new THREE.BufferAttribute(quadIndices(count * QUADS_PER_CELL), 1))
        const mesh = new THREE.Mesh(geometry, this.material)
        mesh.name = 'cells'
        mesh.userData = { x0, y0, width }
        this.group.add(mesh)
        this.chunks.push({
          mesh,
          x0,
          y0,
          width,
          positions,
          colours,
          dirtyLow: Infinity,
          dirtyHigh: -1,
        })
      }
    }
  }

  private locate(x: number, y: number): { chunk: Chunk; slot: number } {
    const perRow = Math.ceil(this.cells!.width / CHUNK_SIDE)
    const chunk = this.chunks[Math.floor(y / CHUNK_SIDE) * perRow + Math.floor(x / CHUNK_SIDE)]
    return { chunk, slot: (y - chunk.y0) * chunk.width + (x - chunk.x0) }
  }

  private top(x: number, y: number): number {
    const cells = this.cells!
    return cells.columns[y * cells.width + x].top
  }

  /** The cell a raycast hit: a step face belongs to the higher of its two cells. */
  cellAt(mesh: THREE.Object3D, faceIndex: number): [number, number] | null {
    if (mesh === this.rim) return this.rimCells[Math.floor(faceIndex / 2)] ?? null
    const data = mesh.userData as { x0?: number; y0?: number; width?: number }
    if (data.x0 === undefined || data.y0 === undefined || !data.width || !this.cells) return null
    const slot = Math.floor(faceIndex / TRIANGLES_PER_CELL)
    const x = data.x0 + (slot % data.width)
    const y = data.y0 + Math.floor(slot / data.width)
    const quad = Math.floor((faceIndex % TRIANGLES_PER_CELL) / 2)
    if (quad === 1 && x > 0 && this.top(x - 1, y) > this.top(x, y)) return [x - 1, y]
    if (quad === 2 && y > 0 && this.top(x, y - 1) > this.top(x, y)) return [x, y - 1]
    return [x, y]
  }

  /**
   * Writes the columns listed (and the steps they bound), or every column. `colour` gives each
   * cell's RGB (0–1, linear); it is kept for later partial updates.
   */
  update(
    cells: BoardCells,
    changed: readonly number[] | 'all',
    colour: (index: number) => Rgb,
  ): void {
    const resized =
      !this.cells || this.cells.width !== cells.width || this.cells.height !== cells.height
    this.cells = cells
    this.colourOf = colour
    if (resized) this.layout(cells)
    let rimChanged = resized || changed === 'all'
    if (changed === 'all' || resized) {
      for (let i = 0; i < cells.columns.length; i++) this.writeSlot(i)
    } else {
      const touched = new Set<number>()
      for (const i of changed) {
        const x = i % cells.width
        const y = Math.floor(i / cells.width)
        touched.add(i)
        if (x < cells.width - 1) touched.add(i + 1)
        if (y < cells.height - 1) touched.add(i + cells.width)
        if (x === 0 || y === 0 || x === cells.width - 1 || y === cells.height - 1) rimChanged = true
      }
      for (const i of touched) this.writeSlot(i)
    }
    if (rimChanged) this.buildRim()
    this.flush()
  }

  /** Recolours every cell (new light levels or light mode); shapes stay as they are. */
  recolour(colour: (index: number) => Rgb): void {
    this.colourOf = colour
    const cells = this.cells
    if (!cells) return
    for (let i = 0; i < cells.columns.length; i++) this.writeSlot(i)
    this.buildRim()
    this.flush()
  }

  private writeSlot(i: number): void {
    const cells = this.cells!
    const { x, y, top } = cells.columns[i]
    const { chunk, slot } = this.locate(x, y)
    const own = this.colourOf(i)
    const x0 = x + INSET
    const x1 = x + 1 - INSET
    const z0 = y + INSET
    const z1 = y + 1 - INSET
    const quad = slot * QUADS_PER_CELL
    // Corners counter-clockwise seen from outside, so back-face culling drops the hidden side.
    writeQuad(
      chunk.positions,
      chunk.colours,
      quad,
      [
        [x0, top, z0],
        [x0, top, z1],
        [x1, top, z1],
        [x1, top, z0],
      ],
      own,
      SHADE.top,
    )
    // West step: between (x−1, y) and this cell, drawn on the higher column's face.
    if (x > 0) {
      const other = this.top(x - 1, y)
      if (top >= other) {
        writeQuad(
          chunk.positions,
          chunk.colours,
          quad + 1,
          [
            [x0, top, z0],
            [x0, other, z0],
            [x0, other, z1],
            [x0, top, z1],
          ],
          own,
          SHADE.west,
        )
      } else {
        const xe = x - INSET
        const rgb = this.colourOf(i - 1)
        writeQuad(
          chunk.positions,
          chunk.colours,
          quad + 1,
          [
            [xe, other, z1],
            [xe, top, z1],
            [xe, top, z0],
            [xe, other, z0],
          ],
          rgb,
          SHADE.east,
        )
      }
    } else {
      writeQuad(
        chunk.positions,
        chunk.colours,
        quad + 1,
        [
          [x0, top, z0],
          [x0, top, z0],
          [x0, top, z0],
          [x0, top, z0],
        ],
        own,
        0,
      )
    }
    // North step: between (x, y−1) and this cell.
    if (y > 0) {
      const other = this.top(x, y - 1)
      if (top >= other) {
        writeQuad(
          chunk.positions,
          chunk.colours,
          quad + 2,
          [
            [x1, top, z0],
            [x1, other, z0],
            [x0, other, z0],
            [x0, top, z0],
          ],
          own,
          SHADE.north,
        )
      } else {
        const zs = y - INSET
        const rgb = this.colourOf(i - cells.width)
        writeQuad(
          chunk.positions,
          chunk.colours,
          quad + 2,
          [
            [x0, other, zs],
            [x0, top, zs],
            [x1, top, zs],
            [x1, other, zs],
          ],
          rgb,
          SHADE.south,
        )
      }
    } else {
      writeQuad(
        chunk.positions,
        chunk.colours,
        quad + 2,
        [
          [x0, top, z0],
          [x0, top, z0],
          [x0, top, z0],
          [x0, top, z0],
        ],
        own,
        0,
      )
    }
    chunk.dirtyLow = Math.min(chunk.dirtyLow, slot)
    chunk.dirtyHigh = Math.max(chunk.dirtyHigh, slot)
  }

  /** The board's four outer sides, from the base up to each rim cell's top. */
  private buildRim(): void {
    const cells = this.cells!
    const { width, height, base } = cells
    const rimCells: [number, number][] = []
    for (let x = 0; x < width; x++) rimCells.push([x, 0], [x, height - 1])
    for (let y = 0; y < height; y++) rimCells.push([0, y], [width - 1, y])
    const positions = new Float32Array(rimCells.length * 12)
    const colours = new Float32Array(rimCells.length * 12)
    rimCells.forEach(([x, y], q) => {
      const top = this.top(x, y)
      const rgb = this.colourOf(y * width + x)
      const x0 = x + INSET
      const x1 = x + 1 - INSET
      const z0 = y + INSET
      const z1 = y + 1 - INSET
      const side = q < 2 * width ? (q % 2 === 0 ? 'north' : 'south') : q % 2 === 0 ? 'west' : 'east'
      const corners: Record<typeof side, Point[]> = {
        north: [
          [x1, top, z0],
          [x1, base, z0],
          [x0, base, z0],
          [x0, top, z0],
        ],
        south: [
          [x0, top, z1],
          [x0, base, z1],
          [x1, base, z1],
          [x1, top, z1],
        ],
        west: [
          [x0, top, z0],
          [x0, base, z0],
          [x0, base, z1],
          [x0, top, z1],
        ],
        east: [
          [x1, top, z1],
          [x1, base, z1],
          [x1, base, z0],
          [x1, top, z0],
        ],
      }
      writeQuad(positions, colours, q, corners[side], rgb, SHADE[side])
    })
    const geometry = new THREE.BufferGeometry()
    geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3))
    geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3))
    geometry.setIndex(new THREE.BufferAttribute(quadIndices(rimCells.length), 1))
    geometry.computeBoundingSphere()
    if (this.rim) {
      this.rim.geometry.dispose()
      this.rim.geometry = geometry
    } else {
      this.rim = new THREE.Mesh(geometry, this.material)
      this.rim.name = 'cells-rim'
      this.group.add(this.rim)
    }
    this.rimCells = rimCells
  }

  private flush(): void {
    for (const chunk of this.chunks) {
      if (chunk.dirtyHigh < 0) continue
      const geometry = chunk.mesh.geometry
      const from = chunk.dirtyLow * VERTICES_PER_CELL * 3
      const count = (chunk.dirtyHigh - chunk.dirtyLow + 1) * VERTICES_PER_CELL * 3
      for (const name of ['position', 'color']) {
        const attribute = geometry.getAttribute(name) as THREE.BufferAttribute
        attribute.clearUpdateRanges()
        attribute.addUpdateRange(from, count)
        attribute.needsUpdate = true
      }
      geometry.computeBoundingSphere()
      chunk.dirtyLow = Infinity
      chunk.dirtyHigh = -1
    }
  }

  dispose(): void {
    for (const chunk of this.chunks) chunk.mesh.geometry.dispose()
    this.rim?.geometry.dispose()
    this.material.dispose()
  }
}
