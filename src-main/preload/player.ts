// Preload for the projector window: it may only ask for, and hear about, the player view.
import { contextBridge } from 'electron'
import { PLAYER_EVENTS, PLAYER_VERBS } from '../ipc/channels'
import { PLAYER_BRIDGE_KEY } from '../ipc/bridge'
import { makeBridge } from './bridge'

contextBridge.exposeInMainWorld(PLAYER_BRIDGE_KEY, makeBridge(PLAYER_VERBS, PLAYER_EVENTS))
