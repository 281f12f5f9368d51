// What is drawn over the board: the reach field on the cells' top faces, the path preview with its
// labels, the hovered cell and path target, and the light sources with their radius.
import * as THREE from 'three'
import type { Cell } from '@core/rules/model'
import type { PathAction, PathSegment } from '../path-segments'
import type { BoardCells, LightPoint } from '../scene-data'
import { cellIndex } from '../scene-data'
import type { LightMode, ReachCell } from '../shading'
import { costColour } from '../shading'
import { makeLabel } from './labels'

const ACTION_COLOURS: Record<PathAction, number> = {
  move: 0x35d0ff,
  climb: 0xff9f1a,
  jump: 0xff4fd8,
  fall: 0xff3b3b,
}

const colour = new THREE.Color()

function topOf(cells: BoardCells, cell: Cell): number {
  const column = cells.columns[cellIndex(cells.width, cell)]
  return column ? column.top : 0
}

function disposeTree(group: THREE.Group): void {
  for (const child of [...group.children]) {
    group.remove(child)
    child.traverse((node) => {
      const mesh = node as THREE.Mesh | THREE.Sprite
      mesh.geometry?.dispose()
      const material = mesh.material as THREE.Material | THREE.Material[] | undefined
      for (const m of Array.isArray(material) ? material : material ? [material] : []) {
        ;(m as THREE.SpriteMaterial).map?.dispose()
        m.dispose()
      }
    })
  }
}

export class OverlayLayer {
  readonly group = new THREE.Group()
  /** One buffer for the whole field: it is replaced whole whenever the engine answers anew. */
  private readonly reach: THREE.Mesh
  private readonly path = new THREE.Group()
  private readonly lights = new THREE.Group()
  private readonly hover: THREE.Mesh
  private readonly target: THREE.Mesh
  private readonly glowTexture: THREE.Texture

  constructor() {
    this.reach = new THREE.Mesh(
      new THREE.BufferGeometry(),
      new THREE.MeshBasicMaterial({
        vertexColors: true,
        transparent: true,
        opacity: 0.5,
        depthWrite: false,
      }),
    )
    this.reach.name = 'reach-field'
    this.group.add(this.reach)
    this.path.name = 'path'
    this.lights.name = 'light-sources'
    this.group.add(this.path, this.lights)
    this.hover = new THREE.Mesh(
      new THREE.PlaneGeometry(0.98, 0.98).rotateX(-Math.PI / 2),
      new THREE.MeshBasicMaterial({
        color: 0xfff27a,
        transparent: true,
        opacity: 0.55,
        depthWrite: false,
      }),
    )
    this.hover.name = 'hover'
    this.hover.visible = false
    this.target = new THREE.Mesh(
      new THREE.RingGeometry(0.3, 0.44, 4, 1, Math.PI / 4).rotateX(-Math.PI / 2),
      new THREE.MeshBasicMaterial({ color: 0xffffff, side: THREE.DoubleSide }),
    )
    this.target.name = 'path-target'
    this.target.visible = false
    this.group.add(this.hover, this.target)
    this.glowTexture = glowTexture()
  }

  setReach(cells: BoardCells, field: readonly ReachCell[]): void {
    const maxCost = field.reduce((m, c) => Math.max(m, c.cost), 0)
    const positions = new Float32Array(field.length * 18)
    const colours = new Float32Array(field.length * 18)
    const inset = 0.03
    field.forEach((entry, i) => {
      const [x, z] = entry.at
      const y = topOf(cells, entry.at) + 0.03
      const a = [x + inset, y, z + inset]
      const b = [x + inset, y, z + 1 - inset]
      const c = [x + 1 - inset, y, z + 1 - inset]
      const d = [x + 1 - inset, y, z + inset]
      positions.set([...a, ...b, ...c, ...a, ...c, ...d], i * 18)
      const [r, g, bl] = costColour(entry.cost, maxCost)
      colour.setRGB(r, g, bl, THREE.SRGBColorSpace)
      for (let k = 0; k < 6; k++) colours.set([colour.r, colour.g, colour.b], i * 18 + k * 3)
    })
    const geometry = new THREE.BufferGeometry()
    geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3))
    geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3))
    geometry.computeBoundingSphere()
    this.reach.geometry.dispose()
    this.reach.geometry = geometry
  }

  /** The path is a handful of tubes and labels: rebuilt whole whenever the engine answers again. */
  setPath(segments: readonly PathSegment[], labels: readonly string[]): void {
    disposeTree(this.path)
    segments.forEach((segment, i) => {
      const points = segment.points.map((p) => new THREE.Vector3(p[0], p[1], p[2]))
      const curve = new THREE.CurvePath<THREE.Vector3>()
      for (let k = 1; k < points.length; k++)
        curve.add(new THREE.LineCurve3(points[k - 1], points[k]))
      const tubular = Math.max(8, points.length * 4)
      const tube = new THREE.Mesh(
        new THREE.TubeGeometry(curve, tubular, 0.06, 8, false),
        new THREE.MeshBasicMaterial({ color: ACTION_COLOURS[segment.action] }),
      )
      tube.name = `path-${segment.action}`
      tube.userData = { action: segment.action, cost: segment.cost, rise: segment.rise }
      this.path.add(tube)
      const end = points[points.length - 1]
      const dot = new THREE.Mesh(
        new THREE.SphereGeometry(0.11, 12, 8),
        new THREE.MeshBasicMaterial({ color: ACTION_COLOURS[segment.action] }),
      )
      dot.position.copy(end)
      this.path.add(dot)
      const label = makeLabel(labels[i] ?? '', ACTION_COLOURS[segment.action])
      // Climbs and falls are labelled at the face they go up or down; others above their end.
      const anchor =
        segment.action === 'climb' || segment.action === 'fall'
          ? points[1].clone().lerp(points[2], 0.5)
          : segment.action === 'jump'
            ? points[Math.floor(points.length / 2)]
            : end
      label.position.set(anchor.x, anchor.y + 0.55, anchor.z)
      this.path.add(label)
    })
  }

  setHover(cells: BoardCells | null, cell: Cell | null): void {
    this.hover.visible = cells !== null && cell !== null
    if (cells && cell)
      this.hover.position.set(cell[0] + 0.5, topOf(cells, cell) + 0.05, cell[1] + 0.5)
  }

  setTarget(cells: BoardCells | null, cell: Cell | null): void {
    this.target.visible = cells !== null && cell !== null
    if (cells && cell)
      this.target.position.set(cell[0] + 0.5, topOf(cells, cell) + 0.06, cell[1] + 0.5)
  }

  /** A flame with a glow for every source, and its radius as a ring on the floor. */
  setLights(points: readonly LightPoint[], mode: LightMode): void {
    disposeTree(this.lights)
    for (const point of points) {
      const flame = new THREE.Mesh(
        new THREE.SphereGeometry(0.13, 12, 8),
        new THREE.MeshBasicMaterial({ color: 0xffd27a }),
      )
      flame.position.set(point.x, point.y, point.z)
      flame.name = 'light-flame'
      const glow = new THREE.Sprite(
        new THREE.SpriteMaterial({
          map: this.glowTexture,
          color: 0xffb347,
          blending: THREE.AdditiveBlending,
          depthWrite: false,
          transparent: true,
          opacity: mode === 'lit' ? 1 : 0.75,
        }),
      )
      glow.position.copy(flame.position)
      glow.scale.setScalar(mode === 'lit' ? 2.6 : 1.8)
      const ring = new THREE.Mesh(
        new THREE.RingGeometry(
          Math.max(0.01, point.radius - 0.04),
          point.radius + 0.04,
          64,
        ).rotateX(-Math.PI / 2),
        new THREE.MeshBasicMaterial({
          color: 0xffc060,
          transparent: true,
          opacity: 0.8,
          side: THREE.DoubleSide,
          depthWrite: false,
        }),
      )
      ring.position.set(point.x, point.y - 0.85, point.z)
      ring.name = 'light-radius'
      this.lights.add(flame, glow, ring)
    }
  }

  dispose(): void {
    disposeTree(this.path)
    disposeTree(this.lights)
    this.reach.geometry.dispose()
    ;(this.reach.material as THREE.Material).dispose()
    this.glowTexture.dispose()
  }
}

/** A soft round glow drawn once on a canvas (no image files, nothing fetched). */
function glowTexture(): THREE.Texture {
  const size = 64
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = size
  const context = canvas.getContext('2d')
  if (context) {
    const gradient = context.createRadialGradient(
      size / 2,
      size / 2,
      0,
      size / 2,
      size / 2,
      size / 2,
    )
    gradient.addColorStop(0, 'rgba(255,255,255,1)')
    gradient.addColorStop(0.25, 'rgba(255,220,150,0.8)')
    gradient.addColorStop(1, 'rgba(255,160,60,0)')
    context.fillStyle = gradient
    context.fillRect(0, 0, size, size)
  }
  const texture = new THREE.CanvasTexture(canvas)
  texture.colorSpace = THREE.SRGBColorSpace
  return texture
}
