// The pack worker: reads a campaign pack (campaign-pack.ts) from its base64 text, so the inflating,
// hashing and campaign parsing of an import never hold up the thread that answers pages. Started
// for one import and ended after it (job-worker.ts). Built as its own entry (electron.vite.config.ts).
import { base64Bytes } from './base64'
import { readPack, type UnpackedCampaign } from './campaign-pack'
import { serveJobs } from './job-worker'
import { PackError } from './pack-error'

serveJobs<{ base64: Uint8Array }, UnpackedCampaign>(async ({ base64 }) => {
  const zip = base64Bytes(base64)
  if (!zip) throw new PackError('pack-unreadable', 'The file is not valid base64.')
  const unpacked = await readPack(zip)
  // Each picture moves to main in a buffer of its own (a stored entry is a view into the zip).
  const pictures = unpacked.pictures.map((picture) => ({
    ...picture,
    bytes: new Uint8Array(picture.bytes),
  }))
  return {
    value: { ...unpacked, pictures },
    transfer: pictures.map((picture) => picture.bytes.buffer as ArrayBuffer),
  }
})
