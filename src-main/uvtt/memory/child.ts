// A child process for the Universal VTT memory test (memory.test.ts): takes in one file the way the
// command-line import does (`npm run -s uvtt`: read, import, print the map from bytes) or the way
// the app's import worker does (the preview's job, which also checks that the map fits a campaign),
// and prints its resident memory from /proc: after loading its code (the start) and at its peak.
import { readFileSync } from 'node:fs'
import { runUvttJob } from '@core/uvtt/import-job'
import { importUvtt, uvttMapJson } from '@core/uvtt/import'

function status(field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))
  return Number(match?.[1] ?? 0) * 1024
}

const [file, mode] = process.argv.slice(2)
const start = status('VmRSS')
let outcome: string
if (mode === 'cli') {
  const imported = importUvtt(JSON.parse(readFileSync(file, 'utf8')))
  outcome = `${uvttMapJson(imported).length} bytes of map`
} else {
  const result = runUvttJob({
    json: readFileSync(file, 'utf8'),
    system: 'arianrhod',
    dryRun: true,
    name: 'Imported',
  })
  outcome = result.ok ? 'accepted' : result.error.code
}
console.log(JSON.stringify({ start, peak: status('VmHWM'), outcome }))
