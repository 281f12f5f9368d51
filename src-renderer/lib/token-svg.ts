// Token drawings (lib/token-drawing.ts) as SVG markup, for TokenShapes.svelte to insert in one
// parse. Built as elements by the component, a 40-token board's ~300 primitives cost the GM
// page's open ~30 ms of per-element script (a block, an effect and a spread of attributes each);
// as one string the browser's parser builds the same elements in a few milliseconds (issue 29).
// The elements and attributes are the ones the component wrote: an attribute whose value is
// undefined is left out, `attrs` (data-*, class) come first and the drawing's own values win.
import type { Shape, ShapeAttrs } from './token-drawing'

type Attrs = Record<string, string | number | undefined>

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
}
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c])

function attributes(own: ShapeAttrs | undefined, drawn: Attrs): string {
  let out = ''
  for (const [name, value] of Object.entries({ ...own, ...drawn }))
    if (value !== undefined && value !== null) out += ` ${name}="${escape(String(value))}"`
  return out
}

const dashOf = (dash: readonly number[] | undefined) => (dash ? dash.join(' ') : undefined)

/**
 * The markup of `shapes`, in order. Clip paths get ids `${idPrefix}-clip-N`, N counting from 0 in
 * this markup: the prefix must be unique in the page (the component's $props.id()).
 */
export function shapesMarkup(shapes: readonly Shape[], idPrefix: string): string {
  let clips = 0
  const parts: string[] = []
  const add = (s: Shape): void => {
    switch (s.kind) {
      case 'group':
        parts.push(`<g${attributes(s.attrs, { opacity: s.opacity })}>`)
        for (const child of s.children) add(child)
        parts.push('</g>')
        return
      case 'circle':
        parts.push(
          `<circle${attributes(s.attrs, {
            cx: s.cx,
            cy: s.cy,
            r: s.r,
            fill: s.fill,
            stroke: s.stroke,
            'stroke-width': s.strokeWidth,
            'stroke-dasharray': dashOf(s.dash),
          })}/>`,
        )
        return
      case 'rect':
        parts.push(
          `<rect${attributes(s.attrs, {
            x: s.x,
            y: s.y,
            width: s.width,
            height: s.height,
            rx: s.rx,
            fill: s.fill,
            'fill-opacity': s.fillOpacity,
            stroke: s.stroke,
            'stroke-width': s.strokeWidth,
            'stroke-dasharray': dashOf(s.dash),
          })}/>`,
        )
        return
      case 'picture': {
        const id = `${idPrefix}-clip-${clips++}`
        parts.push(
          `<clipPath id="${escape(id)}"><circle cx="${s.cx}" cy="${s.cy}" r="${s.r}"/></clipPath>`,
          `<image${attributes(s.attrs, {
            href: s.href,
            x: s.cx - s.r,
            y: s.cy - s.r,
            width: 2 * s.r,
            height: 2 * s.r,
            'clip-path': `url(#${id})`,
            preserveAspectRatio: 'xMidYMid slice',
          })}/>`,
        )
        return
      }
      case 'text':
        parts.push(
          `<text${attributes(s.attrs, {
            x: s.x,
            y: s.y,
            'font-size': s.size,
            'font-weight': s.weight,
            'font-family': s.font,
            fill: s.fill,
            stroke: s.stroke,
            'stroke-width': s.strokeWidth,
            'stroke-linejoin': s.outlineJoin,
            'paint-order': s.stroke ? 'stroke' : undefined,
            'text-anchor': 'middle',
            'dominant-baseline': s.baseline ? undefined : 'central',
            'pointer-events': s.baseline ? undefined : 'none',
            opacity: s.opacity,
            textLength: s.fitWidth,
            lengthAdjust: s.fitWidth ? 'spacingAndGlyphs' : undefined,
          })}>${escape(s.text)}</text>`,
        )
    }
  }
  for (const s of shapes) add(s)
  return parts.join('')
}
