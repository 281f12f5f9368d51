// Which parts of the GM screen are open: the Fight dock (rules answers), the Panels dock (tool
// options, token, turn order, dice, players, map, notes) and each section inside the Panels dock.
// Remembered across sessions, like the language, so a GM who closed a dock on a small screen
// finds it closed next time.

const STORAGE_KEY = 'grid-gm.layout'

export type Dock = 'fight' | 'panels'

interface Saved {
  closed?: Dock[]
  folded?: string[]
}

function readSaved(): Saved {
  try {
    const text = globalThis.localStorage?.getItem(STORAGE_KEY)
    const value: unknown = text ? JSON.parse(text) : {}
    if (typeof value !== 'object' || value === null) return {}
    const { closed, folded } = value as Record<string, unknown>
    const strings = (list: unknown) =>
      Array.isArray(list) ? list.filter((each): each is string => typeof each === 'string') : []
    return {
      closed: strings(closed).filter((each): each is Dock => each === 'fight' || each === 'panels'),
      folded: strings(folded),
    }
  } catch {
    return {}
  }
}

export class LayoutState {
  /** Docks the GM closed; both are open on a first start. */
  closed = $state<Dock[]>([])
  /** Sections of the Panels dock folded to their heading. */
  folded = $state<string[]>([])

  constructor() {
    const saved = readSaved()
    this.closed = saved.closed ?? []
    this.folded = saved.folded ?? []
  }

  isOpen(dock: Dock): boolean {
    return !this.closed.includes(dock)
  }

  toggle(dock: Dock): void {
    this.closed = this.isOpen(dock)
      ? [...this.closed, dock]
      : this.closed.filter((each) => each !== dock)
    this.save()
  }

  isFolded(section: string): boolean {
    return this.folded.includes(section)
  }

  fold(section: string): void {
    this.folded = this.isFolded(section)
      ? this.folded.filter((each) => each !== section)
      : [...this.folded, section]
    this.save()
  }

  /** Opens the Panels dock and unfolds one of its sections (a field there takes the keyboard). */
  reveal(section: string): void {
    if (!this.isOpen('panels')) this.closed = this.closed.filter((each) => each !== 'panels')
    if (this.isFolded(section)) this.folded = this.folded.filter((each) => each !== section)
    this.save()
  }

  private save(): void {
    try {
      globalThis.localStorage?.setItem(
        STORAGE_KEY,
        JSON.stringify({ closed: this.closed, folded: this.folded }),
      )
    } catch {
      // Storage can be unavailable (private mode); the layout then lasts for this page only.
    }
  }
}
