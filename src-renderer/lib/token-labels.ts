// Short labels drawn on tokens (issue 12.10): the GM's own label, else initials made unique on the
// map ("Goblin 1" → "G1", two "Orc"s → "O", "O2"), and names numbered when copies are placed.

/** Initials of a name: first letters of its words plus a trailing number ("Goblin Boss 3" → "GB3"). */
export function initials(name: string): string {
  // Words without a letter or digit ("/", "-") give no initial: "Climber / 登攀役" → "C登", not "C/".
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
  if (words.length === 0) return '?'
  const number = /^\d+$/.test(words.at(-1)!) ? words.pop()! : ''
  const letters = words
    .map((w) => [...w][0])
    .join('')
    .slice(0, 2)
  return (letters || [...name.trim()][0] || '?') + number
}

/** Every token's label: its own `label`, else its initials, with a number added where two collide. */
export function tokenLabels(
  tokens: ReadonlyArray<{ id: string; name: string; label?: string }>,
): Map<string, string> {
  const out = new Map<string, string>()
  const used = new Map<string, number>()
  for (const token of tokens) {
    const base = token.label?.trim() || initials(token.name || token.id)
    const seen = used.get(base) ?? 0
    used.set(base, seen + 1)
    out.set(token.id, seen === 0 || token.label ? base : `${base}${seen + 1}`)
  }
  return out
}

/** The next name in a numbered series: "Goblin" with "Goblin 1", "Goblin 2" on the map → "Goblin 3". */
export function nextNumberedName(base: string, names: readonly string[]): string {
  const stem = base.trim() || '?'
  const pattern = new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\d+)$`)
  let highest = 0
  for (const name of names) {
    const match = pattern.exec(name)
    if (match) highest = Math.max(highest, Number(match[1]))
  }
  return `${stem} ${highest + 1}`
}
