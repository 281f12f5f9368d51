// Where the files under resources/ are at run time. Not from app.getAppPath(): that is the folder
// Electron was started on, which is the repository for `npm start` (`electron .`) but `out/main`
// for `electron out/main/index.js` (the Electron end-to-end test), where resources/ is not found.
// The built main script's own location is the same in both; a packaged app has them beside
// app.asar (electron-builder's extraResources, electron-builder.yml).
import { join, resolve } from 'node:path'

export interface ResourceLayout {
  /** Electron's app.isPackaged. */
  isPackaged: boolean
  /** Electron's process.resourcesPath: the installed app's resources folder (beside app.asar). */
  resourcesPath: string
  /** The folder of the built main script (out/main, inside app.asar when packaged). */
  mainDir: string
}

/** The shipped files, by name. electron-builder.yml copies exactly these; a test keeps them in step. */
export const SHIPPED_RESOURCES = ['sample-campaign.json', 'icon.png'] as const
export type ShippedResource = (typeof SHIPPED_RESOURCES)[number]

/** The folder holding the shipped resources. */
export function resourcesDir(layout: ResourceLayout): string {
  if (layout.isPackaged) return resolve(layout.resourcesPath)
  // out/main/index.js → <repository>/resources.
  return resolve(layout.mainDir, '..', '..', 'resources')
}

export function resourceFile(layout: ResourceLayout, name: ShippedResource): string {
  return join(resourcesDir(layout), name)
}
