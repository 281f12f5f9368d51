// Web worker for the import dialog's preview (UvttPreview.svelte): reads the file, runs the same
// importer main runs, decodes the picture and draws, then hands back one bitmap. The page ends it
// when the file, the system or the dialog changes.
import type { SystemId } from '@core/rules/model'
import { importUvtt } from '@core/uvtt/import'
import { drawUvttPreview, previewSize } from '../../lib/uvtt-preview-draw'
import { dataUrlToBlob } from '../../lib/read-file'

export interface PreviewRequest {
  json: string
  system: SystemId
  width: number
}

export type PreviewAnswer = { ok: true; bitmap: ImageBitmap } | { ok: false }

self.onmessage = async (event: MessageEvent<PreviewRequest>) => {
  const { json, system, width } = event.data
  const post = (answer: PreviewAnswer, transfer: Transferable[] = []) =>
    (self as unknown as Worker).postMessage(answer, transfer)
  let imported
  try {
    imported = importUvtt(JSON.parse(json.charCodeAt(0) === 0xfeff ? json.slice(1) : json), system)
  } catch {
    return post({ ok: false })
  }
  let picture: ImageBitmap | null = null
  if (imported.image) {
    const mime = imported.image.startsWith('UklGR') ? 'image/webp' : 'image/png'
    // The dialog already says what is wrong with a picture that does not decode; the walls still show.
    picture = await createImageBitmap(dataUrlToBlob(`data:${mime};base64,${imported.image}`)).catch(
      () => null,
    )
  }
  const size = previewSize(imported, width)
  const canvas = new OffscreenCanvas(size.width, size.height)
  const ctx = canvas.getContext('2d')
  if (!ctx) return post({ ok: false })
  drawUvttPreview(ctx, imported, picture, width)
  picture?.close()
  const bitmap = canvas.transferToImageBitmap()
  post({ ok: true, bitmap }, [bitmap])
}
