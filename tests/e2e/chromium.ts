// Finds a Chromium to drive, in the order the README documents, and launches it headless with
// flags that keep it quiet and offline.
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

const HOW_TO_GET_ONE =
  'Install Chromium with `sudo apt-get install chromium` (Debian/Ubuntu), ' +
  'or set CHROMIUM_PATH=/path/to/chromium to use one you already have.'

export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CHROMIUM_PATH
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv
    throw new Error(
      `CHROMIUM_PATH is set to ${fromEnv}, but there is no file there. ${HOW_TO_GET_ONE}`,
    )
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate
  }
  const bundled = playwrightChromium()
  if (bundled) return bundled
  throw new Error(`No Chromium found for the end-to-end tests. ${HOW_TO_GET_ONE}`)
}

function playwrightChromium(): string | null {
  try {
    const path = chromium.executablePath()
    return path && existsSync(path) ? path : null
  } catch {
    return null
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_FLAGS })
}
