// Runs Doyensec's Electronegativity over src-main and fails on any finding above LOW.
// It is fetched with npx (pinned) rather than installed: it drags an old TypeScript and eslint
// along that would clash with the project's own toolchain.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const electronVersion = require('electron/package.json').version
const out = '.tmp/electronegativity.csv'
const sarif = '.tmp/electronegativity.sarif'
const HEADER = 'issue, severity, confidence, filename, location, sample, description, url'
const ROW = /^[A-Z0-9_]+,"([A-Z]+)","[A-Z]+",/
mkdirSync('.tmp', { recursive: true })

/**
 * The tool writes its CSV header and its rows with two racing async writes, so now and then the
 * header's truncating write lands last and eats some or all of the rows. The SARIF report is one
 * write (but has no severities), so it gives the true number of findings: a CSV that does not
 * parse or holds fewer rows is run again, and never counts as clean.
 */
function audit(file) {
  rmSync(file, { force: true })
  const run = spawnSync(
    'npx',
    [
      '-y',
      '@doyensec/electronegativity@1.10.3',
      '-i',
      'src-main',
      '-r',
      '-e',
      electronVersion,
      '-o',
      file,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  )
  if (run.status !== 0) return `electronegativity exited with ${run.status}`
  if (!existsSync(file)) return 'electronegativity wrote no report'
  return readFileSync(file, 'utf8')
}

function runOnce() {
  const sarifText = audit(sarif)
  let expected
  try {
    expected = JSON.parse(sarifText).runs[0].results.length
  } catch {
    return { error: `no SARIF report (${sarifText.slice(0, 80)})` }
  }
  const csv = audit(out)
  const [header, ...rows] = csv.split(/\r?\n/).filter(Boolean)
  if (header !== HEADER || rows.some((row) => !ROW.test(row)) || rows.length !== expected) {
    return { error: `the CSV report is garbled (${rows.length} rows, ${expected} findings)` }
  }
  return { rows }
}

let result
for (let attempt = 1; attempt <= 5; attempt++) {
  result = runOnce()
  if (result.rows) break
  console.error(`electronegativity, attempt ${attempt}: ${result.error}`)
}
if (!result.rows) process.exit(1)

const aboveLow = result.rows.filter((row) => !['LOW', 'INFORMATIONAL'].includes(ROW.exec(row)[1]))
console.log(`electronegativity: ${result.rows.length} finding(s), ${aboveLow.length} above LOW`)
for (const row of aboveLow) console.log('  ' + row)
process.exit(aboveLow.length ? 1 : 0)
