// Where the browser gives no WebGL (happy-dom has none), the panel says so instead of failing.
import { render } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import type { GmApi } from '../../lib/api'
import { translate, type MessageKey, type MessageParams } from '../../lib/i18n'
import { GmSession } from '../../state/session.svelte'
import HeightView from './HeightView.svelte'
import { sampleMap } from './test-support'
import { probeWebgl } from './webgl'

/** A connection that is never opened: nothing in this test may reach main. */
const offline: GmApi = {
  call: () => Promise.reject(new Error('offline')),
  on: () => () => {},
  onConnection: () => () => {},
}

describe('HeightView without WebGL', () => {
  it('finds no WebGL here', () => {
    expect(probeWebgl()).toMatchObject({ available: false })
  })

  it('shows the message in the current language and no canvas', () => {
    const session = new GmSession(offline)
    const { getByTestId, container } = render(HeightView, {
      session,
      map: sampleMap('arianrhod-sample'),
      t: (key: MessageKey, params?: MessageParams) => translate('ja', key, params),
    })
    expect(getByTestId('height-no-webgl').textContent).toBe(translate('ja', 'height.noWebgl'))
    expect(getByTestId('height-view').getAttribute('data-webgl')).toBe('no')
    expect(container.querySelector('canvas')).toBeNull()
  })
})
