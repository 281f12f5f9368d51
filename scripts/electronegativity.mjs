// Runs Doyensec's Electronegativity over src-main and fails on any finding above LOW.
// It is fetched with npx (pinned) rather than installed: it drags an old TypeScript and eslint
// along that would clash with the project's own toolchain.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const electronVersion = require('electron/package.json').version
const out = '.tmp/electronegativity.csv'
mkdirSync('.tmp', { recursive: true })
rmSync(out, { force: true })

const run = spawnSync(
  'npx',
  ['-y', '@doyensec/electronegativity@1.10.3', '-i', 'src-main', '-r', '-e', electronVersion, '-o', out],
  { stdio: ['ignore', 'inherit', 'inherit'] },
)
if (run.status !== 0) {
  console.error(`electronegativity exited with ${run.status}`)
  process.exit(1)
}

let rows
try {
  rows = readFileSync(out, 'utf8').trim().split('\n').slice(1).filter(Boolean)
} catch {
  console.error('electronegativity wrote no report')
  process.exit(1)
}
const severity = (row) => /^[A-Z_]+,"([A-Z]+)"/.exec(row)?.[1] ?? 'UNKNOWN'
const aboveLow = rows.filter((row) => severity(row) !== 'LOW' && severity(row) !== 'INFORMATIONAL')
console.log(`electronegativity: ${rows.length} finding(s), ${aboveLow.length} above LOW`)
for (const row of aboveLow) console.log('  ' + row)
process.exit(aboveLow.length ? 1 : 0)
