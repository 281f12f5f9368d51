// The LAN view end to end: the GM turns it on from the GM page, a browser without the join code
// is refused, with the code it gets the player view, and turning it off closes the port. Every
// connection goes to 127.0.0.1 (the listener binds all interfaces, loopback included).
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCampaign, waitConnected } from './gm-page'
import { startRig, type Rig } from './harness'
import { FOG_CAMPAIGN, FOG_MAP, HIDDEN_ID, fogCampaign } from './player-fixture'

let rig: Rig

function status(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(async () => {
  rig = await startRig(undefined, {
    name: 'lan-e2e',
    locale: 'ja-JP',
    viewport: { width: 1280, height: 860 },
    firstStartSample: fogCampaign(),
  })
})

afterAll(async () => {
  await rig?.close()
})

describe('LAN view', () => {
  it('refuses without the join code, serves the view with it, and closes the port when turned off', async () => {
    const gm = await rig.newPage('gm.html')
    await waitConnected(gm)
    await openCampaign(gm, FOG_CAMPAIGN)
    await gm.locator('[data-testid="show-to-players"]').click()

    // Off by default.
    await gm.locator('[data-testid="pv-lan"][data-running="false"]').waitFor()
    await gm.locator('[data-testid="pv-lan-start"]').click()
    await gm.locator('[data-testid="pv-lan"][data-running="true"]').waitFor()
    const code = (await gm.locator('[data-testid="pv-join-code"]').innerText()).trim()
    const joinUrl = new URL((await gm.locator('[data-testid="pv-join-url"]').innerText()).trim())
    expect(code).toMatch(/^[A-Z2-9]{8}$/)
    expect(joinUrl.searchParams.get('code')).toBe(code)
    await gm.locator('[data-testid="pv-join-qr"]').waitFor()
    const port = Number(joinUrl.port)
    expect(port).not.toBe(rig.host.port)
    // Only loopback is ever contacted: the same port on 127.0.0.1.
    const lanBase = `http://127.0.0.1:${port}`

    // Without the code: the page is refused, and so is a socket opened from a page on that origin.
    const stranger = await rig.context.newPage()
    const refused = await stranger.goto(`${lanBase}/player.html`)
    expect(refused?.status()).toBe(403)
    const socketOutcome = await stranger.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url)
          ws.onopen = () => resolve('open')
          ws.onerror = () => resolve('refused')
        }),
      `ws://127.0.0.1:${port}/ws?role=player`,
    )
    expect(socketOutcome).toBe('refused')
    expect(await status(port, '/gm.html')).toBe(404)
    expect(await status(port, '/assets/..%2fgm.html')).toBe(404)

    // With the code: the player view, the same payload the projector gets.
    const tablet = await rig.context.newPage()
    const frames: string[] = []
    tablet.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))))
    await tablet.goto(`${lanBase}/player.html?code=${code}`)
    await tablet
      .locator(`[data-testid="player-view"][data-lan="true"][data-connection="open"]`)
      .waitFor()
    await tablet.locator(`[data-testid="player-board"][data-map-id="${FOG_MAP}"]`).waitFor()
    await tablet.locator('[data-testid="player-token"][data-name="Hero"]').waitFor()
    expect(frames.some((f) => f.includes('"visible"'))).toBe(true)
    expect(frames.some((f) => f.includes(HIDDEN_ID))).toBe(false)
    await expect
      .poll(
        async () =>
          (await gm.locator('[data-testid="pv-lan-connections"]').innerText()).includes('1'),
        { timeout: 10_000 },
      )
      .toBe(true)

    // The join page: a field for the code, a clear message when it is wrong, the view when right.
    await stranger.goto(`${lanBase}/join`)
    await stranger.locator('input[name="code"]').fill('WRONG123')
    await stranger.locator('button[type="submit"]').click()
    await stranger.locator('.wrong[role="alert"]').waitFor()
    await stranger.locator('input[name="code"]').fill(code)
    await stranger.locator('button[type="submit"]').click()
    await stranger
      .locator(`[data-testid="player-view"][data-lan="true"][data-connection="open"]`)
      .waitFor()

    // Off: the tablet loses its connection and the port is closed.
    await gm.locator('[data-testid="pv-lan-stop"]').click()
    await gm.locator('[data-testid="pv-lan"][data-running="false"]').waitFor()
    await tablet.locator('[data-testid="player-view"][data-connection="closed"]').waitFor()
    await expect(status(port, `/player.html?code=${code}`)).rejects.toThrow(/ECONNREFUSED/)

    await Promise.all([gm.close(), stranger.close(), tablet.close()])
  })
})
