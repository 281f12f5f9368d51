// The token drawing as markup (issue 29) must give the elements TokenShapes.svelte built one by
// one: the same element per primitive, the drawing's values over `attrs`, nothing for undefined.
import { describe, expect, it } from 'vitest'
import type { Shape } from './token-drawing'
import { shapesMarkup } from './token-svg'

describe('shapesMarkup', () => {
  it('writes every primitive with its attributes, leaving out what is undefined', () => {
    const shapes: Shape[] = [
      {
        kind: 'group',
        key: 'a',
        opacity: 0.5,
        attrs: { class: 'token', 'data-id': 'a' },
        children: [
          {
            kind: 'circle',
            cx: 1.5,
            cy: 2.5,
            r: 0.4,
            fill: '#fff',
            attrs: { 'data-testid': 'token-disc' },
          },
          { kind: 'rect', x: 1, y: 2, width: 1, height: 0.1, fill: 'red', dash: [0.1, 0.2] },
          { kind: 'picture', href: 'pic?a=1&b=2', cx: 1.5, cy: 2.5, r: 0.4 },
          {
            kind: 'text',
            x: 1.5,
            y: 3,
            text: 'Ogre <b> & "x"',
            size: 0.3,
            weight: 700,
            fill: '#000',
            fitWidth: 0.9,
          },
        ],
      },
      { kind: 'picture', href: 'p2', cx: 0, cy: 0, r: 1 },
    ]
    expect(shapesMarkup(shapes, 'u')).toBe(
      '<g class="token" data-id="a" opacity="0.5">' +
        '<circle data-testid="token-disc" cx="1.5" cy="2.5" r="0.4" fill="#fff"/>' +
        '<rect x="1" y="2" width="1" height="0.1" fill="red" stroke-dasharray="0.1 0.2"/>' +
        '<clipPath id="u-clip-0"><circle cx="1.5" cy="2.5" r="0.4"/></clipPath>' +
        '<image href="pic?a=1&amp;b=2" x="1.1" y="2.1" width="0.8" height="0.8" clip-path="url(#u-clip-0)" preserveAspectRatio="xMidYMid slice"/>' +
        '<text x="1.5" y="3" font-size="0.3" font-weight="700" fill="#000" text-anchor="middle" dominant-baseline="central" pointer-events="none" textLength="0.9" lengthAdjust="spacingAndGlyphs">Ogre &lt;b&gt; &amp; &quot;x&quot;</text>' +
        '</g>' +
        '<clipPath id="u-clip-1"><circle cx="0" cy="0" r="1"/></clipPath>' +
        '<image href="p2" x="-1" y="-1" width="2" height="2" clip-path="url(#u-clip-1)" preserveAspectRatio="xMidYMid slice"/>',
    )
  })

  it('lets the drawing win over attrs of the same name, and strokes its text under the fill', () => {
    const markup = shapesMarkup(
      [
        {
          kind: 'text',
          x: 0,
          y: 0,
          text: 'A',
          size: 1,
          weight: 600,
          fill: 'blue',
          stroke: '#fff',
          strokeWidth: 0.1,
          outlineJoin: 'round',
          baseline: 'alphabetic',
          attrs: { fill: 'red', 'data-box': '1,2,3,4' },
        },
      ],
      'v',
    )
    expect(markup).toBe(
      '<text fill="blue" data-box="1,2,3,4" x="0" y="0" font-size="1" font-weight="600" stroke="#fff" stroke-width="0.1" stroke-linejoin="round" paint-order="stroke" text-anchor="middle">A</text>',
    )
  })
})
