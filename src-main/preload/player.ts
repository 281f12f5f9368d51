// Preload for the projector window: it may only ask for, and hear about, the player view.
import { contextBridge } from 'electron'
import { PLAYER_EVENTS, PLAYER_VERBS } from '@core/contract/channels'
import { PLAYER_BRIDGE_KEY } from '@core/contract/bridge'
import { makeBridge } from './bridge'

contextBridge.exposeInMainWorld(PLAYER_BRIDGE_KEY, makeBridge(PLAYER_VERBS, PLAYER_EVENTS))
