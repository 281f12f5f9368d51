// The fight through the verbs, with the real campaign service and BCDice on scripted dice: the
// initiative d20s and roll-offs come from BCDice in main; secret rolls and hidden combatants never
// reach the 'player.view' stream (the one feed of the projector and of every LAN browser); the roll
// log is saved, exported with the campaign and clearable.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCampaignService, type CampaignService } from '../campaign/service'
import type { Campaign } from '@core/campaign/schema'
import { runPrepared } from '@core/rules/scenario/run'
import { createDiceRoller, scriptedDice } from '../table/dice'
import type { HandlerResult } from '@core/contract/contract'
import { createHandlers, type Handlers } from './handlers'
import { followPlayerViews } from '@core/table/player-view-testing'

const ID = 'fight-verbs'
const at = '2026-11-24T20:00:00.000Z'

function campaignFile(): Record<string, unknown> {
  return {
    schemaVersion: 2,
    id: ID,
    name: 'Fight verbs',
    createdAt: at,
    updatedAt: at,
    notes: '',
    maps: [
      {
        id: 'pf',
        name: 'Room',
        system: 'pathfinder',
        width: 6,
        height: 3,
        tokens: [
          { id: 'left', name: 'Left', at: [0, 1], faction: 'party', initiative: 2 },
          { id: 'right', name: 'Right', at: [1, 1], faction: 'party', initiative: 2 },
          { id: 'ghost', name: 'Ghost', at: [3, 1], faction: 'enemy', initiative: 9, hidden: true },
        ],
        notes: '',
      },
    ],
  }
}

let dataDir: string
let service: CampaignService
let handlers: Handlers

async function start(dice: number[]): Promise<void> {
  handlers = createHandlers(
    service,
    { runPrepared },
    { logError: () => {}, dice: createDiceRoller(scriptedDice(dice)) },
  )
  value(await handlers.handle('campaign.import', { json: JSON.stringify(campaignFile()) }))
  value(await handlers.handle('campaign.open', { id: ID }))
}

function value<T = unknown>(result: HandlerResult): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.value as T
}

const campaign = async (): Promise<Campaign> =>
  value<{ campaign: Campaign }>(await handlers.handle('campaign.open', { id: ID })).campaign

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'grid-gm-fight-'))
  service = await createCampaignService({ dataDir, autosaveDelayMs: 10_000 })
})

afterEach(async () => {
  handlers?.dispose()
  await service.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the fight through the verbs', () => {
  it('rolls initiative and the roll-off with BCDice in main (「同点のもの同士で再びロール」)', async () => {
    // Main rolls 5 × 3 = 15 BCDice 1D20s: left 10+2, right 10+2, ghost 1+9 = 10; left and right
    // tie on total and modifier and roll off with the next two: 4 against 19, right first.
    await start([10, 10, 1, 4, 19, ...Array.from({ length: 10 }, () => 1)])
    value(
      await handlers.handle('campaign.dispatch', {
        id: ID,
        command: { type: 'fight.start', mapId: 'pf', tokenIds: ['left', 'right', 'ghost'], at },
      }),
    )
    const fight = (await campaign()).maps[0].fight!
    expect(fight.order.map((c) => [c.tokenId, c.count, c.roll, c.rerolls ?? []])).toEqual([
      ['right', 12, 10, [19]],
      ['left', 12, 10, [4]],
      ['ghost', 10, 1, []],
    ])
  })

  it('keeps secret rolls and hidden combatants off the player view (projector and LAN alike)', async () => {
    // Initiative: 15 d20s (left 5+2, right 10+2, ghost 12+9); then a public 1D20 (7), a secret 2D6 (3, 4), a public 2D6 (2, 5).
    await start([5, 10, 12, ...Array.from({ length: 12 }, () => 1), 7, 3, 4, 2, 5])
    const frames: string[] = []
    handlers.subscribe(
      'player.view',
      followPlayerViews((view) => frames.push(JSON.stringify(view))),
    )
    value(await handlers.handle('player.show', { target: { campaignId: ID, mapId: 'pf' } }))
    value(
      await handlers.handle('campaign.dispatch', {
        id: ID,
        command: { type: 'fight.start', mapId: 'pf', tokenIds: ['left', 'right', 'ghost'], at },
      }),
    )
    value(
      await handlers.handle('campaign.dispatch', {
        id: ID,
        command: { type: 'fight.options', mapId: 'pf', showOrder: true, showRolls: true },
      }),
    )
    // The ghost (21) has the first turn: the host builds no highlight the players could see.
    expect((await campaign()).maps[0].fight!.order[0].tokenId).toBe('ghost')
    value(
      await handlers.handle('dice.roll', { system: 'pathfinder', command: '1D20', campaignId: ID }),
    )
    value(
      await handlers.handle('dice.roll', {
        system: 'pathfinder',
        command: '2D6',
        secret: true,
        campaignId: ID,
      }),
    )
    value(
      await handlers.handle('dice.roll', { system: 'pathfinder', command: '2D6', campaignId: ID }),
    )
    frames.push(JSON.stringify(value(await handlers.handle('player.current', {}, 'player'))))

    const last = JSON.parse(frames.at(-1)!) as {
      map: {
        order: string[]
        turn: string | null
        rolls: Array<{ text: string }>
        tokens: Array<{ id: string; name?: string }>
      }
    }
    // By name: the player view may know the tokens by other ids than the GM's.
    expect(last.map.order.map((id) => last.map.tokens.find((t) => t.id === id)?.name)).toEqual([
      'Right',
      'Left',
    ])
    expect(last.map.turn).toBeNull()
    expect(last.map.rolls.map((r) => r.text)).toEqual([
      '(2D6) ＞ 7[2,5] ＞ 7',
      '(1D20) ＞ 7',
      'Initiative (1D20+2) ＞ 5 ＞ 7',
      'Initiative (1D20+2) ＞ 10 ＞ 12',
    ])
    const all = frames.join('\n')
    expect(all).not.toContain('[3,4]')
    expect(all).not.toMatch(/ghost|Ghost|＞ 12 ＞ 21/)
    // The GM's log has all of them, the secret one marked.
    expect((await campaign()).rollLog!.filter((r) => r.secret).map((r) => r.text)).toEqual([
      '(2D6) ＞ 7[3,4] ＞ 7',
    ])
  })

  it('saves the roll log with the campaign, exports it, and clears it', async () => {
    await start([6, 6])
    value(
      await handlers.handle('dice.roll', {
        system: 'arianrhod',
        command: '2D6+3>=10',
        campaignId: ID,
        who: 'Aria',
      }),
    )
    const exported = JSON.parse(
      value<string>(await handlers.handle('campaign.export', { id: ID })),
    ) as { campaign: Campaign }
    expect(exported.campaign.rollLog).toEqual([
      expect.objectContaining({
        who: 'Aria',
        command: '2D6+3>=10',
        dice: [6, 6],
        total: 15,
        success: true,
        critical: true,
        secret: false,
      }),
    ])
    value(await handlers.handle('campaign.dispatch', { id: ID, command: { type: 'roll.clear' } }))
    expect((await campaign()).rollLog).toEqual([])
    // One undo brings the cleared log back.
    value(await handlers.handle('campaign.undo', { id: ID }))
    expect((await campaign()).rollLog).toHaveLength(1)
  })
})
