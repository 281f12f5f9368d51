// For component tests of the GM page in happy-dom: a connection that never answers, the English
// wording, and what happy-dom lacks for the board (a ResizeObserver that reports when the test
// says, a 2D canvas context, Path2D).
import { vi } from 'vitest'
import type { GmApi } from '../lib/api'
import { translate, type MessageKey, type MessageParams } from '../lib/i18n'

/** A connection that is never opened: nothing in these tests may reach main. */
export const offline: GmApi = {
  call: () => new Promise(() => {}),
  on: () => () => {},
  onConnection: () => () => {},
}

export const english = (key: MessageKey, params?: MessageParams): string =>
  translate('en', key, params)

const observers: Array<{ callback: ResizeObserverCallback; targets: Element[] }> = []

class RecordingResizeObserver {
  private readonly record: { callback: ResizeObserverCallback; targets: Element[] }
  constructor(callback: ResizeObserverCallback) {
    this.record = { callback, targets: [] }
    observers.push(this.record)
  }
  observe(target: Element): void {
    this.record.targets.push(target)
  }
  unobserve(target: Element): void {
    this.record.targets = this.record.targets.filter((t) => t !== target)
  }
  disconnect(): void {
    this.record.targets = []
  }
}

export function isObserved(target: Element): boolean {
  return observers.some((o) => o.targets.includes(target))
}

/** Reports a content-box size for `target`, as the browser does after laying a frame out. */
export function reportSize(target: Element, width: number, height: number): void {
  for (const { callback, targets } of observers) {
    if (!targets.includes(target)) continue
    const entry = {
      target,
      contentRect: { width, height, x: 0, y: 0, top: 0, left: 0, right: width, bottom: height },
      contentBoxSize: [{ inlineSize: width, blockSize: height }],
      borderBoxSize: [{ inlineSize: width + 2, blockSize: height + 2 }],
      devicePixelContentBoxSize: [{ inlineSize: width, blockSize: height }],
    } as unknown as ResizeObserverEntry
    callback([entry], {} as ResizeObserver)
  }
}

/** A 2D context that takes every call (happy-dom draws nothing). */
function anyContext(): CanvasRenderingContext2D {
  const target: Record<string | symbol, unknown> = {}
  return new Proxy(target, {
    get: (t, key) =>
      key in t ? t[key] : key === 'measureText' ? () => ({ width: 10 }) : () => undefined,
    set: (t, key, value) => {
      t[key] = value
      return true
    },
  }) as unknown as CanvasRenderingContext2D
}

/** Installs the board's missing browser parts; answers the undo. */
export function installBoardStubs(): () => void {
  observers.length = 0
  vi.stubGlobal('ResizeObserver', RecordingResizeObserver)
  vi.stubGlobal(
    'Path2D',
    class {
      moveTo(): void {}
      lineTo(): void {}
      rect(): void {}
      arc(): void {}
      closePath(): void {}
    },
  )
  const getContext = HTMLCanvasElement.prototype.getContext
  HTMLCanvasElement.prototype.getContext = (() =>
    anyContext()) as unknown as typeof HTMLCanvasElement.prototype.getContext
  return () => {
    HTMLCanvasElement.prototype.getContext = getContext
    vi.unstubAllGlobals()
  }
}
