import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../campaign/temp-dirs.testing'
import {
  defaultSettings,
  displayKey,
  openCalibrationStore,
  pxPerMm,
  rulerFactorFor,
  squarePixels,
} from './calibration'

const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await removeDir(dir)
})

describe('calibration', () => {
  it('computes px per mm from resolution and diagonal', () => {
    // a 24" 1920×1080 screen: 2202.9 px over 609.6 mm
    expect(pxPerMm(1920, 1080, 24)).toBeCloseTo(3.6137, 3)
    const settings = {
      squareMm: 25.4,
      diagonalInches: 24,
      widthPx: 1920,
      heightPx: 1080,
      rulerFactor: 1,
    }
    expect(squarePixels(settings)).toBeCloseTo(91.79, 1)
    expect(squarePixels({ ...settings, squareMm: 25 })).toBeCloseTo(90.34, 1)
    expect(squarePixels({ ...settings, rulerFactor: 1.1 })).toBeCloseTo(100.97, 1)
  })

  it('derives the ruler factor from a measurement', () => {
    const settings = {
      squareMm: 25,
      diagonalInches: 24,
      widthPx: 1920,
      heightPx: 1080,
      rulerFactor: 1,
    }
    // the 10-square ruler should be 250 mm but measures 200 mm: scale up by 1.25
    expect(rulerFactorFor(settings, 200)).toBeCloseTo(1.25)
    expect(rulerFactorFor({ ...settings, rulerFactor: 1.25 }, 250)).toBeCloseTo(1.25)
    expect(rulerFactorFor(settings, 0)).toBe(1)
    expect(rulerFactorFor(settings, 1)).toBe(4)
  })

  it('keys displays by name and size, and saves settings per display atomically', async () => {
    expect(displayKey({ id: 7, label: 'EPSON', size: { width: 1920, height: 1080 } })).toBe(
      'EPSON 1920x1080',
    )
    expect(displayKey({ id: 7, label: '', size: { width: 1280, height: 720 } })).toBe(
      'display-7 1280x720',
    )
    const dir = await makeTempDir('gm-calibration-')
    dirs.push(dir)
    const store = await openCalibrationStore(dir)
    expect(store.get('EPSON 1920x1080')).toBeNull()
    const settings = {
      ...defaultSettings({ key: 'x', label: 'x', widthPx: 1920, heightPx: 1080, scaleFactor: 1 }),
      squareMm: 25,
    }
    await store.set('EPSON 1920x1080', settings)
    const reopened = await openCalibrationStore(dir)
    expect(reopened.get('EPSON 1920x1080')).toEqual(settings)
    expect(reopened.get('other')).toBeNull()
    await expect(store.set('bad', { ...settings, squareMm: -1 })).rejects.toThrow()
    await fs.writeFile(path.join(dir, 'displays.json'), '{not json')
    expect((await openCalibrationStore(dir)).get('EPSON 1920x1080')).toBeNull()
  })
})
