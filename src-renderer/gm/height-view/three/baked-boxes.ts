// Many boxes in one buffer with their light baked in: walls and doors change only when an edge
// (or a floor beside one) changes, so they are rebuilt whole then, and otherwise cost one draw.
// A software renderer pays per instance; a few hundred walls as instances cost more than this.
import * as THREE from 'three'
import type { Rgb } from '../shading'

/** The same high south-west sun as the cells' FACE_SHADE. */
const SUN = new THREE.Vector3(-0.6, 1, 0.35).normalize()

const unitBox = new THREE.BoxGeometry(1, 1, 1).translate(0, 0.5, 0).toNonIndexed()
const colour = new THREE.Color()
const normalMatrix = new THREE.Matrix3()
const v = new THREE.Vector3()

export interface BakedBox {
  matrix: THREE.Matrix4
  rgb: Rgb
}

export function bakedBoxes(boxes: readonly BakedBox[]): THREE.BufferGeometry {
  const source = unitBox.getAttribute('position')
  const sourceNormals = unitBox.getAttribute('normal')
  const n = source.count
  const positions = new Float32Array(boxes.length * n * 3)
  const colours = new Float32Array(boxes.length * n * 3)
  boxes.forEach((box, b) => {
    normalMatrix.getNormalMatrix(box.matrix)
    colour.setRGB(box.rgb[0], box.rgb[1], box.rgb[2], THREE.SRGBColorSpace)
    for (let k = 0; k < n; k++) {
      const at = (b * n + k) * 3
      v.fromBufferAttribute(source, k).applyMatrix4(box.matrix)
      positions[at] = v.x
      positions[at + 1] = v.y
      positions[at + 2] = v.z
      v.fromBufferAttribute(sourceNormals, k).applyMatrix3(normalMatrix).normalize()
      const light = 0.5 + 0.5 * Math.max(0, v.dot(SUN))
      colours[at] = colour.r * light
      colours[at + 1] = colour.g * light
      colours[at + 2] = colour.b * light
    }
  })
  const geometry = new THREE.BufferGeometry()
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3))
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3))
  geometry.computeBoundingSphere()
  return geometry
}
