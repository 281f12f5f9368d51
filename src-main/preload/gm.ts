// Preload for the GM window: every verb of the command contract and both events.
import { contextBridge } from 'electron'
import { EVENTS, GM_VERBS } from '@core/contract/channels'
import { GM_BRIDGE_KEY } from '@core/contract/bridge'
import { makeBridge } from './bridge'

contextBridge.exposeInMainWorld(GM_BRIDGE_KEY, makeBridge(GM_VERBS, EVENTS))
