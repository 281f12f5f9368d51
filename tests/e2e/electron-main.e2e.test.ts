// The built main process (out/main/index.js) started the way the Electron end-to-end test starts
// it (`electron out/main/index.js`), on a stand-in for the `electron` module
// (stand-in-electron/), since the Electron binary cannot be downloaded here. It checks the wiring
// that the unit tests of src-main/desktop/ cannot: resources found from out/main (issue 11.12),
// pages from app:// with the CSP header and no way out of out/renderer (11.14), the menu's Edit
// roles and its language following `ui.setLocale` (11.13), navigation refused in every frame,
// and the projector closing with the GM window (11.13).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repo } from './harness'

interface Fetched {
  status: number
  type: string | null
  csp: string | null
  body: string
}

interface Report {
  errors: string[]
  calls: string[]
  schemes: { scheme: string; privileges: Record<string, boolean> }[]
  gmUrl: string
  gmWebPreferences: Record<string, unknown>
  page: Fetched
  escapes: Record<string, number>
  sampleCampaign: boolean
  menuBefore: string[]
  editRoles: string[]
  setLocale: unknown
  menuAfter: string[]
  foreignFrame: { ok: boolean; error?: { code: string } }
  badLocale: { ok: boolean; error?: { code: string } }
  frameNavigationPrevented: boolean
  popUp: unknown
  projectorUrl: string
  projectorClosedWithGm: boolean
}

const mainEntry = join(repo, 'out', 'main', 'index.js')
let dataDir: string
let report: Report

beforeAll(async () => {
  if (!existsSync(mainEntry))
    throw new Error('No built main process; run `npx electron-vite build` first.')
  dataDir = await mkdtemp(join(tmpdir(), 'grid-gm-stand-in-'))
  const file = join(dataDir, 'report.json')
  const run = spawnSync(
    process.execPath,
    ['--import', './tests/e2e/stand-in-electron/register.mjs', mainEntry],
    {
      cwd: repo,
      env: {
        ...process.env,
        GRID_GM_USER_DATA: join(dataDir, 'user-data'),
        STAND_IN_REPORT: file,
        ELECTRON_RENDERER_URL: 'http://localhost:5173',
      },
      encoding: 'utf8',
      timeout: 100_000,
    },
  )
  if (!existsSync(file))
    throw new Error(
      `The main process wrote no report (exit ${run.status}):\n${run.stderr}\n${run.stdout}`,
    )
  report = JSON.parse(await readFile(file, 'utf8')) as Report
})

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('the built main process on a stand-in Electron', () => {
  it('starts without an error', () => {
    expect(report.errors).toEqual([])
  })

  it('finds resources/ from out/main and seeds the sample campaign', () => {
    expect(report.sampleCampaign).toBe(true)
  })

  it('registers app:// as a secure standard scheme before ready and serves it after', () => {
    expect(report.calls.slice(0, 3)).toEqual(['registerSchemes', 'ready', 'protocol.handle app'])
    expect(report.schemes).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ])
  })

  it('loads the GM page from app://, not file:// nor a stray ELECTRON_RENDERER_URL, in a sandboxed window', () => {
    expect(report.gmUrl).toBe('app://grid-gm/gm.html#open=latest')
    expect(report.gmWebPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    })
  })

  it('serves the built page with its MIME type and the CSP header, and nothing outside out/renderer', () => {
    expect(report.page.status).toBe(200)
    expect(report.page.type).toBe('text/html; charset=utf-8')
    expect(report.page.csp).toContain("script-src 'self'")
    expect(report.page.csp).toContain("frame-ancestors 'none'")
    expect(report.page.body).toContain('<div id="app">')
    for (const [path, status] of Object.entries(report.escapes)) expect(status, path).toBe(404)
  })

  it('has an Edit menu with the undo, redo, cut, copy and paste roles', () => {
    expect(report.menuBefore).toEqual(['File', 'Edit', 'View'])
    expect(report.editRoles).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste']),
    )
  })

  it('rebuilds the menu in the language the page reports, validating the verb and its sender', () => {
    expect(report.setLocale).toEqual({ ok: true, value: null })
    expect(report.menuAfter).toEqual(['ファイル', '編集', '表示'])
    expect(report.foreignFrame.error?.code).toBe('forbidden')
    expect(report.badLocale.error?.code).toBe('bad-argument')
  })

  it('refuses navigation in any frame and pop-ups', () => {
    expect(report.frameNavigationPrevented).toBe(true)
    expect(report.popUp).toEqual({ action: 'deny' })
  })

  it('opens the projector from the View menu and closes it with the GM window', () => {
    expect(report.projectorUrl).toBe('app://grid-gm/player.html')
    expect(report.projectorClosedWithGm).toBe(true)
  })
})
