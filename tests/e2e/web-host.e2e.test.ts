// `npm run web`'s host as it ships: the built out/main/host.js run by plain Node (no TypeScript
// loader) with the flags the script gives, started from another folder the way a GM might start it. The other end-to-end tests
// host the services in-process from source; this one checks the built entry: it finds the built
// pages and the bundled sample from out/main, a big hand-made file opens through the file worker
// built beside it (files over 1 MB are parsed there), and Ctrl+C's signal saves and exits cleanly.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from './chromium'
import { repo } from './harness'
import { webHostCommand } from './web-host-command'

const hostEntry = join(repo, 'out', 'main', 'host.js')
const BIG_ID = 'hand-made-big'

/** The sample's maps copied until the file passes the 1 MB the host parses on main. */
function bigHandMadeCampaign(): unknown {
  const sample = JSON.parse(readFileSync(join(repo, 'resources', 'sample-campaign.json'), 'utf8'))
  const maps: { id: string }[] = []
  for (let copy = 0; copy < 80; copy++)
    for (const map of sample.maps) maps.push({ ...map, id: `${map.id}-${copy}` })
  return { ...sample, id: BIG_ID, name: 'Hand-made big campaign', maps }
}

let root: string
let child: ChildProcess
let url: string
let printed = ''

beforeAll(async () => {
  const command = webHostCommand(repo)
  if (!command)
    throw new Error(
      'npm run web does not run a built out/main/host.js; run `npx electron-vite build` first.',
    )
  root = await mkdtemp(join(tmpdir(), 'grid-gm-web-host-'))
  child = spawn(process.execPath, [...command, '--data', join(root, 'data'), '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString()
      const match = /running at (http:\/\/127\.0\.0\.1:\d+\/)gm\.html/.exec(printed)
      if (match) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`The host exited (${code}): ${printed}`)))
  })
})

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL')
  await rm(root, { recursive: true, force: true })
})

describe('the built web host (npm run web)', () => {
  it('is plain JavaScript that never loads electron', () => {
    expect(webHostCommand(repo)?.at(-1)).toBe(hostEntry)
    const source = readFileSync(hostEntry, 'utf8')
    expect(source).not.toMatch(/from ["']electron["']|require\(["']electron["']\)/)
  })

  it('serves the built pages with their CSP and opens campaigns in Chromium', async () => {
    const gm = await fetch(`${url}gm.html`)
    expect(gm.status).toBe(200)
    expect(await gm.text()).toContain('Content-Security-Policy')
    expect((await fetch(`${url}player.html`)).status).toBe(200)
    let browser: Browser | undefined
    try {
      browser = await launchChromium()
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 } })
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(`${url}gm.html#open=latest`)
      await page
        .locator('[data-testid="campaign-view"][data-campaign-id="sample-campaign"]')
        .waitFor({ timeout: 60_000 })
      await page.locator('[data-testid="map-grid"]').first().waitFor({ timeout: 60_000 })
      // A file put in the folder by hand while the host runs (the list reads the folder).
      const big = JSON.stringify(bigHandMadeCampaign(), null, 2)
      expect(Buffer.byteLength(big)).toBeGreaterThan(1024 * 1024)
      await writeFile(join(root, 'data', 'campaigns', `${BIG_ID}.json`), big)
      await page.goto(`${url}gm.html#open=${BIG_ID}`)
      await page.reload()
      await page
        .locator(`[data-testid="campaign-view"][data-campaign-id="${BIG_ID}"]`)
        .waitFor({ timeout: 60_000 })
      expect(errors).toEqual([])
    } finally {
      await browser?.close()
    }
  })

  it('saves and exits with 0 on SIGTERM, leaving both campaigns in its data folder', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await expect(exited).resolves.toBe(0)
    expect(printed).toContain('saving and stopping')
    expect(readdirSync(join(root, 'data', 'campaigns'))).toEqual(
      expect.arrayContaining(['sample-campaign.json', `${BIG_ID}.json`]),
    )
  })
})
