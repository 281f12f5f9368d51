// What the app-path benches share: a temp data folder holding one campaign "bench", and a headless
// Chromium (no vsync, no frame cap, so a frame's length is its work) with that campaign open in
// the GM screen.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { CURRENT_SCHEMA_VERSION, type Campaign, type CampaignMap } from '@core/campaign/schema'
import { CHROMIUM_FLAGS, findChromium } from '../tests/e2e/chromium'

export const BENCH_CAMPAIGN = 'bench'

/** A fresh data folder with the campaign "bench" holding `maps`; answers the folder. */
export async function benchDataFolder(prefix: string, maps: CampaignMap[]): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix))
  const now = new Date().toISOString()
  const campaign: Campaign = {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    id: BENCH_CAMPAIGN,
    name: 'Bench',
    createdAt: now,
    updatedAt: now,
    maps,
    notes: '',
  }
  await mkdir(join(dataDir, 'campaigns'), { recursive: true })
  await writeFile(join(dataDir, 'campaigns', `${BENCH_CAMPAIGN}.json`), JSON.stringify(campaign))
  return dataDir
}

/** Chromium on the host's GM screen with the bench campaign opened. */
export async function openBenchCampaign(
  hostUrl: string,
): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [...CHROMIUM_FLAGS, '--disable-gpu-vsync', '--disable-frame-rate-limit'],
  })
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
  await page.goto(`${hostUrl}gm.html`)
  await page.locator('[data-testid="status"][data-connection="open"]').waitFor()
  await page
    .locator(`li[data-campaign-id="${BENCH_CAMPAIGN}"] [data-testid="open-campaign"]`)
    .click()
  return { browser, page }
}

/** A campaign map holding a bench map spec (squares, edges) and tokens, with names filled in. */
export function campaignMapOf(
  id: string,
  system: CampaignMap['system'],
  spec: { width: number; height: number; cells?: unknown[]; edges?: unknown[] },
  tokens: readonly Record<string, unknown>[],
): CampaignMap {
  return {
    id,
    name: id,
    system,
    width: spec.width,
    height: spec.height,
    cells: spec.cells ?? [],
    edges: spec.edges ?? [],
    light: { sources: [] },
    tokens: tokens.map((t) => ({ name: String(t.id), ...t })),
    notes: '',
  } as unknown as CampaignMap
}
