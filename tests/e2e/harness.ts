// The rig every browser e2e suite stands on: the real Node host on a fresh temp data folder,
// headless Chromium, pages that collect console errors, and cleanup. Written once so that a
// suite only says what differs (campaign files, viewport, locale) and its own steps.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { startHost, type RunningHost } from '../../src-main/host/server'
import { createDiceRoller, scriptedDice } from '../../src-main/table/dice'
import { launchChromium } from './chromium'
import { ACTION_TIMEOUT_MS } from './gm-page'

export const repo = fileURLToPath(new URL('../../', import.meta.url))
/**
 * Where suites write screenshots: an untracked folder, so a test run never rewrites tracked files.
 * The copies the README shows live in tests/e2e/screenshots/ and are refreshed by hand.
 */
export const screenshotDir = join(repo, '.tmp', 'screenshots')
export const staticDir = join(repo, 'out', 'renderer')

export interface RigOptions {
  locale?: string
  viewport?: { width: number; height: number }
  acceptDownloads?: boolean
  autosaveDelayMs?: number
  /**
   * A campaign the host seeds on its first start, as it does the bundled sample. Without it (and
   * without campaign files) the host seeds the bundled sample campaign.
   */
  firstStartSample?: unknown
  /** Console errors that are expected (e.g. reconnection attempts while the host restarts). */
  ignoreConsole?: RegExp
  /** Names the temp folder, to tell suites apart when one is left behind. */
  name?: string
  /** Scripted dice for every roll the host makes (table/dice.ts), in draw order. */
  dice?: number[]
}

export interface Rig {
  /** The host's data folder (campaigns/ inside). */
  dataDir: string
  /** The running host; replaced by restartHost. */
  host: RunningHost
  browser: Browser
  context: BrowserContext
  /** Console errors and page errors collected from every page opened with newPage. */
  problems: string[]
  /** Opens a page on the host (default the GM screen) that reports its errors to `problems`. */
  newPage(path?: string): Promise<Page>
  /** Stops the host, runs `whileStopped`, and starts it again on the same folder and port. */
  restartHost(whileStopped?: () => Promise<void>): Promise<void>
  close(): Promise<void>
}

/**
 * Starts the host on a fresh folder and Chromium. With `campaigns`, the folder holds exactly
 * these campaign files (so nothing is seeded); without, the host's first start seeds one.
 */
export async function startRig(campaigns?: unknown[], options: RigOptions = {}): Promise<Rig> {
  if (!existsSync(join(staticDir, 'gm.html')) || !existsSync(join(staticDir, 'player.html'))) {
    throw new Error(
      `No built renderer in ${staticDir}. Run \`npx electron-vite build\` first (npm run test:e2e does).`,
    )
  }
  await mkdir(screenshotDir, { recursive: true })
  const root = await mkdtemp(join(tmpdir(), `grid-gm-${options.name ?? 'e2e'}-`))
  const dataDir = join(root, 'data')
  await mkdir(dataDir)
  if (campaigns) {
    await mkdir(join(dataDir, 'campaigns'))
    for (const campaign of campaigns) {
      const id = (campaign as { id: string }).id
      await writeFile(join(dataDir, 'campaigns', `${id}.json`), JSON.stringify(campaign, null, 2))
    }
  }
  let sampleCampaignFile: string | undefined
  if (options.firstStartSample !== undefined) {
    sampleCampaignFile = join(root, 'first-start-sample.json')
    await writeFile(sampleCampaignFile, JSON.stringify(options.firstStartSample))
  }
  // The app's own delay (5 s) unless a test asks for another: tests that read the campaign file
  // flush first (rig.host.flush) instead of waiting for a short autosave.
  const autosaveDelayMs = options.autosaveDelayMs
  const dice = options.dice ? createDiceRoller(scriptedDice(options.dice)) : undefined
  const host = await startHost({
    dataDir,
    port: 0,
    staticDir,
    autosaveDelayMs,
    sampleCampaignFile,
    dice,
  })
  let browser: Browser
  try {
    browser = await launchChromium()
  } catch (error) {
    await host.close()
    await rm(root, { recursive: true, force: true })
    throw error
  }
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1400, height: 950 },
    locale: options.locale ?? 'en-US',
    acceptDownloads: options.acceptDownloads,
  })
  context.setDefaultTimeout(ACTION_TIMEOUT_MS)
  // The board's test probe (gm/board/test-hook.ts): tests read the canvas's map there.
  await context.addInitScript(() => {
    window.__gmTestHooks = true
  })
  const problems: string[] = []
  const rig: Rig = {
    dataDir,
    host,
    browser,
    context,
    problems,
    async newPage(path = 'gm.html') {
      const page = await context.newPage()
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        if (options.ignoreConsole?.test(message.text())) return
        problems.push(`console: ${message.text()}`)
      })
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      await page.goto(`${rig.host.url}${path}`)
      return page
    },
    async restartHost(whileStopped) {
      const port = rig.host.port
      await rig.host.close()
      await whileStopped?.()
      rig.host = await startHost({ dataDir, port, staticDir, autosaveDelayMs, dice })
    },
    async close() {
      await context.close()
      await browser.close()
      await rig.host.close()
      await rm(root, { recursive: true, force: true })
    },
  }
  return rig
}

/** Polls `check` (a throw counts as not yet) until it holds or the time is up. */
export async function eventually(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}
