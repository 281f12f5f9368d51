// Drives the built main process on the stand-in Electron, as a user and the pages would, and writes
// what it saw to $STAND_IN_REPORT as JSON for electron-main.e2e.test.ts to check.
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { app, standIn } from './electron.mjs'

const report = { errors: [] }

function once(event, test = () => true) {
  return new Promise((resolve) => {
    const listener = (value) => {
      if (!test(value)) return
      standIn.events.off(event, listener)
      resolve(value)
    }
    standIn.events.on(event, listener)
  })
}

async function fetchApp(url) {
  const response = await standIn.protocolHandlers.get('app')(new Request(url))
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    csp: response.headers.get('content-security-policy'),
    body: await response.text(),
  }
}

function invoke(win, verb, args, frameUrl = win.url) {
  const handler = standIn.ipcHandlers.get(`grid-gm:${verb}`)
  return handler({ sender: { id: win.webContents.id }, senderFrame: { url: frameUrl } }, args)
}

function topLabels(template) {
  return template.map((menu) => menu.label)
}

function findItem(template, test) {
  for (const menu of template) {
    for (const item of Array.isArray(menu.submenu) ? menu.submenu : []) if (test(item)) return item
  }
  return null
}

async function drive() {
  const gm = await once('load', (win) => win.url?.includes('gm.html'))
  report.calls = [...standIn.calls]
  report.schemes = standIn.schemes
  report.gmUrl = gm.url
  report.gmWebPreferences = gm.options.webPreferences
  report.page = await fetchApp(gm.url.split('#')[0])
  report.escapes = {}
  for (const path of ['/../package.json', '/%2e%2e/main/index.js', '/%2e%2e%2fpreload%2fgm.cjs']) {
    report.escapes[path] = (await fetchApp(`app://grid-gm${path}`)).status
  }
  report.sampleCampaign = existsSync(
    join(app.getPath('userData'), 'campaigns', 'sample-campaign.json'),
  )
  report.menuBefore = topLabels(standIn.menus.at(-1))
  report.editRoles = standIn.menus
    .at(-1)
    .find((menu) => menu.label === 'Edit')
    .submenu.map((item) => item.role ?? item.type)

  const rebuilt = once('menu')
  report.setLocale = await invoke(gm, 'ui.setLocale', { locale: 'ja' })
  report.menuAfter = topLabels(await rebuilt)
  report.foreignFrame = await invoke(gm, 'ui.setLocale', { locale: 'en' }, 'file:///tmp/evil.html')
  report.badLocale = await invoke(gm, 'ui.setLocale', { locale: 'fr' })

  let prevented = false
  gm.webContents.emit(
    'will-frame-navigate',
    { preventDefault: () => (prevented = true) },
    'https://example.com/',
  )
  report.frameNavigationPrevented = prevented
  report.popUp = gm.webContents.windowOpenHandler?.({ url: 'https://example.com/' })

  const projectorLoaded = once('load', (win) => win.url?.includes('player.html'))
  findItem(standIn.menus.at(-1), (item) => item.accelerator === 'CmdOrCtrl+Shift+P').click()
  const projector = await projectorLoaded
  report.projectorUrl = projector.url
  gm.close()
  report.projectorClosedWithGm = projector.isDestroyed()
}

// Not awaited at the top level: the main script loads only after this module has.
drive()
  .catch((error) => report.errors.push(String(error?.stack ?? error)))
  .then(() => writeFile(process.env.STAND_IN_REPORT, JSON.stringify(report, null, 2)))
  .then(() => process.exit(0))
