// Sums vitest's JSON reports (unit and e2e) into the plain closing line CI reads:
// "N passed, N failed". A run whose reports are missing counts its suite as one failure, so a
// test stage that never ran cannot look green.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2] ?? '.tmp/test-results'
const suites = ['unit.json', 'e2e.json']
let passed = 0
let failed = 0
let skipped = 0
for (const name of suites) {
  const file = join(dir, name)
  if (!existsSync(file)) {
    console.log(`${name}: no report (that stage did not run)`)
    failed += 1
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests ?? 0
  failed += report.numFailedTests ?? 0
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`)
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
