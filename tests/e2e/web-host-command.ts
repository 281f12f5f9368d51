// How a checkout's `npm run web` starts its host: `node [flags] out/main/host.js`, read from its
// package.json, so the end-to-end test and the campaign-page bench start the host as it ships.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Node's arguments for `repo`'s built web host as its `npm run web` script gives them (the flags,
 * then the built entry's path), or undefined when the script does not run the built host or it
 * is not built.
 */
export function webHostCommand(repo: string): string[] | undefined {
  const built = join(repo, 'out/main/host.js')
  const script = (
    JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>
    }
  ).scripts?.web
  const match = /\bnode((?: --[\w-]+(?:=\S+)?)*) out\/main\/host\.js/.exec(script ?? '')
  if (!match || !existsSync(built)) return undefined
  return [...match[1].split(' ').filter(Boolean), built]
}
