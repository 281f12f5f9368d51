// resources/ must be found however the app was started (issue 11.12): `npm start` (electron-vite
// preview runs `electron .`, app path = the repository), `electron out/main/index.js` (the
// Electron end-to-end test; app path = out/main, where the old app-path lookup found nothing),
// and a packaged app (the files sit in process.resourcesPath, beside app.asar).
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resourceFile, resourcesDir, SHIPPED_RESOURCES, type ResourceLayout } from './resources'

let root: string
let repo: string
let installed: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'grid-gm-resources-'))
  // An unpackaged checkout after `electron-vite build`.
  repo = join(root, 'repo')
  await mkdir(join(repo, 'out', 'main'), { recursive: true })
  await mkdir(join(repo, 'resources'))
  await writeFile(join(repo, 'out', 'main', 'index.js'), '')
  // A packaged app as electron-builder lays it out on Linux and Windows (macOS: Contents/Resources).
  installed = join(root, 'opt', 'Grid GM', 'resources')
  await mkdir(join(installed, 'app.asar', 'out', 'main'), { recursive: true })
  for (const name of SHIPPED_RESOURCES) {
    await writeFile(join(repo, 'resources', name), name)
    await writeFile(join(installed, name), name)
  }
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

/** Electron's own values in each way of starting the app. */
function layouts(): Record<string, ResourceLayout & { appPath: string }> {
  const electronDist = join(root, 'node_modules', 'electron', 'dist', 'resources')
  return {
    'npm start (electron .)': {
      isPackaged: false,
      resourcesPath: electronDist,
      mainDir: join(repo, 'out', 'main'),
      appPath: repo,
    },
    'electron out/main/index.js': {
      isPackaged: false,
      resourcesPath: electronDist,
      mainDir: join(repo, 'out', 'main'),
      appPath: join(repo, 'out', 'main'),
    },
    packaged: {
      isPackaged: true,
      resourcesPath: installed,
      mainDir: join(installed, 'app.asar', 'out', 'main'),
      appPath: join(installed, 'app.asar'),
    },
  }
}

describe('resourcesDir', () => {
  it.each(['npm start (electron .)', 'electron out/main/index.js', 'packaged'])(
    'finds every shipped resource when started by %s',
    (name) => {
      const layout = layouts()[name]
      for (const file of SHIPPED_RESOURCES)
        expect(existsSync(resourceFile(layout, file)), `${file}`).toBe(true)
    },
  )

  it('does not depend on the app path (out/main when started on the script)', () => {
    const { 'electron out/main/index.js': direct, 'npm start (electron .)': viaPreview } = layouts()
    expect(direct.appPath).not.toBe(viaPreview.appPath)
    expect(resourcesDir(direct)).toBe(resourcesDir(viaPreview))
    expect(existsSync(join(direct.appPath, 'resources'))).toBe(false)
  })

  it('uses process.resourcesPath when packaged, never the Electron checkout’s', () => {
    expect(resourcesDir(layouts().packaged)).toBe(installed)
    expect(resourcesDir(layouts()['npm start (electron .)'])).toBe(join(repo, 'resources'))
  })

  it('finds this repository’s resources from its built main script', () => {
    const repository = fileURLToPath(new URL('../../', import.meta.url))
    const layout = {
      isPackaged: false,
      resourcesPath: '/nonexistent',
      mainDir: join(repository, 'out', 'main'),
    }
    for (const file of SHIPPED_RESOURCES)
      expect(existsSync(resourceFile(layout, file)), file).toBe(true)
  })
})
