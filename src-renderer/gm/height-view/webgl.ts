// Whether this browser can give the 3D view a WebGL context, and whether that context is drawn in
// software. Checked before three is asked for one, so a machine without WebGL gets a message in
// the panel instead of an exception.
export interface WebglSupport {
  available: boolean
  /** SwiftShader, llvmpipe and the like: the CPU draws, so expensive extras (antialiasing) are off. */
  software: boolean
  renderer: string
}

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i

export function probeWebgl(doc: Document = document): WebglSupport {
  try {
    const canvas = doc.createElement('canvas')
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl')
    if (!context) return { available: false, software: false, renderer: '' }
    const info = context.getExtension('WEBGL_debug_renderer_info')
    const renderer = String(
      context.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : context.RENDERER) ?? '',
    )
    // Release the probe's context at once: browsers cap how many may be alive.
    context.getExtension('WEBGL_lose_context')?.loseContext()
    return { available: true, software: SOFTWARE_RENDERERS.test(renderer), renderer }
  } catch {
    return { available: false, software: false, renderer: '' }
  }
}
