// `node --import ./register.mjs out/main/index.js`: the built main process on the stand-in Electron,
// driven by drive.mjs once the app is up.
import { register } from 'node:module'

register('./hooks.mjs', import.meta.url)
await import('./drive.mjs')
