// Packaging (issue 11.15) as far as it can be checked without the Electron binary: the
// electron-builder config loads and validates with electron-builder's own loader and schema, names
// the four installers and real icons, ships exactly the resources the app reads (found again from
// a simulated process.resourcesPath), flips the fuses (11.14) through electron-builder's own fuse
// code, and installing stays offline-safe.
import { existsSync, readFileSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Configuration, FuseOptionsV1 } from 'app-builder-lib'
import { describe, expect, it } from 'vitest'
import { resourceFile, SHIPPED_RESOURCES } from '../../src-main/desktop/resources'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const require = createRequire(import.meta.url)

interface ConfigModule {
  getConfig(
    projectDir: string,
    configPath: string | null,
    configFromOptions: null,
  ): Promise<Configuration>
  validateConfiguration(
    config: Configuration,
    debugLogger: { isEnabled: boolean; add(key: string, value: unknown): void },
  ): Promise<void>
}
const { getConfig, validateConfiguration } =
  require('app-builder-lib/out/util/config/config.js') as ConfigModule
const quietLogger = { isEnabled: false, add: () => {} }

async function loadConfig(): Promise<Configuration> {
  return getConfig(repo, null, null)
}

type TargetList = NonNullable<Configuration['linux']>['target']
function targetNames(target: TargetList): string[] {
  const list = Array.isArray(target) ? target : target ? [target] : []
  return list.map((entry) => (typeof entry === 'string' ? entry : entry.target))
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(
    png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    'PNG signature',
  ).toBe(true)
  expect(png.toString('ascii', 12, 16)).toBe('IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

// Loading electron-builder and compiling its schema takes seconds on a busy machine: the time
// limits are generous so that slowness never fails a test.
const SLOW = { timeout: 60_000 }

describe('electron-builder.yml', SLOW, () => {
  it('loads with electron-builder’s loader and passes its schema', async () => {
    const config = await loadConfig()
    expect(config.productName).toBe('Grid GM')
    await expect(validateConfiguration(config, quietLogger)).resolves.toBeUndefined()
  })

  it('is really checked by that schema (an unknown option is refused)', async () => {
    const config = await loadConfig()
    const broken = { ...config, linux: { ...config.linux, notAnOption: true } } as Configuration
    await expect(validateConfiguration(broken, quietLogger)).rejects.toThrow(/configuration/i)
  })

  it('builds Linux AppImage and deb, Windows NSIS and a macOS dmg', async () => {
    const config = await loadConfig()
    expect(targetNames(config.linux?.target)).toEqual(['AppImage', 'deb'])
    expect(targetNames(config.win?.target)).toEqual(['nsis'])
    expect(targetNames(config.mac?.target)).toEqual(['dmg'])
  })

  it('packs the built app and its package.json, main entry included', async () => {
    const config = await loadConfig()
    const files = (config.files as { filter: string[] }[]).flatMap((set) => set.filter)
    expect(files).toEqual(expect.arrayContaining(['out/**/*', 'package.json']))
    const main = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).main as string
    expect(main.replace(/^\.\//, '')).toMatch(/^out\//)
    expect(config.asar).toBe(true)
  })

  it('ships exactly the resources the app reads, where it reads them when packaged', async () => {
    const config = await loadConfig()
    const extra = config.extraResources as { from: string; to?: string; filter: string[] }[]
    expect(extra).toHaveLength(1)
    expect(extra[0].from).toBe('resources')
    // The loader drops `to: .`: the root of process.resourcesPath is the default.
    const to = extra[0].to ?? '.'
    expect(to).toBe('.')
    expect([...extra[0].filter].sort()).toEqual([...SHIPPED_RESOURCES].sort())
    // Lay the files out as electron-builder would and look for them as the packaged app does.
    const resourcesPath = await mkdtemp(join(tmpdir(), 'grid-gm-packaged-'))
    try {
      for (const name of extra[0].filter)
        await copyFile(join(repo, extra[0].from, name), join(resourcesPath, to, name))
      await mkdir(join(resourcesPath, 'app.asar', 'out', 'main'), { recursive: true })
      const layout = {
        isPackaged: true,
        resourcesPath,
        mainDir: join(resourcesPath, 'app.asar', 'out', 'main'),
      }
      for (const name of SHIPPED_RESOURCES)
        expect(existsSync(resourceFile(layout, name)), name).toBe(true)
    } finally {
      await rm(resourcesPath, { recursive: true, force: true })
    }
  })

  it('flips the fuses: no RunAsNode, no NODE_OPTIONS or --inspect, cookie encryption, ASAR integrity', async () => {
    const config = await loadConfig()
    const fuses = config.electronFuses as FuseOptionsV1
    expect(fuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    })
    // electron-builder's own translation to @electron/fuses, as it runs at packaging time.
    const { PlatformPackager } = require('app-builder-lib') as {
      PlatformPackager: {
        prototype: {
          generateFuseConfig(fuses: FuseOptionsV1): Promise<Record<string | number, unknown>>
        }
      }
    }
    const { FuseV1Options } = require('@electron/fuses') as {
      FuseV1Options: Record<string, number>
    }
    const flipped = await PlatformPackager.prototype.generateFuseConfig.call({}, fuses)
    expect(flipped[FuseV1Options.RunAsNode]).toBe(false)
    expect(flipped[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false)
    expect(flipped[FuseV1Options.EnableCookieEncryption]).toBe(true)
    expect(flipped[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true)
    expect(flipped[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true)
    expect(flipped[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false)
  })
})

describe('the app icon', SLOW, () => {
  it('icon.png (Linux, window icon) is a 1024 × 1024 PNG with transparency', () => {
    const png = readFileSync(join(repo, 'resources', 'icon.png'))
    expect(pngSize(png)).toEqual({ width: 1024, height: 1024 })
    expect(png[25], 'colour type 6: RGBA').toBe(6)
  })

  it('icon.ico (Windows) holds PNGs from 16 to 256 px, each the size its entry says', () => {
    const ico = readFileSync(join(repo, 'resources', 'icon.ico'))
    expect(ico.readUInt16LE(0)).toBe(0)
    expect(ico.readUInt16LE(2)).toBe(1)
    const sizes: number[] = []
    for (let i = 0; i < ico.readUInt16LE(4); i++) {
      const entry = 6 + 16 * i
      const size = ico[entry] || 256
      const image = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      )
      expect(pngSize(image)).toEqual({ width: size, height: size })
      sizes.push(size)
    }
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 256]))
  })

  it('icon.icns (macOS) holds PNGs up to 1024 px under the right types', () => {
    const icns = readFileSync(join(repo, 'resources', 'icon.icns'))
    expect(icns.toString('ascii', 0, 4)).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const types = new Map<string, number>()
    for (let at = 8; at < icns.length;) {
      const type = icns.toString('ascii', at, at + 4)
      const length = icns.readUInt32BE(at + 4)
      types.set(type, pngSize(icns.subarray(at + 8, at + length)).width)
      at += length
    }
    expect(Object.fromEntries(types)).toMatchObject({ ic07: 128, ic08: 256, ic09: 512, ic10: 1024 })
  })

  it('is what the config names for each platform', async () => {
    const config = await loadConfig()
    expect(config.linux?.icon).toBe('resources/icon.png')
    expect(config.win?.icon).toBe('resources/icon.ico')
    expect(config.mac?.icon).toBe('resources/icon.icns')
  })

  it('is taken as it is by electron-builder’s icon step (no conversion, so no toolset download)', async () => {
    const config = await loadConfig()
    const { convertIcon } = require('app-builder-lib/out/util/iconConverter.js') as {
      convertIcon(options: {
        sources: string[]
        fallbackSources: string[]
        roots: string[]
        format: string
        outDir: string
      }): Promise<{
        icons: { file: string; size: number }[]
        isFallback: boolean
        error?: string
      }>
    }
    const outDir = await mkdtemp(join(tmpdir(), 'grid-gm-icons-'))
    try {
      const cases: [string | null | undefined, string, number][] = [
        [config.linux?.icon, 'set', 1024],
        [config.win?.icon, 'ico', 256],
        [config.mac?.icon, 'icns', 0],
      ]
      for (const [source, format, size] of cases) {
        const result = await convertIcon({
          sources: [source!],
          fallbackSources: [],
          roots: [join(repo, 'resources'), repo],
          format,
          outDir,
        })
        expect(result.error, format).toBeUndefined()
        expect(result.isFallback, format).toBe(false)
        expect(result.icons, format).toEqual([{ file: join(repo, source!), size }])
      }
    } finally {
      await rm(outDir, { recursive: true, force: true })
    }
  })
})

describe('installing stays offline-safe', () => {
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
    dependencies: Record<string, string>
    devDependencies: Record<string, string>
  }

  it('has no install scripts of its own, and electron-builder is a devDependency with a dist script', () => {
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect(pkg.scripts[hook], hook).toBeUndefined()
    expect(pkg.devDependencies['electron-builder']).toBeDefined()
    expect(pkg.dependencies['electron-builder']).toBeUndefined()
    expect(pkg.scripts.dist).toMatch(/electron-vite build && electron-builder/)
  })

  it('runs only install scripts that fetch nothing (each one reviewed)', () => {
    // esbuild: checks that its platform binary (an npm optionalDependency) is there.
    // electron-winstaller (electron-builder's Squirrel.Windows peer): copies a bundled 7-Zip.
    const reviewed = ['node_modules/esbuild', 'node_modules/electron-winstaller']
    const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>
    }
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path)
    expect(withScripts.sort()).toEqual(reviewed.sort())
  })
})
