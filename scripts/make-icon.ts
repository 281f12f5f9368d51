// Renders resources/icon.svg into the app icons electron-builder packs (`npm run icon`):
//   icon.png   1024×1024 (Linux AppImage / deb, the window icon, electron-builder's source)
//   icon.ico   16–256 px (Windows NSIS and the .exe)
//   icon.icns  16–1024 px (macOS dmg and the .app)
// Chromium draws every size from the SVG (no resampling of one bitmap); ICO and ICNS hold the PNGs
// as they are, which both formats allow.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { launchChromium } from '../tests/e2e/chromium'

const resources = fileURLToPath(new URL('../resources/', import.meta.url))

async function renderSizes(svg: string, sizes: readonly number[]): Promise<Map<number, Buffer>> {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 })
    const rendered = new Map<number, Buffer>()
    for (const size of sizes) {
      await page.setViewportSize({ width: size, height: size })
      const scaled = svg.replace('width="1024" height="1024"', `width="${size}" height="${size}"`)
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${scaled}</body></html>`,
      )
      rendered.set(
        size,
        await page.screenshot({
          omitBackground: true,
          clip: { x: 0, y: 0, width: size, height: size },
        }),
      )
    }
    return rendered
  } finally {
    await browser.close()
  }
}

/** ICO: a directory of PNG images (Windows Vista and later read PNG entries). */
function ico(images: [number, Buffer][]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  const entries: Buffer[] = []
  let offset = 6 + 16 * images.length
  for (const [size, png] of images) {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size >= 256 ? 0 : size, 0)
    entry.writeUInt8(size >= 256 ? 0 : size, 1)
    entry.writeUInt16LE(1, 4)
    entry.writeUInt16LE(32, 6)
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    entries.push(entry)
    offset += png.length
  }
  return Buffer.concat([header, ...entries, ...images.map(([, png]) => png)])
}

/** ICNS: typed PNG chunks (macOS 10.7+ reads PNG for all of these types). */
const ICNS_TYPES: [string, number][] = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['ic12', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256],
  ['ic09', 512],
  ['ic14', 512],
  ['ic10', 1024],
]

function icns(rendered: Map<number, Buffer>): Buffer {
  const chunks = ICNS_TYPES.map(([type, size]) => {
    const png = rendered.get(size)!
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(png.length + 8, 4)
    return Buffer.concat([head, png])
  })
  const body = Buffer.concat(chunks)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
const svg = await readFile(`${resources}icon.svg`, 'utf8')
const sizes = [...new Set([...ICO_SIZES, ...ICNS_TYPES.map(([, size]) => size), 1024])].sort(
  (a, b) => a - b,
)
const rendered = await renderSizes(svg, sizes)
await writeFile(`${resources}icon.png`, rendered.get(1024)!)
await writeFile(`${resources}icon.ico`, ico(ICO_SIZES.map((size) => [size, rendered.get(size)!])))
await writeFile(`${resources}icon.icns`, icns(rendered))
console.log(
  `wrote icon.png, icon.ico (${ICO_SIZES.join(', ')} px), icon.icns (${ICNS_TYPES.map(([, s]) => s).join(', ')} px)`,
)
