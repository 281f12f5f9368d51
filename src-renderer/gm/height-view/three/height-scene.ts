// The thin three layer: renderer, camera, orbit controls, picking and on-demand rendering. It
// draws what the pure modules computed and reports picks back; it never decides anything itself.
import * as THREE from 'three'
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js'
import type { Cell } from '@core/rules/model'
import type { PathSegment } from '../path-segments'
import type { BoardCells, EdgePiece, LightPoint, TokenFigure } from '../scene-data'
import type { LightLevels, LightMode, ReachCell } from '../shading'
import type { SystemFacts } from '../units'
import { BoardLayer } from './board-layer'
import { OverlayLayer } from './overlay-layer'

export interface HeightSceneOptions {
  antialias?: boolean
  /**
   * Resolution (fraction of full) while the camera moves; full again when it stops. A software
   * renderer (SwiftShader) spends most of a frame on pixels, so orbiting stays smooth at 0.6.
   */
  movingResolution?: number
}

export interface SceneEvents {
  hover(cell: Cell | null): void
  pickCell(cell: Cell): void
  pickToken(tokenId: string): void
}

/** A press that moves less than this many pixels is a click, not an orbit. */
const CLICK_SLOP_PX = 5
const KEY_ROTATE = Math.PI / 24
const KEY_ZOOM = 1.15
const KEY_PAN_PX = 40

export class HeightScene {
  readonly renderer: THREE.WebGLRenderer
  readonly camera = new THREE.PerspectiveCamera(45, 1, 0.05, 2000)
  readonly scene = new THREE.Scene()
  readonly controls: OrbitControls
  readonly board = new BoardLayer()
  readonly overlay = new OverlayLayer()
  private readonly hemisphere = new THREE.HemisphereLight(0xdfe8ff, 0x3a3128, 1.6)
  private readonly sun = new THREE.DirectionalLight(0xffffff, 1.4)
  private cells: BoardCells | null = null
  private frameRequested = false
  private readonly raycaster = new THREE.Raycaster()
  private readonly pointer = new THREE.Vector2()
  private pressedAt: { x: number; y: number } | null = null
  private readonly resizeObserver: ResizeObserver
  private disposed = false
  private readonly fullPixelRatio: number
  private readonly movingPixelRatio: number
  private settleTimer: ReturnType<typeof setTimeout> | null = null
  /** Milliseconds the last few renders took (for the status line and the benchmark). */
  lastFrameMs = 0

  constructor(
    private readonly host: HTMLElement,
    private readonly events: SceneEvents,
    options: HeightSceneOptions = {},
  ) {
    this.fullPixelRatio = Math.min(2, window.devicePixelRatio || 1)
    this.movingPixelRatio = this.fullPixelRatio * (options.movingResolution ?? 1)
    this.renderer = new THREE.WebGLRenderer({ antialias: options.antialias ?? true })
    this.renderer.setPixelRatio(this.fullPixelRatio)
    this.renderer.domElement.dataset.testid = 'height-canvas'
    // Focus the canvas on press so the keyboard shortcuts reach it.
    this.renderer.domElement.addEventListener('pointerdown', () => this.renderer.domElement.focus())
    host.appendChild(this.renderer.domElement)
    this.scene.background = new THREE.Color(0x1b1e24)
    this.sun.position.set(-0.6, 1, 0.35)
    this.scene.add(this.hemisphere, this.sun, this.board.group, this.overlay.group)
    this.controls = new OrbitControls(this.camera, this.renderer.domElement)
    this.controls.maxPolarAngle = Math.PI * 0.49
    this.controls.screenSpacePanning = false
    this.controls.addEventListener('change', () => this.requestFrame())
    this.controls.addEventListener('start', () => this.setMoving(true))
    this.controls.addEventListener('end', () => this.setMoving(false))
    const canvas = this.renderer.domElement
    canvas.addEventListener('pointermove', this.onPointerMove)
    canvas.addEventListener('pointerleave', this.onPointerLeave)
    canvas.addEventListener('pointerdown', this.onPointerDown)
    canvas.addEventListener('pointerup', this.onPointerUp)
    canvas.addEventListener('keydown', this.onKeydown)
    canvas.tabIndex = 0
    canvas.setAttribute('role', 'img')
    this.resizeObserver = new ResizeObserver(() => this.resize())
    this.resizeObserver.observe(host)
    this.resize()
  }

  setLabel(label: string): void {
    this.renderer.domElement.setAttribute('aria-label', label)
  }

  resize(): void {
    const width = Math.max(1, this.host.clientWidth)
    const height = Math.max(1, this.host.clientHeight)
    this.renderer.setSize(width, height)
    this.camera.aspect = width / height
    this.camera.updateProjectionMatrix()
    this.requestFrame()
  }

  setCells(cells: BoardCells, changed: readonly number[] | 'all', facts: SystemFacts): void {
    const first = this.cells === null
    const resized =
      this.cells !== null &&
      (this.cells.width !== cells.width || this.cells.height !== cells.height)
    this.cells = cells
    this.board.setCells(cells, changed, facts)
    if (first || resized) this.resetView()
    this.requestFrame()
  }

  setEdges(pieces: readonly EdgePiece[]): void {
    this.board.setEdges(pieces)
    this.requestFrame()
  }

  setTokens(figures: readonly TokenFigure[], selectedId: string | null): void {
    this.board.setTokens(figures, selectedId)
    this.requestFrame()
  }

  setLight(levels: LightLevels, mode: LightMode, points: readonly LightPoint[]): void {
    this.board.setLight(levels, mode)
    this.overlay.setLights(points, mode)
    // "As lit": the scene's own lights dim so the engine's light levels carry the picture.
    this.hemisphere.intensity = mode === 'lit' ? 1.1 : 1.6
    this.sun.intensity = mode === 'lit' ? 0.6 : 1.4
    this.requestFrame()
  }

  setReach(field: readonly ReachCell[]): void {
    if (this.cells) this.overlay.setReach(this.cells, field)
    this.requestFrame()
  }

  setPath(segments: readonly PathSegment[], labels: readonly string[]): void {
    this.overlay.setPath(segments, labels)
    this.requestFrame()
  }

  setHover(cell: Cell | null): void {
    this.overlay.setHover(this.cells, cell)
    this.requestFrame()
  }

  setTarget(cell: Cell | null): void {
    this.overlay.setTarget(this.cells, cell)
    this.requestFrame()
  }

  /**
   * Looks at the whole board from the south-west, high enough to see over walls. From there the
   * west and south faces show, and the sample maps put their cliffs and pits there.
   */
  resetView(): void {
    const cells = this.cells
    const width = cells?.width ?? 10
    const height = cells?.height ?? 10
    const centre = new THREE.Vector3(width / 2, 0, height / 2)
    const span = Math.max(width, height)
    this.controls.target.copy(centre)
    this.camera.position.set(centre.x - span * 0.5, span * 0.9, centre.z + span * 0.9)
    this.controls.minDistance = 1.5
    this.controls.maxDistance = span * 4
    this.controls.update()
    this.requestFrame()
  }

  /**
   * While the camera moves, draw at the moving resolution; when it stops, draw once more at full
   * resolution. Keyboard moves have no "end", so they settle after a short pause.
   */
  setMoving(moving: boolean): void {
    if (this.settleTimer) clearTimeout(this.settleTimer)
    this.settleTimer = null
    const ratio = moving ? this.movingPixelRatio : this.fullPixelRatio
    if (this.renderer.getPixelRatio() !== ratio) {
      this.renderer.setPixelRatio(ratio)
      this.resize()
    }
  }

  private settleSoon(): void {
    this.setMoving(true)
    this.settleTimer = setTimeout(() => this.setMoving(false), 250)
  }

  /** Keyboard: arrows orbit, shift+arrows pan, + and − zoom, 0 or Home resets. True if handled. */
  handleKey(event: KeyboardEvent): boolean {
    const c = this.controls
    const pan = event.shiftKey
    switch (event.key) {
      case 'ArrowLeft':
        if (pan) c.pan(KEY_PAN_PX, 0)
        else c.rotateLeft(KEY_ROTATE)
        break
      case 'ArrowRight':
        if (pan) c.pan(-KEY_PAN_PX, 0)
        else c.rotateLeft(-KEY_ROTATE)
        break
      case 'ArrowUp':
        if (pan) c.pan(0, KEY_PAN_PX)
        else c.rotateUp(KEY_ROTATE)
        break
      case 'ArrowDown':
        if (pan) c.pan(0, -KEY_PAN_PX)
        else c.rotateUp(-KEY_ROTATE)
        break
      // OrbitControls' "dolly out" moves the camera closer (its names follow the scale factor).
      case '+':
      case '=':
        c.dollyOut(KEY_ZOOM)
        break
      case '-':
      case '_':
        c.dollyIn(KEY_ZOOM)
        break
      case '0':
      case 'Home':
        this.resetView()
        break
      default:
        return false
    }
    this.settleSoon()
    this.requestFrame()
    return true
  }

  /** Renders on the next animation frame; many changes in one tick render once. */
  requestFrame(): void {
    if (this.frameRequested || this.disposed) return
    this.frameRequested = true
    requestAnimationFrame(() => {
      this.frameRequested = false
      if (!this.disposed) this.renderNow()
    })
  }

  renderNow(): number {
    const started = performance.now()
    this.renderer.render(this.scene, this.camera)
    this.lastFrameMs = performance.now() - started
    return this.lastFrameMs
  }

  /** Where a scene point lands on the page (CSS pixels), or null when it is behind the camera. */
  screenPoint(x: number, y: number, z: number): { x: number; y: number } | null {
    const v = new THREE.Vector3(x, y, z).project(this.camera)
    if (v.z > 1) return null
    const box = this.renderer.domElement.getBoundingClientRect()
    return { x: box.left + ((v.x + 1) / 2) * box.width, y: box.top + ((1 - v.y) / 2) * box.height }
  }

  /** Where each token's label sprite is on the page (CSS px), for the test probe. */
  labelRects(): {
    tokenId: string
    text: string
    x: number
    y: number
    width: number
    height: number
  }[] {
    const right = new THREE.Vector3().setFromMatrixColumn(this.camera.matrixWorld, 0)
    const up = new THREE.Vector3().setFromMatrixColumn(this.camera.matrixWorld, 1)
    const out = []
    for (const sprite of this.board.labelSprites) {
      const corners = [-1, 1].flatMap((sx) =>
        [-1, 1].map((sy) =>
          sprite.position
            .clone()
            .addScaledVector(right, (sx * sprite.scale.x) / 2)
            .addScaledVector(up, (sy * sprite.scale.y) / 2),
        ),
      )
      const points = corners.map((c) => this.screenPoint(c.x, c.y, c.z))
      if (points.some((p) => p === null)) continue
      const xs = points.map((p) => p!.x)
      const ys = points.map((p) => p!.y)
      out.push({
        tokenId: String(sprite.userData.tokenId),
        text: String(sprite.userData.text),
        x: Math.min(...xs),
        y: Math.min(...ys),
        width: Math.max(...xs) - Math.min(...xs),
        height: Math.max(...ys) - Math.min(...ys),
      })
    }
    return out
  }

  private pick(clientX: number, clientY: number): { cell: Cell | null; tokenId: string | null } {
    const box = this.renderer.domElement.getBoundingClientRect()
    this.pointer.set(
      ((clientX - box.left) / box.width) * 2 - 1,
      -((clientY - box.top) / box.height) * 2 + 1,
    )
    this.raycaster.setFromCamera(this.pointer, this.camera)
    const tokens = this.board.tokenMeshes
    const hit = this.raycaster.intersectObjects([...this.board.cellMeshes, ...tokens], false)[0]
    if (!hit || !this.cells) return { cell: null, tokenId: null }
    if (tokens.includes(hit.object as THREE.InstancedMesh)) {
      return {
        cell: null,
        tokenId:
          hit.instanceId === undefined ? null : (this.board.tokenIds[hit.instanceId] ?? null),
      }
    }
    return {
      cell: hit.faceIndex == null ? null : this.board.cellAt(hit.object, hit.faceIndex),
      tokenId: null,
    }
  }

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (event.buttons !== 0) return
    this.events.hover(this.pick(event.clientX, event.clientY).cell)
  }

  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.ctrlKey || event.metaKey || event.altKey) return
    if (!this.handleKey(event)) return
    // The board's own shortcuts (arrows pan the 2D map, 0 fits it) must not fire as well.
    event.preventDefault()
    event.stopPropagation()
  }

  private readonly onPointerLeave = (): void => this.events.hover(null)

  private readonly onPointerDown = (event: PointerEvent): void => {
    this.pressedAt = { x: event.clientX, y: event.clientY }
  }

  private readonly onPointerUp = (event: PointerEvent): void => {
    const pressed = this.pressedAt
    this.pressedAt = null
    if (!pressed || event.button !== 0) return
    if (Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) > CLICK_SLOP_PX) return
    const { cell, tokenId } = this.pick(event.clientX, event.clientY)
    if (tokenId) this.events.pickToken(tokenId)
    else if (cell) this.events.pickCell(cell)
  }

  dispose(): void {
    this.disposed = true
    if (this.settleTimer) clearTimeout(this.settleTimer)
    this.resizeObserver.disconnect()
    const canvas = this.renderer.domElement
    canvas.removeEventListener('pointermove', this.onPointerMove)
    canvas.removeEventListener('pointerleave', this.onPointerLeave)
    canvas.removeEventListener('pointerdown', this.onPointerDown)
    canvas.removeEventListener('pointerup', this.onPointerUp)
    canvas.removeEventListener('keydown', this.onKeydown)
    this.controls.dispose()
    this.board.dispose()
    this.overlay.dispose()
    this.renderer.dispose()
    canvas.remove()
  }
}
