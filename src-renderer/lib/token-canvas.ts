// The canvas renderer of token drawings (lib/token-drawing.ts), for the PNG exports: the same
// primitives the SVG renderer (TokenShapes.svelte) draws, as canvas calls. The context's transform
// is in squares. Pictures are decoded first; one that fails to decode is left out.
import type { Shape } from './token-drawing'
import { BOARD_FONT_FAMILY } from './text-measure'

export async function paintShapes(
  ctx: CanvasRenderingContext2D,
  shapes: readonly Shape[],
): Promise<void> {
  const pictures = new Map<string, HTMLImageElement | null>()
  for (const href of picturesIn(shapes)) pictures.set(href, await decoded(href))
  for (const shape of shapes) paint(ctx, shape, pictures)
}

function picturesIn(shapes: readonly Shape[]): Set<string> {
  const found = new Set<string>()
  const visit = (shape: Shape): void => {
    if (shape.kind === 'picture') found.add(shape.href)
    if (shape.kind === 'group') shape.children.forEach(visit)
  }
  shapes.forEach(visit)
  return found
}

async function decoded(src: string): Promise<HTMLImageElement | null> {
  const image = new Image()
  image.src = src
  try {
    await image.decode()
    return image
  } catch {
    return null
  }
}

function paint(
  ctx: CanvasRenderingContext2D,
  shape: Shape,
  pictures: ReadonlyMap<string, HTMLImageElement | null>,
): void {
  ctx.save()
  ctx.setLineDash([])
  switch (shape.kind) {
    case 'group':
      ctx.globalAlpha *= shape.opacity ?? 1
      for (const child of shape.children) paint(ctx, child, pictures)
      break
    case 'circle':
      ctx.beginPath()
      ctx.arc(shape.cx, shape.cy, shape.r, 0, Math.PI * 2)
      if (shape.fill !== 'none') {
        ctx.fillStyle = shape.fill
        ctx.fill()
      }
      stroke(ctx, shape)
      break
    case 'rect':
      ctx.beginPath()
      if (shape.rx) ctx.roundRect(shape.x, shape.y, shape.width, shape.height, shape.rx)
      else ctx.rect(shape.x, shape.y, shape.width, shape.height)
      if (shape.fill !== 'none') {
        ctx.globalAlpha *= shape.fillOpacity ?? 1
        ctx.fillStyle = shape.fill
        ctx.fill()
        ctx.globalAlpha /= shape.fillOpacity ?? 1
      }
      stroke(ctx, shape)
      break
    case 'picture': {
      const image = pictures.get(shape.href)
      if (!image) break
      ctx.beginPath()
      ctx.arc(shape.cx, shape.cy, shape.r, 0, Math.PI * 2)
      ctx.clip()
      // As SVG's xMidYMid slice: the middle of the picture, filling the disc's square.
      const side = Math.min(image.naturalWidth, image.naturalHeight)
      const sx = (image.naturalWidth - side) / 2
      const sy = (image.naturalHeight - side) / 2
      const d = 2 * shape.r
      ctx.drawImage(image, sx, sy, side, side, shape.cx - shape.r, shape.cy - shape.r, d, d)
      break
    }
    case 'text':
      ctx.globalAlpha *= shape.opacity ?? 1
      ctx.font = `${shape.weight} ${shape.size}px ${shape.font ?? BOARD_FONT_FAMILY}`
      ctx.textAlign = 'center'
      ctx.textBaseline = shape.baseline ?? 'middle'
      if (shape.stroke) {
        ctx.lineJoin = shape.outlineJoin ?? 'miter'
        ctx.lineWidth = shape.strokeWidth ?? 1
        ctx.strokeStyle = shape.stroke
        if (shape.fitWidth) ctx.strokeText(shape.text, shape.x, shape.y, shape.fitWidth)
        else ctx.strokeText(shape.text, shape.x, shape.y)
      }
      ctx.fillStyle = shape.fill
      if (shape.fitWidth) ctx.fillText(shape.text, shape.x, shape.y, shape.fitWidth)
      else ctx.fillText(shape.text, shape.x, shape.y)
      break
  }
  ctx.restore()
}

function stroke(
  ctx: CanvasRenderingContext2D,
  shape: { stroke?: string; strokeWidth?: number; dash?: readonly number[] },
): void {
  if (!shape.stroke) return
  ctx.lineWidth = shape.strokeWidth ?? 1
  ctx.strokeStyle = shape.stroke
  ctx.setLineDash(shape.dash ? [...shape.dash] : [])
  ctx.stroke()
}
