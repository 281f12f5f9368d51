// Paints the board's static layer: terrain, elevation shading, grid lines, blockade and deploy
// marks, walls and doors, and optionally the light overlay. It draws straight at device pixels ×
// zoom, only the squares on screen, so lines stay crisp at any zoom and big maps cost what is
// visible rather than what exists.
import type { DirtyBox, MapRaster, PlacedEdge } from './board-raster'
import { TERRAIN_FILL, elevationShade, factionColour } from './grid-geometry'
import { TERRAIN_CODES } from './board-raster'
import { scaleOf, visibleCells, type View } from './viewport'
import { paintArt, type ArtImage } from './art-image'
import type { MapArt } from '@core/campaign/schema'

export interface PaintOptions {
  view: View
  /** Board size in CSS pixels. */
  width: number
  height: number
  dpr: number
  /** Show numbers on every raised or lowered square (elevation tool, height map). */
  elevationNumbers: boolean
  /** Light level per square (same order as the raster), drawn as a shade with numbers. */
  lightLevels: Int8Array | Float32Array | null
  /** The brightest level of the system, to scale the light shade. */
  lightTop: number
  /** Secret doors are drawn as doors with a mark for the GM; players never get this layer. */
  showSecrets: boolean
  /** The map's picture, drawn under terrain marks and the grid (lib/art-image.ts). */
  art?: { image: ArtImage; align: Pick<MapArt, 'pixelsPerSquare' | 'offsetX' | 'offsetY'> } | null
}

const TERRAIN_COLOURS = TERRAIN_CODES.map((t) => TERRAIN_FILL[t])
const DOOR_COLOURS: Record<string, string> = {
  closed: '#8a5a2b',
  open: '#3c9a4f',
  locked: '#b3261e',
}

/**
 * Paints the board, or with `region` (squares an edit changed) only the pixels that region can
 * affect: they are cleared and drawn again from everything that reaches them, so the result is
 * the full paint's, pixel for pixel, at a cost that follows the edit instead of the screen.
 */
export function paintBoard(
  ctx: CanvasRenderingContext2D,
  raster: MapRaster,
  o: PaintOptions,
  region?: DirtyBox,
): void {
  const { view, dpr } = o
  const s = scaleOf(view)
  const visible = visibleCells(view, raster, o.width, o.height)
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  let [x0, y0, x1, y1] = visible
  const clipped = region !== undefined
  if (region) {
    // What is drawn in one square may reach past it: half a wall's width and its round cap, a
    // number wider than its square. Pixels within `pad` of the region are repainted, from
    // everything within `pad` of them.
    const pad = 0.25 + 6 / s + (o.elevationNumbers || o.lightLevels ? 2 : 0)
    const toDevice = (x: number, y: number) => [dpr * (view.x + x * s), dpr * (view.y + y * s)]
    const [cx0, cy0] = toDevice(region[0] - pad, region[1] - pad)
    const [cx1, cy1] = toDevice(region[2] + pad, region[3] + pad)
    const left = Math.max(0, Math.floor(cx0))
    const top = Math.max(0, Math.floor(cy0))
    const right = Math.min(ctx.canvas.width, Math.ceil(cx1))
    const bottom = Math.min(ctx.canvas.height, Math.ceil(cy1))
    if (right <= left || bottom <= top) return
    ctx.save()
    ctx.beginPath()
    ctx.rect(left, top, right - left, bottom - top)
    ctx.clip()
    ctx.clearRect(left, top, right - left, bottom - top)
    x0 = Math.max(x0, Math.floor(region[0] - 2 * pad))
    y0 = Math.max(y0, Math.floor(region[1] - 2 * pad))
    x1 = Math.min(x1, Math.ceil(region[2] + 2 * pad))
    y1 = Math.min(y1, Math.ceil(region[3] + 2 * pad))
  } else {
    ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height)
  }
  ctx.setTransform(dpr * s, 0, 0, dpr * s, dpr * view.x, dpr * view.y)
  if (x1 > x0 && y1 > y0) paintSquares(ctx, raster, o, [x0, y0, x1, y1], visible)
  if (clipped) ctx.restore()
}

function paintSquares(
  ctx: CanvasRenderingContext2D,
  raster: MapRaster,
  o: PaintOptions,
  [x0, y0, x1, y1]: DirtyBox,
  visible: DirtyBox,
): void {
  const s = scaleOf(o.view)
  const w = raster.width
  const px = 1 / s // one CSS pixel in squares
  // The context keeps its state between paints: start every paint from the same one.
  ctx.lineCap = 'butt'
  ctx.setLineDash([])
  ctx.globalAlpha = 1

  ctx.fillStyle = TERRAIN_COLOURS[0]
  ctx.fillRect(x0, y0, x1 - x0, y1 - y0)
  // The picture is drawn for the whole screen even in a region: a smaller source rectangle
  // would be resampled differently at its border.
  if (o.art) paintArt(ctx, o.art.image, o.art.align, visible, s)
  // One path per colour (terrain kind, elevation shade): a few fills instead of one per square.
  const terrainPaths = TERRAIN_COLOURS.map(() => new Path2D())
  const shadePaths = new Map<string, Path2D>()
  const pits: number[] = []
  const extent = Math.max(raster.maxElevation, -raster.minElevation)
  // A row no cell sets is floor at height 0 throughout: nothing to add for it.
  const held = raster.heldInRow
  for (let y = y0; y < y1; y++) {
    if (held[y] === 0) continue
    for (let x = x0; x < x1; x++) {
      const i = y * w + x
      const code = raster.terrain[i]
      if (code !== 0) {
        terrainPaths[code].rect(x, y, 1, 1)
        if (code === 2) pits.push(x, y)
      }
      const e = raster.elevation[i]
      if (e !== 0) {
        const key = `${e > 0 ? 1 : 0}${elevationShade(e, extent).toFixed(2)}`
        let path = shadePaths.get(key)
        if (!path) shadePaths.set(key, (path = new Path2D()))
        path.rect(x, y, 1, 1)
      }
    }
  }
  // Over a picture, terrain is a tint: the picture already shows what the square is.
  ctx.globalAlpha = o.art ? 0.45 : 1
  terrainPaths.forEach((path, code) => {
    if (code === 0) return
    ctx.fillStyle = TERRAIN_COLOURS[code]
    ctx.fill(path)
  })
  ctx.globalAlpha = 1
  if (s >= 12) for (let k = 0; k < pits.length; k += 2) hatch(ctx, pits[k], pits[k + 1], px)
  for (const [key, path] of shadePaths) {
    ctx.globalAlpha = Number(key.slice(1))
    ctx.fillStyle = key[0] === '1' ? '#7a4a12' : '#1d4e89'
    ctx.fill(path)
  }
  ctx.globalAlpha = 1

  if (o.lightLevels) paintLight(ctx, o.lightLevels, o.lightTop, raster.width, [x0, y0, x1, y1], s)

  if (raster.wallLines.length > 0) paintWallLines(ctx, raster.wallLines, [x0, y0, x1, y1], px)

  // Grid lines: one path, skipped when squares get too small to tell apart.
  if (s >= 6) {
    ctx.beginPath()
    for (let x = x0; x <= x1; x++) {
      ctx.moveTo(x, y0)
      ctx.lineTo(x, y1)
    }
    for (let y = y0; y <= y1; y++) {
      ctx.moveTo(x0, y)
      ctx.lineTo(x1, y)
    }
    ctx.strokeStyle = 'rgba(110, 100, 80, 0.55)'
    ctx.lineWidth = px
    ctx.stroke()
  }

  const deployRows = new Set<number>()
  for (const i of raster.deploy.keys()) deployRows.add(Math.floor(i / w))
  for (let y = y0; y < y1; y++) {
    if (held[y] === 0 && !deployRows.has(y)) continue
    for (let x = x0; x < x1; x++) {
      const i = y * w + x
      if (raster.blockade[i]) {
        ctx.setLineDash([4 * px, 3 * px])
        ctx.strokeStyle = '#b0002a'
        ctx.lineWidth = 2 * px
        ctx.strokeRect(x + 0.12, y + 0.12, 0.76, 0.76)
        ctx.setLineDash([])
      }
      const deploy = raster.deploy.get(i)
      if (deploy) paintDeploy(ctx, x, y, deploy, px)
    }
  }

  if (o.elevationNumbers && s >= 18) {
    ctx.font = `600 ${10 * px}px system-ui, sans-serif`
    ctx.textAlign = 'right'
    ctx.lineWidth = 2.5 * px
    ctx.strokeStyle = '#000'
    ctx.fillStyle = '#fff'
    for (let y = y0; y < y1; y++) {
      if (held[y] === 0) continue
      for (let x = x0; x < x1; x++) {
        const e = raster.elevation[y * w + x]
        if (e === 0) continue
        ctx.strokeText(String(e), x + 1 - 3 * px, y + 11 * px)
        ctx.fillText(String(e), x + 1 - 3 * px, y + 11 * px)
      }
    }
  }

  paintEdges(ctx, raster, [x0, y0, x1, y1], px, o.showSecrets)
}

function hatch(ctx: CanvasRenderingContext2D, x: number, y: number, px: number): void {
  ctx.save()
  ctx.beginPath()
  ctx.rect(x, y, 1, 1)
  ctx.clip()
  ctx.beginPath()
  for (let d = -1; d <= 1; d += 0.25) {
    ctx.moveTo(x + d, y + 1)
    ctx.lineTo(x + d + 1, y)
  }
  ctx.strokeStyle = '#5a4f45'
  ctx.lineWidth = 3 * px
  ctx.stroke()
  ctx.restore()
}

function paintDeploy(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  factions: string[],
  px: number,
): void {
  factions.forEach((faction, k) => {
    ctx.fillStyle = factionColour(faction)
    ctx.globalAlpha = 0.22
    ctx.fillRect(x, y + k / factions.length, 1, 1 / factions.length)
    ctx.globalAlpha = 1
  })
  ctx.strokeStyle = factionColour(factions[0])
  ctx.lineWidth = 2 * px
  ctx.setLineDash([6 * px, 3 * px])
  ctx.strokeRect(x + 2 * px, y + 2 * px, 1 - 4 * px, 1 - 4 * px)
  ctx.setLineDash([])
}

function paintLight(
  ctx: CanvasRenderingContext2D,
  levels: Int8Array | Float32Array,
  top: number,
  width: number,
  [x0, y0, x1, y1]: [number, number, number, number],
  s: number,
): void {
  const px = 1 / s
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const level = levels[y * width + x]
      ctx.fillStyle = `rgba(20, 20, 60, ${Math.max(0, Math.min(0.7, 0.7 * (1 - level / Math.max(1, top))))})`
      ctx.fillRect(x, y, 1, 1)
    }
  }
  if (s < 18) return
  ctx.font = `700 ${10 * px}px system-ui, sans-serif`
  ctx.textAlign = 'left'
  ctx.fillStyle = '#ffe27a'
  ctx.strokeStyle = '#302000'
  ctx.lineWidth = 2.5 * px
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const text = String(levels[y * width + x])
      ctx.strokeText(text, x + 3 * px, y + 1 - 4 * px)
      ctx.fillText(text, x + 3 * px, y + 1 - 4 * px)
    }
  }
}

type EdgeStyle =
  | 'wall'
  | 'low-wall'
  | 'window'
  | 'arrow-slit'
  | 'door-frame'
  | 'closed'
  | 'open'
  | 'locked'
  | 'secret'

/** Edges on screen, stroked as one path per style (a few strokes for thousands of walls). */
function paintEdges(
  ctx: CanvasRenderingContext2D,
  raster: MapRaster,
  [x0, y0, x1, y1]: [number, number, number, number],
  px: number,
  showSecrets: boolean,
): void {
  const paths: Record<EdgeStyle, Path2D> = {
    wall: new Path2D(),
    'low-wall': new Path2D(),
    window: new Path2D(),
    'arrow-slit': new Path2D(),
    'door-frame': new Path2D(),
    closed: new Path2D(),
    open: new Path2D(),
    locked: new Path2D(),
    secret: new Path2D(),
  }
  const secretMarks: PlacedEdge[] = []
  const rows = raster.edgeRows
  for (let row = Math.max(0, y0 - 1); row <= Math.min(rows.length - 1, y1); row++) {
    for (const placed of rows[row]) {
      if (placed.x2 < x0 || placed.x1 > x1) continue
      const { edge } = placed
      if (edge.kind === 'wall' || (edge.kind === 'door' && edge.secret && !showSecrets)) {
        line(paths.wall, placed, 0)
      } else if (edge.kind === 'low-wall') {
        line(paths['low-wall'], placed, 0)
      } else if (edge.kind === 'window') {
        line(paths.window, placed, 0)
      } else if (edge.kind === 'arrow-slit') {
        line(paths['arrow-slit'], placed, 0)
      } else {
        line(paths['door-frame'], placed, 0)
        line(edge.secret ? paths.secret : paths[edge.state ?? 'closed'], placed, 0.18)
        if (edge.secret) secretMarks.push(placed)
      }
    }
  }
  ctx.lineCap = 'round'
  const stroke = (path: Path2D, colour: string, width: number, dash: number[] = []) => {
    ctx.strokeStyle = colour
    ctx.lineWidth = width
    ctx.setLineDash(dash)
    ctx.stroke(path)
  }
  stroke(paths.wall, '#1b1b1b', Math.max(3 * px, 0.14))
  stroke(paths['low-wall'], '#6d4c2f', Math.max(3 * px, 0.11), [0.06, 0.16])
  stroke(paths.window, '#4f8fc0', Math.max(3 * px, 0.12), [0.14, 0.06])
  // An arrow slit: wall with a narrow gap in its middle (狭間窓).
  stroke(paths['arrow-slit'], '#1b1b1b', Math.max(3 * px, 0.14), [0.42, 0.16, 0.42])
  stroke(paths['door-frame'], '#1b1b1b', Math.max(3 * px, 0.16))
  stroke(paths.closed, DOOR_COLOURS.closed, Math.max(2 * px, 0.11))
  stroke(paths.locked, DOOR_COLOURS.locked, Math.max(2 * px, 0.11))
  stroke(paths.open, DOOR_COLOURS.open, Math.max(2 * px, 0.11), [0.08, 0.08])
  stroke(paths.secret, '#7b3fa0', Math.max(2 * px, 0.11), [0.04, 0.06])
  ctx.setLineDash([])
  if (secretMarks.length > 0 && px < 0.05) {
    ctx.font = '700 0.3px system-ui, sans-serif'
    ctx.textAlign = 'center'
    ctx.fillStyle = '#b3261e'
    for (const placed of secretMarks) {
      const horizontal = placed.y1 === placed.y2
      ctx.fillText(
        'S',
        (placed.x1 + placed.x2) / 2 + (horizontal ? 0 : 0.2),
        (placed.y1 + placed.y2) / 2 + (horizontal ? -0.1 : 0.1),
      )
    }
  }
}

/** A segment, shortened by `inset` squares at both ends (a door leaf inside its frame). */
function line(path: Path2D, placed: PlacedEdge, inset: number): void {
  if (placed.y1 === placed.y2) {
    path.moveTo(placed.x1 + inset, placed.y1)
    path.lineTo(placed.x2 - inset, placed.y2)
  } else {
    path.moveTo(placed.x1, placed.y1 + inset)
    path.lineTo(placed.x2, placed.y2 - inset)
  }
}

/** The imported file's own wall lines: thin and dashed, so the grid edges stay the ones that count. */
function paintWallLines(
  ctx: CanvasRenderingContext2D,
  lines: MapRaster['wallLines'],
  [x0, y0, x1, y1]: readonly number[],
  px: number,
): void {
  ctx.beginPath()
  for (const { points, box } of lines) {
    if (box[2] < x0 || box[3] < y0 || box[0] > x1 || box[1] > y1) continue
    ctx.moveTo(points[0][0], points[0][1])
    for (let i = 1; i < points.length; i++) ctx.lineTo(points[i][0], points[i][1])
  }
  ctx.setLineDash([3 * px, 3 * px])
  ctx.strokeStyle = 'rgba(200, 30, 160, 0.8)'
  ctx.lineWidth = 1.5 * px
  ctx.stroke()
  ctx.setLineDash([])
}
