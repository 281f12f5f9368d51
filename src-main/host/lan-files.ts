// What the LAN server may serve (issue 11.10): the player page, the files its bundle loads and
// the join page, nothing else. Paths are decoded and normalised before any check, so encoded
// traversal (`/assets/..%2fgm.html`, `%2e%2e`) can never reach the GM page.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The decoded, normalised request path, or null when it is malformed or climbs out. */
export function lanRequestPath(rawPathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(rawPathname)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return null
  const parts = decoded.split('/').slice(1)
  if (parts.some((part) => part === '..' || part === '.')) return null
  return '/' + parts.join('/')
}

const REFERENCE = /(?:src|href)="(?:\.\/|\/)?(assets\/[A-Za-z0-9_.-]+)"/g
const IMPORT = /["'](?:\.\/)([A-Za-z0-9_.-]+\.(?:js|css))["']/g
const CSS_URL = /url\((?:["']?)(?:\.\/)?([A-Za-z0-9_.-]+)(?:["']?)\)/g

/** The player bundle's files, found from player.html and followed through imports and CSS urls. */
export async function playerBundleFiles(staticDir: string): Promise<Set<string>> {
  const files = new Set<string>()
  const html = await readFile(join(staticDir, 'player.html'), 'utf8').catch(() => '')
  const queue = [...html.matchAll(REFERENCE)].map((m) => `/${m[1]}`)
  while (queue.length > 0) {
    const file = queue.pop()!
    if (files.has(file)) continue
    files.add(file)
    if (!/\.(js|css)$/.test(file)) continue
    const text = await readFile(join(staticDir, file), 'utf8').catch(() => '')
    const pattern = file.endsWith('.css') ? CSS_URL : IMPORT
    for (const match of text.matchAll(pattern)) queue.push(`/assets/${match[1]}`)
  }
  return files
}

export const JOIN_COOKIE = 'gm-lan-join'

export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

/** The join page: a field for the code, in English and Japanese, with no script. */
export function joinPage(wrong: boolean): string {
  const message = wrong
    ? '<p class="wrong" role="alert">That code is not right: check it with the GM. / コードが違います。GMに確認してください。</p>'
    : ''
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Grid GM — join / 参加</title></head>
<body>
<h1>Grid GM</h1>
<p>Type the join code the GM shows. / GMが表示している参加コードを入力してください。</p>
${message}
<form method="get" action="/player.html">
<label>Join code / 参加コード <input name="code" autocomplete="off" autocapitalize="characters" maxlength="20" required autofocus /></label>
<button type="submit">Join / 参加</button>
</form>
</body></html>`
}
