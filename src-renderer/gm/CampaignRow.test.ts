// Opening a campaign starts when the pointer goes down on Open (issue 29), and the click that
// ends the press does not open it a second time; Enter (a click with no press) still opens.
import { cleanup, fireEvent, render } from '@testing-library/svelte'
import { afterEach, describe, expect, it } from 'vitest'
import type { CampaignSummary } from '@core/campaign/schema'
import { CampaignListState } from '../state/campaign-list.svelte'
import { StatusLine } from '../state/status-line.svelte'
import CampaignRow from './CampaignRow.svelte'
import { english, offline } from './page-test-support'

const summary: CampaignSummary = {
  id: 'c1',
  name: 'Keep',
  updatedAt: '2026-11-27T00:00:00.000Z',
  mapCount: 2,
}

function row(): { opened: string[]; button: HTMLElement } {
  const opened: string[] = []
  const list = new CampaignListState(offline, new StatusLine(), (id) => {
    opened.push(id)
    return Promise.resolve()
  })
  const { getByTestId } = render(CampaignRow, {
    list,
    summary,
    t: english,
    onExport: () => {},
  })
  return { opened, button: getByTestId('open-campaign') }
}

const press = { button: 0, isPrimary: true, pointerId: 1, pointerType: 'mouse' }

afterEach(cleanup)

describe('CampaignRow Open', () => {
  it('starts opening when the pointer goes down, before the click', async () => {
    const { opened, button } = row()
    await fireEvent.pointerDown(button, press)
    expect(opened).toEqual(['c1'])
  })

  it('a press and the click that ends it open the campaign once', async () => {
    const { opened, button } = row()
    await fireEvent.pointerDown(button, press)
    await fireEvent.pointerUp(button, press)
    await fireEvent.click(button, { button: 0, detail: 1 })
    expect(opened).toEqual(['c1'])
  })

  it('Enter (a click with no press) opens once', async () => {
    const { opened, button } = row()
    await fireEvent.click(button, { detail: 0 })
    expect(opened).toEqual(['c1'])
  })

  it('a press dragged off Open, then Enter, opens again', async () => {
    const { opened, button } = row()
    await fireEvent.pointerDown(button, press)
    await fireEvent.click(button, { detail: 0 })
    expect(opened).toEqual(['c1', 'c1'])
  })

  it('a right-button press opens nothing', async () => {
    const { opened, button } = row()
    await fireEvent.pointerDown(button, { ...press, button: 2 })
    expect(opened).toEqual([])
  })
})
