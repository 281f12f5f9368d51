// Which windows are open and of what kind (by their web contents' id, which is how IPC senders are
// checked), and what closing one means: the projector belongs to the GM window, so closing the GM
// window closes it too (else a frameless fullscreen window would be left on the table's display
// with nothing to control it). Plain objects, so it is tested without Electron.

export type WindowKind = 'gm' | 'player'

export interface ClosableWindow {
  close(): void
  isDestroyed(): boolean
}

export class WindowSet<W extends ClosableWindow> {
  private readonly open = new Map<number, { kind: WindowKind; window: W }>()

  add(contentsId: number, kind: WindowKind, window: W): void {
    this.open.set(contentsId, { kind, window })
  }

  kindOf(contentsId: number): WindowKind | undefined {
    return this.open.get(contentsId)?.kind
  }

  windowsOf(kind: WindowKind): W[] {
    return [...this.open.values()]
      .filter((entry) => entry.kind === kind && !entry.window.isDestroyed())
      .map((entry) => entry.window)
  }

  /** Call from the window's 'closed' event. */
  closed(contentsId: number): void {
    const entry = this.open.get(contentsId)
    this.open.delete(contentsId)
    if (entry?.kind !== 'gm' || this.windowsOf('gm').length > 0) return
    for (const projector of this.windowsOf('player')) projector.close()
  }
}
