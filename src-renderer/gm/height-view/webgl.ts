// Whether this browser can give the 3D view a WebGL context. Checked before three is asked for
// one, so a machine without WebGL gets a message in the panel instead of an exception.
export function webglAvailable(doc: Document = document): boolean {
  try {
    const canvas = doc.createElement('canvas')
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl')
    if (!context) return false
    // Release the probe's context at once: browsers cap how many may be alive.
    context.getExtension('WEBGL_lose_context')?.loseContext()
    return true
  } catch {
    return false
  }
}
