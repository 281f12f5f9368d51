// The board in three: the cell columns (cell-chunks.ts), walls and doors in one baked buffer
// (rebuilt only when they change), instanced door markers and token figures, and each token's
// label floating above it (sized to its slot, so four DysTopiA units' labels stay apart). Updates write
// only what changed; instanced meshes are reallocated only when a count outgrows their capacity.
import * as THREE from 'three'
import type { LightLevels, LightMode, Rgb } from '../shading'
import { lightFactor, shade, terrainColour } from '../shading'
import type { BoardCells, EdgePiece, TokenFigure } from '../scene-data'
import type { SystemFacts } from '../units'
import { bakedBoxes, type BakedBox } from './baked-boxes'
import { CellChunks } from './cell-chunks'
import { makeLabel } from './labels'

const WALL_THICKNESS = 0.14
const DOOR_THICKNESS = 0.09

const WALL_RGB: Rgb = [0.42, 0.38, 0.36]
const LOW_WALL_RGB: Rgb = [0.62, 0.56, 0.48]
const DOOR_RGB: Record<'open' | 'closed' | 'locked', Rgb> = {
  open: [0.72, 0.52, 0.3],
  closed: [0.55, 0.35, 0.18],
  locked: [0.55, 0.35, 0.18],
}
const LOCKED_MARK_RGB: Rgb = [0.9, 0.15, 0.1]
const SECRET_MARK_RGB: Rgb = [0.7, 0.3, 0.95]

const scratch = new THREE.Object3D()
const colour = new THREE.Color()

/** An instanced mesh that grows (by doubling) when more instances are needed. */
class GrowingInstances {
  mesh: THREE.InstancedMesh
  constructor(
    private readonly parent: THREE.Object3D,
    private readonly geometry: THREE.BufferGeometry,
    private readonly material: THREE.Material,
    capacity: number,
    readonly name: string,
  ) {
    this.mesh = this.make(Math.max(1, capacity))
  }

  private make(capacity: number): THREE.InstancedMesh {
    const mesh = new THREE.InstancedMesh(this.geometry, this.material, capacity)
    mesh.name = this.name
    mesh.count = 0
    mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage)
    mesh.setColorAt(0, colour.setRGB(1, 1, 1))
    this.parent.add(mesh)
    return mesh
  }

  /** Makes room for `count` instances; true when the mesh was replaced (everything must be rewritten). */
  reserve(count: number): boolean {
    if (count <= this.mesh.instanceMatrix.count) return false
    let capacity = this.mesh.instanceMatrix.count
    while (capacity < count) capacity *= 2
    this.parent.remove(this.mesh)
    this.mesh.dispose()
    this.mesh = this.make(capacity)
    return true
  }

  set(index: number, matrix: THREE.Matrix4, rgb: Rgb): void {
    this.mesh.setMatrixAt(index, matrix)
    this.mesh.setColorAt(index, colour.setRGB(rgb[0], rgb[1], rgb[2], THREE.SRGBColorSpace))
  }

  /** Marks only the written range for upload, so a one-cell edit sends one instance to the GPU. */
  touched(from: number, to: number): void {
    const matrices = this.mesh.instanceMatrix
    const colours = this.mesh.instanceColor
    matrices.clearUpdateRanges()
    matrices.addUpdateRange(from * 16, (to - from + 1) * 16)
    matrices.needsUpdate = true
    if (colours) {
      colours.clearUpdateRanges()
      colours.addUpdateRange(from * 3, (to - from + 1) * 3)
      colours.needsUpdate = true
    }
    this.mesh.computeBoundingSphere()
  }

  touchedAll(): void {
    this.mesh.instanceMatrix.clearUpdateRanges()
    this.mesh.instanceMatrix.needsUpdate = true
    this.mesh.instanceColor?.clearUpdateRanges()
    if (this.mesh.instanceColor) this.mesh.instanceColor.needsUpdate = true
    this.mesh.computeBoundingSphere()
  }

  dispose(): void {
    this.parent.remove(this.mesh)
    this.mesh.dispose()
  }
}

/** A unit shape standing on y = 0 (boxes and cylinders are centred by default). */
function standing<T extends THREE.BufferGeometry>(geometry: T): T {
  geometry.translate(0, 0.5, 0)
  return geometry
}

export class BoardLayer {
  readonly group = new THREE.Group()
  private readonly columns = new CellChunks()
  private readonly walls: THREE.Mesh
  /** The edge pieces the walls mesh was built from, to skip rebuilding when nothing changed. */
  private shownEdges = ''
  private figures: readonly TokenFigure[] = []
  private selectedId: string | null = null
  private pieces: readonly EdgePiece[] = []
  private readonly marks: GrowingInstances
  private readonly bodies: GrowingInstances
  private readonly heads: GrowingInstances
  private readonly dropLines: THREE.LineSegments
  private readonly selection: THREE.Mesh
  private readonly labels = new THREE.Group()
  /** What the label sprites were made from, to skip rebuilding them when nothing changed. */
  private shownLabels = ''
  private cells: BoardCells | null = null
  private light: LightLevels = null
  private lightMode: LightMode = 'gm'
  private facts: SystemFacts | null = null
  /** Token id per body instance, for picking. */
  tokenIds: string[] = []

  constructor() {
    const lambert = () => new THREE.MeshLambertMaterial({ color: 0xffffff })
    this.group.add(this.columns.group)
    this.walls = new THREE.Mesh(
      new THREE.BufferGeometry(),
      new THREE.MeshBasicMaterial({ vertexColors: true }),
    )
    this.walls.name = 'walls'
    this.group.add(this.walls)
    this.marks = new GrowingInstances(
      this.group,
      new THREE.OctahedronGeometry(0.14),
      new THREE.MeshBasicMaterial(),
      8,
      'door-marks',
    )
    this.bodies = new GrowingInstances(
      this.group,
      standing(new THREE.CylinderGeometry(0.75, 1, 1, 12)),
      lambert(),
      32,
      'token-bodies',
    )
    this.heads = new GrowingInstances(
      this.group,
      new THREE.SphereGeometry(1, 10, 7),
      lambert(),
      32,
      'token-heads',
    )
    this.dropLines = new THREE.LineSegments(
      new THREE.BufferGeometry(),
      new THREE.LineDashedMaterial({ color: 0xffffff, dashSize: 0.12, gapSize: 0.08 }),
    )
    this.dropLines.name = 'drop-lines'
    this.group.add(this.dropLines)
    this.selection = new THREE.Mesh(
      new THREE.RingGeometry(0.42, 0.52, 32).rotateX(-Math.PI / 2),
      new THREE.MeshBasicMaterial({ color: 0xffd400, side: THREE.DoubleSide }),
    )
    this.selection.name = 'selection-ring'
    this.selection.visible = false
    this.group.add(this.selection)
    this.labels.name = 'token-labels'
    this.group.add(this.labels)
  }

  get cellMeshes(): THREE.Mesh[] {
    return this.columns.meshes
  }

  /** The cell under a raycast hit on one of `cellMeshes`. */
  cellAt(mesh: THREE.Object3D, faceIndex: number): [number, number] | null {
    return this.columns.cellAt(mesh, faceIndex)
  }

  get tokenMeshes(): THREE.InstancedMesh[] {
    return [this.bodies.mesh, this.heads.mesh]
  }

  /** Writes the given columns (or all of them); the rest of the board is left alone. */
  setCells(cells: BoardCells, changed: readonly number[] | 'all', facts: SystemFacts): void {
    this.cells = cells
    this.facts = facts
    this.columns.update(cells, changed, this.cellColour)
  }

  /** New light answers or a new light mode recolour the columns; their shapes stay. */
  setLight(levels: LightLevels, mode: LightMode): void {
    this.light = levels
    this.lightMode = mode
    if (this.cells) this.columns.recolour(this.cellColour)
    this.buildWalls()
    this.setTokens(this.figures, this.selectedId)
  }

  /** A cell's colour in linear RGB: its terrain, shaded by its light level in the current mode. */
  private readonly cellColour = (i: number): [number, number, number] => {
    const column = this.cells!.columns[i]
    const factor = lightFactor(this.light?.[i], this.facts!, this.lightMode)
    const rgb = shade(terrainColour(column.terrain, column.blockade), factor)
    colour.setRGB(rgb[0], rgb[1], rgb[2], THREE.SRGBColorSpace)
    return [colour.r, colour.g, colour.b]
  }

  setEdges(pieces: readonly EdgePiece[]): void {
    const key = JSON.stringify(pieces)
    if (key === this.shownEdges) return
    this.shownEdges = key
    this.pieces = pieces
    this.buildWalls()
  }

  /** Walls and doors take the light of the brighter square beside them. */
  private buildWalls(): void {
    const pieces = this.pieces
    const facts = this.facts
    const boxes: BakedBox[] = pieces.map((piece) => {
      const door = piece.kind === 'door'
      this.place(
        piece,
        door ? DOOR_THICKNESS : WALL_THICKNESS,
        door && piece.state === 'open' ? piece.swing : 0,
      )
      const rgb = door
        ? DOOR_RGB[piece.state ?? 'closed']
        : piece.kind === 'low-wall'
          ? LOW_WALL_RGB
          : WALL_RGB
      const light = facts
        ? Math.max(...piece.cells.map((i) => lightFactor(this.light?.[i], facts, this.lightMode)))
        : 1
      return { matrix: scratch.matrix.clone(), rgb: shade(rgb, light) }
    })
    this.walls.geometry.dispose()
    this.walls.geometry = bakedBoxes(boxes)
    const marked = pieces.filter((p) => p.kind === 'door' && (p.state === 'locked' || p.secret))
    this.marks.reserve(marked.length)
    marked.forEach((piece, i) => {
      scratch.position.set((piece.x1 + piece.x2) / 2, piece.top + 0.3, (piece.z1 + piece.z2) / 2)
      scratch.rotation.set(0, 0, 0)
      scratch.scale.set(1, 1, 1)
      scratch.updateMatrix()
      this.marks.set(i, scratch.matrix, piece.secret ? SECRET_MARK_RGB : LOCKED_MARK_RGB)
    })
    this.marks.mesh.count = marked.length
    this.marks.touchedAll()
  }

  /**
   * Positions `scratch` as a slab along an edge. An open door turns 90° about its hinge (the
   * edge's first end) into the square on the `swing` side.
   */
  private place(piece: EdgePiece, thickness: number, swing: number): void {
    const along = piece.x1 === piece.x2 ? 'z' : 'x'
    const height = Math.max(0.01, piece.top - piece.bottom)
    if (swing === 0) {
      scratch.position.set((piece.x1 + piece.x2) / 2, piece.bottom, (piece.z1 + piece.z2) / 2)
      scratch.rotation.set(0, along === 'z' ? Math.PI / 2 : 0, 0)
      scratch.scale.set(1 + thickness, height, thickness)
    } else {
      // Swung open: the leaf now runs across the edge from the hinge.
      const leaf = 0.9
      if (along === 'z')
        scratch.position.set(piece.x1 + (swing * leaf) / 2, piece.bottom, piece.z1 + thickness)
      else scratch.position.set(piece.x1 + thickness, piece.bottom, piece.z1 + (swing * leaf) / 2)
      scratch.rotation.set(0, along === 'z' ? 0 : Math.PI / 2, 0)
      scratch.scale.set(leaf, height, thickness)
    }
    scratch.updateMatrix()
  }

  setTokens(figures: readonly TokenFigure[], selectedId: string | null): void {
    this.figures = figures
    this.selectedId = selectedId
    this.bodies.reserve(figures.length)
    this.heads.reserve(figures.length)
    const drops: number[] = []
    this.tokenIds = figures.map((f) => f.id)
    this.selection.visible = false
    figures.forEach((figure, i) => {
      colour.set(figure.colour)
      let rgb: Rgb = [colour.r, colour.g, colour.b]
      // Hidden tokens are drawn washed out: the GM sees them, and sees that players do not.
      if (figure.hidden) rgb = [0.55 + rgb[0] * 0.45, 0.55 + rgb[1] * 0.45, 0.55 + rgb[2] * 0.45]
      // The combatant whose turn it is glows gold, as on the 2D board and the projector.
      if (figure.turn) rgb = [0.5 + rgb[0] * 0.5, 0.42 + rgb[1] * 0.5, rgb[2] * 0.4]
      rgb = shade(rgb, this.tokenLight(figure))
      const r = figure.radius
      const bodyHeight = 0.55 * figure.side
      scratch.position.set(figure.x, figure.y, figure.z)
      scratch.rotation.set(0, 0, 0)
      scratch.scale.set(r, bodyHeight, r)
      scratch.updateMatrix()
      this.bodies.set(i, scratch.matrix, rgb)
      scratch.position.set(figure.x, figure.y + bodyHeight + r * 0.55, figure.z)
      scratch.scale.set(r * 0.6, r * 0.6, r * 0.6)
      scratch.updateMatrix()
      this.heads.set(i, scratch.matrix, rgb)
      if (figure.flying)
        drops.push(figure.x, figure.y, figure.z, figure.x, figure.floor + 0.02, figure.z)
      if (figure.id === selectedId) {
        this.selection.visible = true
        this.selection.position.set(figure.x, figure.floor + 0.04, figure.z)
        this.selection.scale.setScalar(figure.side)
      }
    })
    this.bodies.mesh.count = figures.length
    this.heads.mesh.count = figures.length
    this.bodies.touchedAll()
    this.heads.touchedAll()
    const geometry = new THREE.BufferGeometry()
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(drops, 3))
    this.dropLines.geometry.dispose()
    this.dropLines.geometry = geometry
    this.dropLines.computeLineDistances()
    this.setLabels(figures)
  }

  /** One label sprite per token above its head, no wider than its slot. */
  private setLabels(figures: readonly TokenFigure[]): void {
    const key = JSON.stringify(
      figures.map((f) => [f.label, f.colour, f.x, f.y, f.z, f.side, f.radius, f.hidden]),
    )
    if (key === this.shownLabels) return
    this.shownLabels = key
    this.disposeLabels()
    for (const figure of figures) {
      const sprite = makeLabel(figure.label, new THREE.Color(figure.colour).getHex())
      const scale = Math.min(figure.side, (figure.side * 0.96) / sprite.scale.x)
      sprite.scale.multiplyScalar(Math.min(1, scale))
      const top = figure.y + 0.55 * figure.side + figure.radius * 1.2
      sprite.position.set(figure.x, top + sprite.scale.y / 2 + 0.05, figure.z)
      sprite.userData = { ...sprite.userData, tokenId: figure.id }
      if (figure.hidden) (sprite.material as THREE.SpriteMaterial).opacity = 0.55
      this.labels.add(sprite)
    }
  }

  /** The tokens' label sprites (for the test probe: where they land on screen). */
  get labelSprites(): readonly THREE.Sprite[] {
    return this.labels.children as THREE.Sprite[]
  }

  private disposeLabels(): void {
    for (const sprite of this.labels.children as THREE.Sprite[]) {
      sprite.material.map?.dispose()
      sprite.material.dispose()
    }
    this.labels.clear()
  }

  /** A token stands in the light of its (north-west) square. */
  private tokenLight(figure: TokenFigure): number {
    const cells = this.cells
    if (!cells || !this.facts) return 1
    const x = Math.floor(figure.x - figure.side / 2)
    const y = Math.floor(figure.z - figure.side / 2)
    return lightFactor(this.light?.[y * cells.width + x], this.facts, this.lightMode)
  }

  dispose(): void {
    this.columns.dispose()
    this.walls.geometry.dispose()
    ;(this.walls.material as THREE.Material).dispose()
    for (const part of [this.marks, this.bodies, this.heads]) part.dispose()
    this.dropLines.geometry.dispose()
    this.disposeLabels()
  }
}
