// The decode worker: checks that a picture decodes within its budget, or decodes it and builds the
// players' grid-aligned copy of map art. Ended after a large job and when idle (job-worker.ts), so
// a decode's memory never stays with the app. Built as its own entry (electron.vite.config.ts).
import { createHash } from 'node:crypto'
import { base64Bytes } from './base64'
import { admitPicture, decodeImage } from './decode'
import { serveJobs } from './job-worker'
import { PictureError } from '@core/art/picture-error'
import { buildArtBase } from './player-art'
import type { DecodeJob, DecodeResult } from './decode-protocol'

serveJobs<DecodeJob, DecodeResult>(async (job) => {
  if (job.op === 'check') {
    const bytes = job.base64 ? base64Bytes(job.source) : job.source
    if (!bytes) throw new PictureError('asset-not-image', 'The picture is not valid base64.')
    const header = admitPicture(bytes, job.use)
    await decodeImage(bytes, header.type, job.use)
    const hash = createHash('sha256').update(bytes).digest('hex')
    const info = { type: header.type, width: header.width, height: header.height }
    if (!job.base64) return { value: { op: 'check', info, hash } }
    const own = new Uint8Array(bytes)
    return { value: { op: 'check', info, hash, bytes: own }, transfer: [own.buffer] }
  }
  const image = await decodeImage(job.bytes, job.type, job.use)
  const base = buildArtBase(image, job.align, job.mapWidth, job.mapHeight, job.output)
  return {
    value: { op: 'base', squarePx: base.squarePx, data: base.data },
    transfer: [base.data.buffer as ArrayBuffer],
  }
})
