// `npm run screenshots`: copies the screenshots the last end-to-end run left in .tmp/screenshots/
// over the tracked copies the README shows. Tests only ever write to .tmp/, so refreshing the
// README's pictures is this deliberate, separate step.
import { copyFileSync, existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('../', import.meta.url))
const source = join(repo, '.tmp', 'screenshots')
const tracked = join(repo, 'tests', 'e2e', 'screenshots')

if (!existsSync(source)) {
  console.error('No .tmp/screenshots/ yet: run `npm run test:e2e` first.')
  process.exit(1)
}
let copied = 0
for (const name of readdirSync(tracked)) {
  if (!existsSync(join(source, name))) {
    console.warn(`not refreshed (the last run did not take it): ${name}`)
    continue
  }
  copyFileSync(join(source, name), join(tracked, name))
  copied++
}
if (existsSync(join(source, 'gm-sample.png'))) {
  copyFileSync(join(source, 'gm-sample.png'), join(repo, 'resources', 'screenshot-gm.png'))
  copied++
}
console.log(`${copied} screenshots refreshed; review them with git diff before committing.`)
