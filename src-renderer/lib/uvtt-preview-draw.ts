// The import dialog's preview: the file's picture under the grid, with the walls, doors, windows
// and lights the import makes. Drawn on a worker (gm/panels/uvtt-preview-worker.ts) straight from
// the importer's edge bytes, so a map of a million edges never becomes a million objects and the
// GM page stays responsive while it draws.
import { forEachImportedEdge, type ImportedUvtt } from '@core/uvtt/import'

const EDGE_COLOURS: Record<string, string> = { wall: '#111', door: '#a0522d', window: '#2b7bd6' }

type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D

/** The canvas size for a map drawn `width` pixels wide. */
export function previewSize(imported: Pick<ImportedUvtt, 'width' | 'height'>, width: number) {
  const scale = width / imported.width
  return { width, height: Math.max(1, Math.round(imported.height * scale)), scale }
}

export function drawUvttPreview(
  ctx: Context,
  imported: ImportedUvtt,
  picture: ImageBitmap | null,
  width: number,
): void {
  const { height, scale } = previewSize(imported, width)
  ctx.fillStyle = '#e8e2d0'
  ctx.fillRect(0, 0, width, height)
  if (picture) {
    const perSquare = scale / imported.pixelsPerGrid
    ctx.drawImage(picture, 0, 0, picture.width * perSquare, picture.height * perSquare)
  }
  ctx.strokeStyle = 'rgb(0 0 0 / 0.25)'
  ctx.lineWidth = 1
  ctx.beginPath()
  for (let x = 0; x <= imported.width; x++) {
    ctx.moveTo(x * scale, 0)
    ctx.lineTo(x * scale, height)
  }
  for (let y = 0; y <= imported.height; y++) {
    ctx.moveTo(0, y * scale)
    ctx.lineTo(width, y * scale)
  }
  ctx.stroke()
  ctx.lineWidth = Math.max(2, scale * 0.15)
  ctx.lineCap = 'round'
  // One path per kind: a stroke per edge would cost a draw call each.
  for (const kind of ['wall', 'door', 'window'] as const) {
    ctx.strokeStyle = EDGE_COLOURS[kind]
    ctx.beginPath()
    forEachImportedEdge(imported, (x, y, east, edgeKind) => {
      if (edgeKind !== kind) return
      // The grid line between the two squares: east of (x, y), or south of it.
      if (east) {
        ctx.moveTo((x + 1) * scale, y * scale)
        ctx.lineTo((x + 1) * scale, (y + 1) * scale)
      } else {
        ctx.moveTo(x * scale, (y + 1) * scale)
        ctx.lineTo((x + 1) * scale, (y + 1) * scale)
      }
    })
    ctx.stroke()
  }
  ctx.fillStyle = '#ffb300'
  for (const light of imported.light.sources) {
    ctx.beginPath()
    ctx.arc(
      (light.at[0] + 0.5) * scale,
      (light.at[1] + 0.5) * scale,
      Math.max(3, scale * 0.25),
      0,
      Math.PI * 2,
    )
    ctx.fill()
  }
}
