// The Arianrhod guild book (issue 17, seed 004) end to end: the real host on a fresh folder with
// the bundled sample campaign, headless Chromium at 1366×768 in Japanese, and the campaign file
// on disk checked after each step that matters.
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignSchema, type Campaign } from '@core/campaign/schema'
import { openCampaign, waitConnected } from './gm-page'
import { eventually, repo, startRig, type Rig } from './harness'

const SAMPLE = 'sample-campaign'
const shots = join(repo, '.tmp', 'screenshots')
let rig: Rig
let page: Page

async function onDisk(): Promise<Campaign> {
  await rig.host.flush()
  return campaignSchema.parse(
    JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${SAMPLE}.json`), 'utf8')),
  )
}

async function moneyOnDisk(): Promise<number[]> {
  return (await onDisk()).guild!.members.map((m) => m.money)
}

async function moneyOnScreen(): Promise<number[]> {
  return page
    .locator('[data-testid="member-money"]')
    .evaluateAll((inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)))
}

async function tab(name: string): Promise<void> {
  await page.locator(`[data-testid="guild-tab"][data-tab="${name}"]`).click()
}

async function addMember(name: string, player: string, cl: number): Promise<void> {
  const before = await page.locator('[data-testid="guild-member"]').count()
  await page.locator('[data-testid="new-member-name"]').fill(name)
  await page.locator('[data-testid="new-member-player"]').fill(player)
  await page.locator('[data-testid="new-member-cl"]').fill(String(cl))
  await page.locator('[data-testid="add-member"]').click()
  await page.locator('[data-testid="guild-member"]').nth(before).waitFor()
}

async function openGuild(): Promise<void> {
  await waitConnected(page)
  await openCampaign(page, SAMPLE)
  await page.locator('[data-testid="guild-open"]').click()
  await page.locator('[data-testid="guild-book"]').waitFor()
}

describe('guild book (seed 004)', () => {
  beforeAll(async () => {
    // 2D6 for the loot table: 3 + 4 = 7 (MPポーション); then チョウ's 《スティール》 drop roll: 4 + 5 = 9.
    rig = await startRig(undefined, {
      name: 'guild',
      locale: 'ja-JP',
      viewport: { width: 1366, height: 768 },
      dice: [3, 4, 4, 5],
    })
    page = await rig.newPage()
    await mkdir(shots, { recursive: true })
    await openGuild()
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('creates a guild with PCs at CL 3, 8 and 14, 《名声》 and one 《トレジャーマニア》', async () => {
    await page.locator('[data-testid="guild-new-name"]').fill('銀の翼')
    await page.locator('[data-testid="guild-create"]').click()
    await page.locator('[data-testid="guild-name"]').waitFor()
    await addMember('アユ', '佐藤', 3)
    await addMember('ベン', '鈴木', 8)
    await addMember('チョウ', '高橋', 14)
    await page
      .locator('[data-testid="guild-member"]')
      .nth(2)
      .locator('[data-testid="member-treasure-mania"]')
      .check()
    // Supports acquired (取得) versus taken this scenario (選択), one with a use counter.
    for (const [name, uses] of [
      ['名声', ''],
      ['ギルドハウス', ''],
      ['蘇生', '1'],
    ]) {
      const before = await page.locator('[data-testid="guild-support"]').count()
      await page.locator('[data-testid="new-support"]').fill(name)
      await page.locator('[data-testid="new-support-uses"]').fill(uses)
      await page.locator('[data-testid="add-support"]').click()
      await page.locator('[data-testid="guild-support"]').nth(before).waitFor()
    }
    await page
      .locator('[data-testid="guild-support"]')
      .nth(0)
      .locator('[data-testid="support-selected"]')
      .check()
    await page
      .locator('[data-testid="guild-support"]')
      .nth(2)
      .locator('[data-testid="support-selected"]')
      .check()
    await eventually(
      async () => (await onDisk()).guild!.supports.filter((x) => x.selected).length === 2,
      'two supports taken on disk',
    )
    // The rule guild master, chosen among those present, is locked until the session ends.
    const ayu = (await onDisk()).guild!.members[0]
    await page.locator('[data-testid="guild-master"]').selectOption(ayu.id)
    await eventually(
      async () => (await onDisk()).guild!.ruleMasterId === ayu.id,
      'the rule guild master on disk',
    )
    await page.locator('[data-testid="guild-master"]:disabled').waitFor()
    await tab('reward')
    await page.locator('[data-testid="reward-fame"]').check()
    await eventually(async () => (await onDisk()).guild?.fame === true, 'the 《名声》 flag on disk')
    const guild = (await onDisk()).guild!
    expect(guild.members.map((m) => [m.name, m.player, m.cl, m.treasureMania])).toEqual([
      ['アユ', '佐藤', 3, false],
      ['ベン', '鈴木', 8, false],
      ['チョウ', '高橋', 14, true],
    ])
    expect(guild.supports.map((x) => [x.name, x.selected, x.uses ?? null])).toEqual([
      ['名声', true, null],
      ['ギルドハウス', false, null],
      ['蘇生', true, { max: 1, used: 0 }],
    ])
  })

  it('runs the milestone: every CL +1, GL +1, one pending pick each', async () => {
    await tab('growth')
    await page.locator('[data-testid="guild-milestone"]').click()
    await eventually(async () => (await onDisk()).guild!.level === 2, 'GL 2 on disk')
    expect((await onDisk()).guild!.members.map((m) => [m.cl, m.pendingPicks])).toEqual([
      [4, 1],
      [9, 1],
      [15, 1],
    ])
    await page.locator('[data-testid="pending-picks"]', { hasText: '1' }).first().waitFor()
  })

  it('shows the 戦利金 arithmetic per PC, credits it on confirm, and undoes and redoes it', async () => {
    await tab('reward')
    const formulas = await page.locator('[data-testid="reward-formula"]').allTextContents()
    // CL 4: (4+1)×600 = 3000 × 110 % = 3300; CL 9: (9+1)×900 = 9000 × 110 % = 9900;
    // CL 15 with 《トレジャーマニア》: (15+1)×1200 = 19200 × 120 % = 23040.
    expect(formulas).toEqual([
      '(4+1)×600G = 3000G × 110% = 3300G',
      '(9+1)×900G = 9000G × 110% = 9900G',
      '(15+1)×1200G = 19200G × 120% = 23040G',
    ])
    await page.locator('[data-testid="reward-confirm"]').click()
    await tab('sheet')
    await eventually(
      async () => (await moneyOnScreen()).join() === '3300,9900,23040',
      'money on screen',
    )
    expect(await moneyOnDisk()).toEqual([3300, 9900, 23040])

    await page.locator('[data-testid="guild-undo"]').click()
    await eventually(
      async () => (await moneyOnScreen()).join() === '0,0,0',
      'money undone on screen',
    )
    await eventually(async () => (await moneyOnDisk()).join() === '0,0,0', 'money undone on disk')
    await page.locator('[data-testid="guild-redo"]').click()
    await eventually(
      async () => (await moneyOnScreen()).join() === '3300,9900,23040',
      'money redone on screen',
    )
    await eventually(
      async () => (await moneyOnDisk()).join() === '3300,9900,23040',
      'money redone on disk',
    )
    await page.screenshot({ path: join(shots, 'guild-sheet-ja.png') })
  })

  it('rolls the loot table with an injected die and files the item into storage', async () => {
    await tab('items')
    await page.locator('[data-testid="loot-roll"]').click()
    await expect(page.locator('[data-testid="loot-result"]').textContent()).resolves.toContain(
      '2D6 = 7 [3,4]：MPポーション',
    )
    await page.locator('[data-testid="loot-file"]').click()
    await page
      .locator('[data-testid="guild-storage"] [data-testid="guild-item"]', {
        hasText: 'MPポーション ×1',
      })
      .waitFor()
    await eventually(
      async () =>
        (await onDisk()).guild!.items.some((i) => i.name === 'MPポーション' && i.holderId === null),
      'the item in storage on disk',
    )
    expect((await onDisk()).guild!.log.at(-1)!.text).toBe('+ MPポーション ×1 → 収納庫 (2D6 = 7)')
  })

  it('rolls 《スティール》 for チョウ with her 《トレジャーマニア》 and files the drop into her pack', async () => {
    const cho = (await onDisk()).guild!.members[2]
    await page.locator('[data-testid="steal-by"]').selectOption(cho.id)
    await page.locator('[data-testid="steal-roll"]').click()
    await expect(page.locator('[data-testid="steal-result"]').textContent()).resolves.toContain(
      '2D6 = 9 [4,5]',
    )
    await page.locator('[data-testid="steal-item"]').fill('ゴブリンの牙')
    await page.locator('[data-testid="steal-price"]').fill('500')
    // 《目利き》 not taken; チョウ's 《トレジャーマニア》: 500 × 110 % = 550 G.
    await expect(page.locator('[data-testid="steal-treasure-mania"]').isChecked()).resolves.toBe(
      true,
    )
    await expect(page.locator('[data-testid="steal-value"]').textContent()).resolves.toContain(
      '500G × 110% = 550G',
    )
    await page.locator('[data-testid="steal-file"]').click()
    await page
      .locator(`[data-testid="guild-pack"][data-holder="${cho.id}"] [data-testid="guild-item"]`, {
        hasText: 'ゴブリンの牙 ×1',
      })
      .waitFor()
    await eventually(
      async () =>
        (await onDisk()).guild!.items.some(
          (i) => i.holderId === cho.id && i.notes?.includes('550G'),
        ),
      "the stolen item in チョウ's pack on disk",
    )
    const file = await onDisk()
    expect(file.guild!.log.at(-1)!.text).toBe('+ ゴブリンの牙 ×1 → チョウ (《スティール》 2D6 = 9)')
    // Both 2D6 rolls are in the roll log, secret (bookkeeping, never on the player view).
    expect(file.rollLog!.map((r) => [r.who, r.dice, r.secret])).toEqual([
      ['GM', [3, 4], true],
      ['チョウ', [4, 5], true],
    ])
  })

  it('records a loan between PCs, shows it on both, and repays it', async () => {
    await tab('loans')
    const [ayu, ben] = (await onDisk()).guild!.members
    await page.locator('[data-testid="loan-lender"]').selectOption(ben.id)
    await page.locator('[data-testid="loan-borrower"]').selectOption(ayu.id)
    await page.locator('[data-testid="loan-amount"]').fill('500')
    await page.locator('[data-testid="loan-add"]').click()
    await page.locator('[data-testid="guild-loan"][data-repaid="false"]').waitFor()
    await expect(
      page.locator(`[data-testid="loan-summary"][data-member-id="${ayu.id}"]`).textContent(),
    ).resolves.toContain('ベンに500G借りている')
    await expect(
      page.locator(`[data-testid="loan-summary"][data-member-id="${ben.id}"]`).textContent(),
    ).resolves.toContain('アユに500G貸している')
    await eventually(
      async () => (await moneyOnDisk()).join() === '3800,9400,23040',
      'the loan moved on disk',
    )
    await page.locator('[data-testid="loan-repay"]').click()
    await page.locator('[data-testid="guild-loan"][data-repaid="true"]').waitFor()
    await eventually(
      async () => (await moneyOnDisk()).join() === '3300,9900,23040',
      'the repayment on disk',
    )
  })

  it('keeps everything after a reload, and prints the guild sheet alone', async () => {
    await page.reload()
    await openGuild()
    await eventually(
      async () => (await moneyOnScreen()).join() === '3300,9900,23040',
      'money after reload',
    )
    await expect(
      page
        .locator('[data-testid="member-cl"]')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).resolves.toEqual(['4', '9', '15'])
    await expect(page.locator('[data-testid="guild-level"]').inputValue()).resolves.toBe('2')
    await tab('growth')
    await expect(page.locator('[data-testid="pending-picks"]').allTextContents()).resolves.toEqual([
      '保留中の一般スキル 1',
      '保留中の一般スキル 1',
      '保留中の一般スキル 1',
    ])
    await tab('items')
    await page
      .locator('[data-testid="guild-storage"] [data-testid="guild-item"]', {
        hasText: 'MPポーション',
      })
      .waitFor()
    await tab('loans')
    await page.locator('[data-testid="guild-loan"][data-repaid="true"]').waitFor()

    await page.emulateMedia({ media: 'print' })
    const sheet = page.locator('[data-testid="guild-print-sheet"]')
    await expect(sheet.isVisible()).resolves.toBe(true)
    await expect(sheet.textContent()).resolves.toContain('ギルドシート「銀の翼」')
    await expect(page.locator('[data-testid="guild-tab"]').first().isVisible()).resolves.toBe(false)
    await page.screenshot({ path: join(shots, 'guild-print-ja.png'), fullPage: true })
    await page.emulateMedia({ media: 'screen' })

    // Ending the session frees the rule guild master and logs who came.
    await tab('sheet')
    await page.locator('[data-testid="guild-end-session"]').click()
    await eventually(async () => (await onDisk()).guild!.session === 2, 'session 2 on disk')
    // The page hears of the change after the host has saved it: wait for it there too.
    await page.locator('[data-testid="guild-master"]:enabled').waitFor()
    expect((await onDisk()).guild!.log.at(-1)!.text).toBe(
      'Session 1 ended — 出席 present: アユ、ベン、チョウ; 遅刻 late: —; 欠席 absent: —',
    )
    expect(rig.problems).toEqual([])
  })
})
