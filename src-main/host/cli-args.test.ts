import { describe, expect, it } from 'vitest'
import { DEFAULT_PORT, defaultDataDir, parseHostArgs } from './cli-args'

describe('defaultDataDir', () => {
  it('matches Electron userData locations for the app name grid-gm', () => {
    expect(defaultDataDir('linux', {}, '/home/gm')).toBe('/home/gm/.config/grid-gm')
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/gm')).toBe('/cfg/grid-gm')
    expect(defaultDataDir('darwin', {}, '/Users/gm')).toBe(
      '/Users/gm/Library/Application Support/grid-gm',
    )
    expect(
      defaultDataDir('win32', { APPDATA: 'C:/Users/gm/AppData/Roaming' }, 'C:/Users/gm'),
    ).toMatch(/^C:\/Users\/gm\/AppData\/Roaming[\\/]grid-gm$/)
  })
})

describe('parseHostArgs', () => {
  it('uses the defaults', () => {
    expect(parseHostArgs([], '/d')).toEqual({ dataDir: '/d', port: DEFAULT_PORT })
  })
  it('reads --data and --port in both spellings', () => {
    expect(parseHostArgs(['--data', '/x', '--port', '0'], '/d')).toEqual({ dataDir: '/x', port: 0 })
    expect(parseHostArgs(['--data=/y', '--port=8080'], '/d')).toEqual({ dataDir: '/y', port: 8080 })
  })
  it('refuses bad input with the usage text', () => {
    expect(() => parseHostArgs(['--port', 'abc'])).toThrow(/--port/)
    expect(() => parseHostArgs(['--port', '70000'])).toThrow(/--port/)
    expect(() => parseHostArgs(['--data'])).toThrow(/needs a value/)
    expect(() => parseHostArgs(['--verbose'])).toThrow(/Unknown argument.*\n.*Usage/s)
  })
})
