// Argument parsing for `npm run web`, kept apart from the runner so it can be tested.
import { homedir } from 'node:os'
import { join } from 'node:path'

export const APP_NAME = 'grid-gm'
export const DEFAULT_PORT = 5199

export interface HostCliOptions {
  dataDir: string
  port: number
}

/** The same folder Electron's app.getPath('userData') uses for this app name. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_NAME)
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_NAME)
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_NAME)
}

export const USAGE = `Usage: npm run web -- [--data DIR] [--port N]
  --data DIR   campaign folder (default: ${defaultDataDir()})
  --port N     port on 127.0.0.1, 0 for any free one (default: ${DEFAULT_PORT})`

export function parseHostArgs(
  argv: readonly string[],
  dataDirDefault = defaultDataDir(),
): HostCliOptions {
  const options: HostCliOptions = { dataDir: dataDirDefault, port: DEFAULT_PORT }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined]
    const value = (): string => {
      const v = inline ?? argv[++i]
      if (v === undefined || v === '') throw new Error(`${flag} needs a value.\n${USAGE}`)
      return v
    }
    if (flag === '--data') options.dataDir = value()
    else if (flag === '--port') {
      const text = value()
      const port = Number(text)
      if (!/^\d+$/.test(text) || port > 65535)
        throw new Error(`--port must be 0–65535, not ${text}.\n${USAGE}`)
      options.port = port
    } else throw new Error(`Unknown argument: ${arg}\n${USAGE}`)
  }
  return options
}
