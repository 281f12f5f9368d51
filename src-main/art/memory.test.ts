// Issue 26: "the art worker gives its memory back". A child process does what the host does with
// pictures and reports its resident memory from /proc (memory/child.ts): the hostile pictures of
// the issues never swell it (they took the host to 4.2 GB), and after a 96 MB decode and the
// players' copy it is back near where it started (it stayed at 2.2–4.2 GB). The figures are
// measured after garbage collection, once the decode worker has ended by itself; nothing here
// depends on how fast the machine is.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../campaign/temp-dirs.testing'

const CHILD = fileURLToPath(new URL('./memory/child.ts', import.meta.url))
const MB = 1024 * 1024

interface Figures {
  start: number
  afterHostile: number
  peakHostile: number
  afterShow: number
  peakShow: number
  refused: Record<string, string>
}

async function runChild(dataDir: string): Promise<Figures> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  if (code !== 0) throw new Error(`the memory child failed (${code}): ${err}`)
  return JSON.parse(out.trim().split('\n').at(-1)!) as Figures
}

describe('resident memory around pictures', () => {
  it('hostile pictures never swell the process; after the players’ copy it is back near its start', async () => {
    const dataDir = await makeTempDir('gm-memory-')
    try {
      const figures = await runChild(dataDir)
      const rise = (value: number): number => (value - figures.start) / MB
      console.log(
        `[memory test] start ${(figures.start / MB).toFixed(0)} MB; hostile pictures: peak ` +
          `+${rise(figures.peakHostile).toFixed(0)} MB, after +${rise(figures.afterHostile).toFixed(0)} MB; ` +
          `6,000 × 4,000 picture shown: peak +${rise(figures.peakShow).toFixed(0)} MB, ` +
          `after +${rise(figures.afterShow).toFixed(0)} MB`,
      )
      expect(figures.refused).toEqual({
        onePixelPngInflatingTo2GB: 'asset-undecodable',
        pngInflatingTo6GB: 'asset-undecodable',
        png16384Squared: 'asset-too-many-pixels',
        pngClaiming60000Squared: 'asset-too-many-pixels',
        pngHeaderWithoutData: 'asset-undecodable',
        htmlBehindPngHeader: 'asset-undecodable',
        tinyWebpClaiming16384Squared: 'asset-too-many-pixels',
        jpegClaiming30000Squared: 'asset-too-many-pixels',
      })
      // The bombs would inflate to 2 GB and 6.4 GB; they stop at their first chunk.
      expect(rise(figures.peakHostile)).toBeLessThan(128)
      // The 96 MB decode really happened in this process (so the figure after it means something)…
      expect(rise(figures.peakShow)).toBeGreaterThan(96)
      // …and what stays is the players' copy (4 MB) and small change, not the decode.
      expect(rise(figures.afterShow)).toBeLessThan(48)
      expect(rise(figures.afterShow)).toBeLessThan(rise(figures.peakShow) / 3)
    } finally {
      await removeDir(dataDir)
    }
  }, 300_000)
})
