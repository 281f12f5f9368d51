// Issue 25, "never lose or double what the GM typed": one number-field behaviour and one name
// behaviour everywhere, main's refusals worded by code (never validator text), and 戦利金 paid
// once a session. In Chromium at 1366×768 on the real host, the campaign file checked on disk.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURRENT_SCHEMA_VERSION, campaignSchema, type Campaign } from '@core/campaign/schema'
import { openCampaign, waitConnected } from './gm-page'
import { selectToken } from './fight-steps'
import { eventually, screenshotDir, startRig, type Rig } from './harness'

const ID = 'entry-e2e'
const campaign = {
  schemaVersion: CURRENT_SCHEMA_VERSION,
  id: ID,
  name: 'An evening at the guild',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  notes: '',
  maps: [
    {
      id: 'hall',
      name: 'Guild hall',
      system: 'arianrhod',
      width: 8,
      height: 6,
      tokens: [{ id: 'valeros', name: 'Valeros', at: [1, 1], faction: 'party', move: 10 }],
      notes: '',
    },
  ],
  guild: {
    name: 'Silver Wing',
    funds: 1000,
    members: [
      { id: 'valeros', name: 'Valeros', cl: 5, money: 22300 },
      { id: 'seoni', name: 'Seoni', cl: 3, money: 100 },
    ],
    items: [{ id: 'dagger', name: 'Dagger', quantity: 1, holderId: null }],
  },
}

let rig: Rig
let page: Page

async function onDisk(): Promise<Campaign> {
  await rig.host.flush()
  return campaignSchema.parse(
    JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${ID}.json`), 'utf8')),
  )
}

const money = async () => (await onDisk()).guild!.members.map((m) => m.money)
const valeros = () => page.locator('[data-testid="guild-member"][data-member-id="valeros"]')
const refusal = () => page.locator('[data-testid="field-refusal"]')

/** Types into a field and presses Enter, as a GM would. */
async function enter(selector: string, text: string): Promise<void> {
  const field = page.locator(selector)
  await field.fill(text)
  await field.press('Enter')
}

async function tab(name: string): Promise<void> {
  await page.locator(`[data-testid="guild-tab"][data-tab="${name}"]`).click()
}

/** Every word on the page: no validator sentence, JSON pointer or English technical text. */
async function noValidatorText(): Promise<void> {
  const text = await page.locator('body').innerText()
  expect(text).not.toMatch(/expected|Too small|Too big|\/command|Invalid input|at \//)
}

describe('typed values are never lost or doubled', () => {
  beforeAll(async () => {
    rig = await startRig([campaign], { name: 'entry', viewport: { width: 1366, height: 768 } })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, ID)
    await page.locator('[data-testid="guild-open"]').click()
    await page.locator('[data-testid="guild-book"]').waitFor()
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('refuses "12e", a negative and an absurd amount of money, and puts the stored value back', async () => {
    const field =
      '[data-testid="guild-member"][data-member-id="valeros"] [data-testid="member-money"]'
    await enter(field, '12e')
    await expect(refusal().textContent()).resolves.toBe(
      'Money (G): “12e” is not a number. It stays 22300.×',
    )
    await expect(page.locator(field).inputValue()).resolves.toBe('22300')
    await enter(field, '-500')
    await expect(refusal().textContent()).resolves.toContain(
      'Money (G) must be from 0 to 1,000,000,000,000. It stays 22300.',
    )
    await expect(page.locator(field).inputValue()).resolves.toBe('22300')
    await enter(field, '99999999999999999999')
    await refusal().waitFor()
    await expect(page.locator(field).inputValue()).resolves.toBe('22300')
    expect(await money()).toEqual([22300, 100])
    await page.screenshot({ path: join(screenshotDir, 'entry-refused-en.png') })
    // A good entry, as typed with a separator, is taken and the message goes.
    await enter(field, '22,500')
    await eventually(async () => (await money())[0] === 22500, 'the new money on disk')
    await refusal().waitFor({ state: 'detached' })
    await expect.poll(() => page.locator(field).inputValue()).toBe('22500')
  })

  it('refuses bad guild funds, sale prices and loans the same way', async () => {
    await enter('[data-testid="guild-funds"]', '-30')
    await expect(refusal().textContent()).resolves.toContain('It stays 1000.')
    await expect(page.locator('[data-testid="guild-funds"]').inputValue()).resolves.toBe('1000')
    await tab('items')
    await enter('[data-testid="item-price"]', '-30')
    await expect(refusal().textContent()).resolves.toContain('Sale price (G) must be from 0')
    await expect(page.locator('[data-testid="item-price"]').inputValue()).resolves.toBe('')
    await tab('loans')
    await enter('[data-testid="loan-amount"]', 'abc')
    await expect(refusal().textContent()).resolves.toContain('“abc” is not a number')
    expect((await onDisk()).guild!.funds).toBe(1000)
  })

  it('refuses blank names of a PC, the guild, a support, an item, a map and a token', async () => {
    await tab('sheet')
    await enter(
      '[data-testid="guild-member"][data-member-id="valeros"] [data-testid="member-name"]',
      '   ',
    )
    await expect(refusal().textContent()).resolves.toContain(
      'PC cannot be blank. It stays Valeros.',
    )
    await expect(valeros().locator('[data-testid="member-name"]').inputValue()).resolves.toBe(
      'Valeros',
    )
    await enter('[data-testid="guild-name"]', '')
    await expect(refusal().textContent()).resolves.toContain(
      'cannot be blank. It stays Silver Wing.',
    )
    await page.locator('[data-testid="add-support"]').click()
    await expect(refusal().textContent()).resolves.toContain('Support cannot be blank.')
    await tab('items')
    await page.locator('[data-testid="new-item-name"]').fill('  ')
    await page.locator('[data-testid="new-item-name"]').press('Enter')
    await expect(refusal().textContent()).resolves.toContain('Item cannot be blank.')
    const guild = (await onDisk()).guild!
    expect([guild.name, guild.members[0].name, guild.supports.length, guild.items.length]).toEqual([
      'Silver Wing',
      'Valeros',
      0,
      1,
    ])
    await page.locator('[data-testid="guild-close"]').click()
    await page.locator('[data-testid="map-grid"]').waitFor()
    await enter('[data-testid="map-name"]', ' ')
    await expect(refusal().textContent()).resolves.toContain(
      'Name cannot be blank. It stays Guild hall.',
    )
    await selectToken(page, 'valeros')
    await enter('[data-testid="token-name"]', '')
    await expect(refusal().textContent()).resolves.toContain(
      'Name cannot be blank. It stays Valeros.',
    )
    const map = (await onDisk()).maps[0]
    expect([map.name, map.tokens[0].name]).toEqual(['Guild hall', 'Valeros'])
  })

  it('words a refusal from main by its code, in the notice list, never as validator text', async () => {
    await page.locator('[data-testid="guild-open"]').click()
    await tab('loans')
    await page.locator('[data-testid="loan-lender"]').selectOption('seoni')
    await page.locator('[data-testid="loan-borrower"]').selectOption('valeros')
    await enter('[data-testid="loan-amount"]', '5000')
    await page.locator('[data-testid="loan-add"]').click()
    const notice = page.locator('[data-testid="notice"][data-key="refusal.not-enough-money"]')
    await expect(notice.textContent()).resolves.toContain('Seoni has 100 G, less than 5000 G.')
    await noValidatorText()
    expect(await money()).toEqual([22500, 100])
  })

  it('pays 戦利金 once a session; a second payment is an explicit "Pay again" that shows the first', async () => {
    await tab('reward')
    await enter('[data-testid="reward-bonus"]', '300')
    await expect(refusal().textContent()).resolves.toContain(
      'The coefficient bonus must be from 0 to 200. It stays 0.',
    )
    await page.locator('[data-testid="reward-confirm"]').click()
    // CL 5: (5+1)×600 = 3600; CL 3: (3+1)×300 = 1200.
    await eventually(async () => (await money()).join() === '26100,1300', 'one payment on disk')
    // Away and back: no Confirm; the payment made is shown instead.
    await tab('sheet')
    await tab('reward')
    await page.locator('[data-testid="reward-paid"]').waitFor()
    await expect(page.locator('[data-testid="reward-confirm"]').count()).resolves.toBe(0)
    await expect(
      page.locator('[data-testid="reward-paid-entry"]').textContent(),
    ).resolves.toContain('Valeros +3600 G, Seoni +1200 G')
    await page.locator('[data-testid="reward-again"]').click()
    await page.locator('[data-testid="reward-again-confirm"]').click()
    await eventually(async () => (await money()).join() === '29700,2500', 'two payments on disk')
    // The page hears of the payment after the host has saved it: wait for it there too.
    await expect.poll(() => page.locator('[data-testid="reward-paid-entry"]').count()).toBe(2)
  })

  it('says it all in Japanese too', async () => {
    await page.locator('[data-testid="lang-ja"]').click()
    await tab('sheet')
    await enter(
      '[data-testid="guild-member"][data-member-id="seoni"] [data-testid="member-money"]',
      '１２e',
    )
    await expect(refusal().textContent()).resolves.toBe(
      '所持金（G）：「１２e」は数値ではありません。2500 のままです。×',
    )
    await expect(
      page.locator('[data-testid="notice"][data-key="refusal.not-enough-money"]').textContent(),
    ).resolves.toContain('Seoniの所持金は 100 G で、5000 G に足りません。')
    await noValidatorText()
    await page.screenshot({ path: join(screenshotDir, 'entry-refused-ja.png') })
    expect(rig.problems).toEqual([])
  })
})
