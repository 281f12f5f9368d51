// Issue 11.8: a token placed where the party can see it must not reach the player view before the
// GM chooses to show it. The token tool places enemies hidden by default; unticking Hidden shows it.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCampaign, waitConnected } from './gm-page'
import { placeToken } from './editor-steps'
import { startRig, type Rig } from './harness'
import { gmClient } from './player-fixture'

let rig: Rig
let gm: Page
let player: Page
const frames: string[] = []

describe('placing a token hidden', () => {
  beforeAll(async () => {
    rig = await startRig(undefined, {
      name: 'place-hidden',
      viewport: { width: 1366, height: 768 },
    })
    gm = await rig.newPage()
    await waitConnected(gm)
    await openCampaign(gm, 'sample-campaign')
    player = await rig.context.newPage()
    player.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => frames.push(String(frame.payload))),
    )
    await player.goto(`${rig.host.url}player.html`)
    await gm.locator('[data-testid="show-to-players"]').click()
    await player.locator('[data-testid="player-token"][data-name="Climber / 登攀役"]').waitFor()
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('places an enemy next to a PC hidden, so no player frame carries it, and shows it on request', async () => {
    // Next to pc-climber at (6, 2): in plain sight of the party.
    const id = await placeToken(gm, [7, 2], 'enemy')
    await gm
      .locator(`[data-token="${id}"][data-hidden="true"]`)
      .first()
      .waitFor({ state: 'attached' })
    expect(id).not.toContain('enemy')
    // What the players are being shown now, asked on a fresh connection: no trace of the token.
    const client = await gmClient(rig.host.port)
    const current = JSON.stringify(await client.call('player.current'))
    client.close()
    expect(current).toContain('Climber / 登攀役')
    expect(current).not.toContain(id)
    expect(frames.some((f) => f.includes(id))).toBe(false)
    await gm.locator('[data-testid="token-hidden"]').uncheck()
    await player.locator('[data-testid="player-token"][data-x="7"][data-y="2"]').waitFor()
    expect(rig.problems).toEqual([])
  })

  it('keeps a unique name, numbers from the second copy, labels them with unique initials (issues 12.10, 25)', async () => {
    await gm.locator('[data-testid="new-token-name"]').fill('Goblin')
    const first = await placeToken(gm, [3, 3], 'enemy')
    // The one Goblin on the map is "Goblin", not "Goblin 1".
    await expect(gm.locator('[data-testid="token-name"]').inputValue()).resolves.toBe('Goblin')
    const second = await placeToken(gm, [4, 3], 'enemy')
    await gm.locator('[data-testid="new-token-name"]').fill('')
    const label = (id: string) =>
      gm.locator(`[data-token="${id}"] [data-testid="token-label"]`).first().textContent()
    await expect(label(first)).resolves.toBe('G')
    await expect(label(second)).resolves.toBe('G2')
    await gm
      .locator('[data-testid="token-name"]')
      .inputValue()
      .then((name) => expect(name).toBe('Goblin 2'))
    // Two names with one initial are told apart by letters, never by a digit: "Skeleton 2" beside
    // "Seoni 2" read "S2" and "S22" before, as if there were a 22nd skeleton.
    const placed: string[] = []
    for (const [name, cells] of [
      [
        'Skeleton',
        [
          [1, 4],
          [2, 4],
        ],
      ],
      [
        'Seoni',
        [
          [5, 4],
          [6, 4],
        ],
      ],
    ] as const) {
      await gm.locator('[data-testid="new-token-name"]').fill(name)
      for (const cell of cells) placed.push(await placeToken(gm, [cell[0], cell[1]], 'enemy'))
    }
    await gm.locator('[data-testid="new-token-name"]').fill('')
    const labels = await Promise.all(placed.map(label))
    expect(labels).toEqual(['Sk', 'Sk2', 'Se', 'Se2'])
    // DysTopiA units sharing a square each show their label in the chip and their whole name
    // beside it (issue 23: the name no longer squeezed into the chip).
    await gm.locator('[data-testid="map-tab"][data-map-id="dystopia-sample"]').click()
    const chip = gm.locator('[data-token][data-chip]').first()
    await chip.waitFor({ state: 'attached' })
    const unit = (await chip.getAttribute('data-token'))!
    const name = gm.locator(`[data-testid="token-name-label"][data-name-of="${unit}"]`)
    await expect(name.textContent()).resolves.toMatch(/^Hero [AB] \/ 主人公[AB]$/)
    await gm.locator('[data-testid="map-tab"][data-map-id="arianrhod-sample"]').click()
  })

  it('places party tokens visible by default, and the option can be changed per faction', async () => {
    await gm.locator('[data-testid="new-token-faction"]').fill('party')
    await expect(gm.locator('[data-testid="token-place-hidden"]').isChecked()).resolves.toBe(false)
    await gm.locator('[data-testid="new-token-faction"]').fill('enemy')
    await expect(gm.locator('[data-testid="token-place-hidden"]').isChecked()).resolves.toBe(true)
    await gm.locator('[data-testid="token-place-hidden"]').uncheck()
    await gm.locator('[data-testid="new-token-faction"]').fill('party')
    await gm.locator('[data-testid="new-token-faction"]').fill('enemy')
    await expect(gm.locator('[data-testid="token-place-hidden"]').isChecked()).resolves.toBe(false)
  })
})
