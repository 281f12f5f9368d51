// Text in the 3D scene as sprites drawn on a canvas: they face the camera, show up in screenshots
// and need no DOM overlay (and so no inline styles under the page's CSP).
import * as THREE from 'three'

const FONT_PX = 30
const PADDING_PX = 10
/** Scene units per canvas pixel: a label line is about 0.42 squares tall. */
const UNITS_PER_PX = 0.42 / (FONT_PX + 2 * PADDING_PX)

export function makeLabel(text: string, accent: number): THREE.Sprite {
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d')
  const font = `600 ${FONT_PX}px system-ui, "Noto Sans CJK JP", sans-serif`
  let width = 200
  if (context) {
    context.font = font
    width = Math.ceil(context.measureText(text).width) + 2 * PADDING_PX
  }
  const height = FONT_PX + 2 * PADDING_PX
  canvas.width = width
  canvas.height = height
  if (context) {
    context.font = font
    context.fillStyle = 'rgba(20, 22, 28, 0.85)'
    context.fillRect(0, 0, width, height)
    context.fillStyle = `#${accent.toString(16).padStart(6, '0')}`
    context.fillRect(0, 0, 6, height)
    context.fillStyle = '#ffffff'
    context.textBaseline = 'middle'
    context.fillText(text, PADDING_PX, height / 2 + 1)
  }
  const texture = new THREE.CanvasTexture(canvas)
  texture.colorSpace = THREE.SRGBColorSpace
  const sprite = new THREE.Sprite(
    new THREE.SpriteMaterial({ map: texture, depthTest: false, transparent: true }),
  )
  sprite.scale.set(width * UNITS_PER_PX, height * UNITS_PER_PX, 1)
  sprite.renderOrder = 10
  sprite.name = 'label'
  sprite.userData = { text }
  return sprite
}
