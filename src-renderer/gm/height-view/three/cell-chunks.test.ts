// The cell buffers without WebGL: three's geometry classes are plain arrays, so what an edit
// writes (and uploads) can be checked in Node.
import * as THREE from 'three'
import { describe, expect, it } from 'vitest'
import { buildCells } from '../scene-data'
import { sampleMap } from '../test-support'
import { CellChunks, CHUNK_SIDE } from './cell-chunks'

const map = sampleMap('arianrhod-sample')
const grey = (): [number, number, number] => [0.5, 0.5, 0.5]

function positionsOf(chunks: CellChunks): Float32Array[] {
  return chunks.meshes
    .filter((m) => m.name === 'cells')
    .map((m) => (m.geometry.getAttribute('position').array as Float32Array).slice())
}

describe('cell chunks', () => {
  it('draws the 12×10 sample in one chunk with the 6 m ledge as a step face', () => {
    const chunks = new CellChunks()
    const cells = buildCells(map)
    chunks.update(cells, 'all', grey)
    const [mesh] = chunks.meshes
    expect(CHUNK_SIDE).toBeGreaterThanOrEqual(12)
    const position = mesh.geometry.getAttribute('position')
    // The ledge's west face at x = 8 rises from the floor (0) to 3 scene units (6 m).
    const heights = new Set<number>()
    for (let k = 0; k < position.count; k++) {
      if (Math.abs(position.getX(k) - 8.02) < 1e-6 && position.getZ(k) > 2 && position.getZ(k) < 3)
        heights.add(position.getY(k))
    }
    expect([...heights].sort()).toEqual([0, 3])
  })

  it('rewrites only the edited cell and the steps it bounds, and uploads only that range', () => {
    const chunks = new CellChunks()
    const cells = buildCells(map)
    chunks.update(cells, 'all', grey)
    const before = positionsOf(chunks)[0]
    const edited = buildCells({ ...map, cells: [...map.cells, { at: [2, 2], elevation: 4 }] })
    chunks.update(edited, [2 * map.width + 2], grey)
    const after = positionsOf(chunks)[0]
    const perCell = 12 * 3
    const changedSlots = new Set<number>()
    for (let k = 0; k < after.length; k++)
      if (after[k] !== before[k]) changedSlots.add(Math.floor(k / perCell))
    // The cell itself, its east neighbour (west step) and south neighbour (north step).
    expect([...changedSlots].sort((a, b) => a - b)).toEqual([2 * 12 + 2, 2 * 12 + 3, 3 * 12 + 2])
    const position = chunks.meshes[0].geometry.getAttribute('position') as THREE.BufferAttribute
    expect(position.updateRanges).toHaveLength(1)
    expect(position.updateRanges[0].count).toBeLessThan(after.length / 4)
  })

  it('picks the higher column when a step face is hit', () => {
    const chunks = new CellChunks()
    chunks.update(buildCells(map), 'all', grey)
    const mesh = chunks.meshes[0]
    const slot = 2 * 12 + 8 // cell [8, 2], on the ledge
    expect(chunks.cellAt(mesh, slot * 6)).toEqual([8, 2]) // its top
    expect(chunks.cellAt(mesh, slot * 6 + 2)).toEqual([8, 2]) // its west face, the one climbed
    // [11, 2] lies east of the ledge: the step in its slot is the ledge's east face.
    const east = 2 * 12 + 11
    expect(chunks.cellAt(mesh, east * 6 + 2)).toEqual([10, 2])
  })

  it('splits a 40×40 board into chunks and maps picks back to cells', () => {
    const chunks = new CellChunks()
    chunks.update(
      buildCells({ ...map, width: 40, height: 40, cells: [], edges: [], tokens: [] }),
      'all',
      grey,
    )
    const cellMeshes = chunks.meshes.filter((m) => m.name === 'cells')
    expect(cellMeshes).toHaveLength(9)
    const last = cellMeshes[8]
    expect(chunks.cellAt(last, 0)).toEqual([32, 32])
  })
})
