// The board's cells as a few chunk meshes with one fixed slot per cell (a column without its
// never-seen bottom: 20 vertices, 10 triangles). An edit rewrites only the slots of the cell and
// its four neighbours (whose cliff faces it may expose or hide) and uploads only that range.
//
// Why not one instanced box per cell: SwiftShader (WebGL without a GPU) pays a fixed cost per
// instance, so 4096 instances took three times as long to draw as the same boxes in one buffer.
// Slots keep the per-cell update that instancing would give, without that cost.
import * as THREE from 'three'
import type { BoardCells } from '../scene-data'

export const CHUNK_SIDE = 16
const VERTICES_PER_CELL = 20
const TRIANGLES_PER_CELL = 10
/** The visible gap between columns, which reads as the grid. */
const INSET = 0.02

interface Chunk {
  mesh: THREE.Mesh
  x0: number
  y0: number
  width: number
  height: number
  positions: Float32Array
  normals: Float32Array
  colours: Float32Array
  dirtyLow: number
  dirtyHigh: number
  coloursDirty: boolean
}

/** Light on each face, in FACE_NORMALS order: the sun stands high in the south-west. */
const FACE_SHADE = [1, 0.55, 0.8, 0.88, 0.64]

// A column's faces: top (+y), then north (−z), south (+z), west (−x), east (+x) sides.
const FACE_NORMALS: readonly [number, number, number][] = [
  [0, 1, 0],
  [0, 0, -1],
  [0, 0, 1],
  [-1, 0, 0],
  [1, 0, 0],
]

function slotIndices(cells: number): Uint32Array {
  const indices = new Uint32Array(cells * TRIANGLES_PER_CELL * 3)
  for (let slot = 0; slot < cells; slot++) {
    for (let face = 0; face < 5; face++) {
      const v = slot * VERTICES_PER_CELL + face * 4
      const at = (slot * TRIANGLES_PER_CELL + face * 2) * 3
      indices.set([v, v + 1, v + 2, v, v + 2, v + 3], at)
    }
  }
  return indices
}

export class CellChunks {
  readonly group = new THREE.Group()
  private chunks: Chunk[] = []
  private cells: BoardCells | null = null
  // Every face is flat and the scene's lights are directional, so the light on each face is a
  // constant: it is baked into the vertex colours (FACE_SHADE) and the material does no lighting.
  // On a software renderer that makes the most-drawn pixels the cheapest ones.
  private readonly material = new THREE.MeshBasicMaterial({ vertexColors: true })

  get meshes(): THREE.Mesh[] {
    return this.chunks.map((c) => c.mesh)
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
        const height = Math.min(CHUNK_SIDE, cells.height - y0)
        const count = width * height
        const positions = new Float32Array(count * VERTICES_PER_CELL * 3)
        const normals = new Float32Array(count * VERTICES_PER_CELL * 3)
        const colours = new Float32Array(count * VERTICES_PER_CELL * 3)
        for (let slot = 0; slot < count; slot++) {
          for (let face = 0; face < 5; face++) {
            for (let k = 0; k < 4; k++) normals.set(FACE_NORMALS[face], ((slot * 5 + face) * 4 + k) * 3)
          }
        }
        const geometry = new THREE.BufferGeometry()
        geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3).setUsage(THREE.DynamicDrawUsage))
        geometry.setAttribute('normal', new THREE.BufferAttribute(normals, 3))
        geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3).setUsage(THREE.DynamicDrawUsage))
        geometry.setIndex(new THREE.BufferAttribute(slotIndices(count), 1))
        const mesh = new THREE.Mesh(geometry, this.material)
        mesh.name = 'cells'
        mesh.userData = { x0, y0, width }
        this.group.add(mesh)
        this.chunks.push({ mesh, x0, y0, width, height, positions, normals, colours, dirtyLow: Infinity, dirtyHigh: -1, coloursDirty: false })
      }
    }
  }

  private locate(x: number, y: number): { chunk: Chunk; slot: number } {
    const cells = this.cells!
    const perRow = Math.ceil(cells.width / CHUNK_SIDE)
    const chunk = this.chunks[Math.floor(y / CHUNK_SIDE) * perRow + Math.floor(x / CHUNK_SIDE)]
    return { chunk, slot: (y - chunk.y0) * chunk.width + (x - chunk.x0) }
  }

  /** The cell a raycast hit on one of the chunk meshes. */
  cellAt(mesh: THREE.Object3D, faceIndex: number): [number, number] | null {
    const data = mesh.userData as { x0?: number; y0?: number; width?: number }
    if (data.x0 === undefined || data.y0 === undefined || !data.width) return null
    const slot = Math.floor(faceIndex / TRIANGLES_PER_CELL)
    return [data.x0 + (slot % data.width), data.y0 + Math.floor(slot / data.width)]
  }

  /**
   * Writes the columns listed (and their neighbours' side faces), or every column. `colour` gives
   * each cell's RGB (0–1, linear).
   */
  update(cells: BoardCells, changed: readonly number[] | 'all', colour: (index: number) => [number, number, number]): void {
    const resized = !this.cells || this.cells.width !== cells.width || this.cells.height !== cells.height
    this.cells = cells
    if (resized) this.layout(cells)
    if (changed === 'all' || resized) {
      for (let i = 0; i < cells.columns.length; i++) this.writeCell(i, colour(i))
    } else {
      const touched = new Set<number>()
      for (const i of changed) {
        const x = i % cells.width
        const y = Math.floor(i / cells.width)
        touched.add(i)
        if (x > 0) touched.add(i - 1)
        if (x < cells.width - 1) touched.add(i + 1)
        if (y > 0) touched.add(i - cells.width)
        if (y < cells.height - 1) touched.add(i + cells.width)
      }
      for (const i of touched) this.writeCell(i, colour(i))
    }
    this.flush()
  }

  /** Recolours every cell (a new light mode or new light levels); shapes stay as they are. */
  recolour(colour: (index: number) => [number, number, number]): void {
    const cells = this.cells
    if (!cells) return
    for (let i = 0; i < cells.columns.length; i++) {
      const { chunk, slot } = this.locate(i % cells.width, Math.floor(i / cells.width))
      this.fillColour(chunk, slot, colour(i))
    }
    this.flush()
  }

  private fillColour(chunk: Chunk, slot: number, rgb: [number, number, number]): void {
    const start = slot * VERTICES_PER_CELL * 3
    for (let v = 0; v < VERTICES_PER_CELL; v++) {
      const k = FACE_SHADE[Math.floor(v / 4)]
      chunk.colours[start + v * 3] = rgb[0] * k
      chunk.colours[start + v * 3 + 1] = rgb[1] * k
      chunk.colours[start + v * 3 + 2] = rgb[2] * k
    }
    chunk.coloursDirty = true
    chunk.dirtyLow = Math.min(chunk.dirtyLow, slot)
    chunk.dirtyHigh = Math.max(chunk.dirtyHigh, slot)
  }

  private writeCell(i: number, rgb: [number, number, number]): void {
    const cells = this.cells!
    const column = cells.columns[i]
    const { x, y } = column
    const top = column.top
    // A side goes down as far as the lower neighbour shows it; at the board's rim, to the base.
    const sideBottom = (nx: number, ny: number) =>
      nx < 0 || ny < 0 || nx >= cells.width || ny >= cells.height
        ? cells.base
        : Math.min(top, cells.columns[ny * cells.width + nx].top)
    const x0 = x + INSET
    const x1 = x + 1 - INSET
    const z0 = y + INSET
    const z1 = y + 1 - INSET
    const north = sideBottom(x, y - 1)
    const south = sideBottom(x, y + 1)
    const west = sideBottom(x - 1, y)
    const east = sideBottom(x + 1, y)
    // Counter-clockwise seen from outside, so back-face culling drops the hidden ones.
    const quads: number[] = [
      x0, top, z0, x0, top, z1, x1, top, z1, x1, top, z0, // top
      x1, top, z0, x1, north, z0, x0, north, z0, x0, top, z0, // north
      x0, top, z1, x0, south, z1, x1, south, z1, x1, top, z1, // south
      x0, top, z0, x0, west, z0, x0, west, z1, x0, top, z1, // west
      x1, top, z1, x1, east, z1, x1, east, z0, x1, top, z0, // east
    ]
    const { chunk, slot } = this.locate(x, y)
    chunk.positions.set(quads, slot * VERTICES_PER_CELL * 3)
    this.fillColour(chunk, slot, rgb)
  }

  private flush(): void {
    for (const chunk of this.chunks) {
      if (chunk.dirtyHigh < 0) continue
      const geometry = chunk.mesh.geometry
      const from = chunk.dirtyLow * VERTICES_PER_CELL * 3
      const count = (chunk.dirtyHigh - chunk.dirtyLow + 1) * VERTICES_PER_CELL * 3
      const position = geometry.getAttribute('position') as THREE.BufferAttribute
      position.clearUpdateRanges()
      position.addUpdateRange(from, count)
      position.needsUpdate = true
      if (chunk.coloursDirty) {
        const colour = geometry.getAttribute('color') as THREE.BufferAttribute
        colour.clearUpdateRanges()
        colour.addUpdateRange(from, count)
        colour.needsUpdate = true
      }
      geometry.computeBoundingSphere()
      geometry.computeBoundingBox()
      chunk.dirtyLow = Infinity
      chunk.dirtyHigh = -1
      chunk.coloursDirty = false
    }
  }

  dispose(): void {
    for (const chunk of this.chunks) chunk.mesh.geometry.dispose()
    this.material.dispose()
  }
}
