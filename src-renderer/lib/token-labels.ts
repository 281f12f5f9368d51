// Short labels drawn on tokens (issues 12.10 and 25): the GM's own label, else initials made
// unique on the map, and names numbered when copies are placed. A label's digits are always the
// token's own number: two names with the same initials are told apart by letters ("Skeleton 1"
// → "Sk1" beside "Seoni 1" → "Se1"; 主人公A → 主A beside 主人公B → 主B), never by a digit that
// reads like another token's number ("S12").

/** A name's words that hold a letter or digit, and the number it ends with ("Goblin Boss 3" → 3). */
function nameParts(name: string): { words: string[]; number: string } {
  // Words without a letter or digit ("/", "-") give no initial: "Climber / 登攀役" → "C登", not "C/".
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
  // A name that is only a number ("7") is its own label, not a number after no letters.
  const number = words.length > 1 && /^\d+$/.test(words.at(-1)!) ? words.pop()! : ''
  return { words, number }
}

/** Initials of a name: first letters of its words plus a trailing number ("Goblin Boss 3" → "GB3"). */
export function initials(name: string): string {
  const { words, number } = nameParts(name)
  if (words.length === 0) return '?'
  const letters = words
    .map((w) => [...w][0])
    .join('')
    .slice(0, 2)
  return (letters || [...name.trim()][0] || '?') + number
}

/** The letters of a name that tell it from others: its words run together, number left off. */
function letterKey(name: string): string[] {
  return [...nameParts(name).words.join('')]
}

/**
 * Labels for names whose initials collide: each takes the shortest start of its letters that no
 * other in the group shares, written whole when short ("Sk", "Seo") or as its first and last
 * letter when long (主人公A → 主A). Null where two names have the same letters.
 */
function distinguish(names: readonly string[]): (string | null)[] {
  const keys = names.map(letterKey)
  return keys.map((key, i) => {
    let length = 1
    while (
      length <= key.length &&
      keys.some(
        (other, j) => j !== i && other.slice(0, length).join('') === key.slice(0, length).join(''),
      )
    )
      length++
    if (length > key.length) return null
    const letters = length <= 3 ? key.slice(0, length).join('') : key[0] + key[length - 1]
    return letters + nameParts(names[i]).number
  })
}

/** "b", "c" … "z", "aa" …: a mark for the second and later of identical names, never a digit. */
function copyMark(n: number): string {
  let mark = ''
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26))
    mark = String.fromCharCode(97 + ((k - 1) % 26)) + mark
  return mark
}

/**
 * Every token's label: its own `label`, else its initials, made unique on the map by letters.
 * `taken` holds labels already on the screen for other tokens (the table screen's "E3").
 */
export function tokenLabels(
  tokens: ReadonlyArray<{ id: string; name: string; label?: string }>,
  taken: Iterable<string> = [],
): Map<string, string> {
  const out = new Map<string, string>()
  const reserved = new Set(taken)
  const byInitials = new Map<string, { id: string; name: string }[]>()
  for (const token of tokens) {
    const own = token.label?.trim()
    if (own) {
      out.set(token.id, own)
      reserved.add(own)
      continue
    }
    const name = token.name || token.id
    const base = initials(name)
    byInitials.set(base, [...(byInitials.get(base) ?? []), { id: token.id, name }])
  }
  const used = new Set(reserved)
  const unplaced: { id: string; name: string; label: string }[] = []
  for (const [base, group] of byInitials) {
    if (group.length === 1 && !reserved.has(base)) {
      out.set(group[0].id, base)
      used.add(base)
      continue
    }
    // A reserved label counts as one more name in the group ("Elf 3" beside the screen's "E3").
    const names = group.map((each) => each.name)
    const labels = distinguish(reserved.has(base) ? [...names, base] : names)
    group.forEach((each, i) => unplaced.push({ ...each, label: labels[i] ?? base }))
  }
  // Identical letters (two "Orc"s): the first keeps its label, later ones add a letter.
  for (const each of unplaced) {
    let label = each.label
    for (let n = 2; used.has(label); n++) label = insertMark(each.label, copyMark(n))
    out.set(each.id, label)
    used.add(label)
  }
  return new Map(tokens.map((token) => [token.id, out.get(token.id)!]))
}

/** The mark goes before the number, so the number stays last and whole: "G1" → "Gb1". */
function insertMark(label: string, mark: string): string {
  const match = /^(.*?)(\d*)$/u.exec(label)!
  return match[1] + mark + match[2]
}

/**
 * The name a newly placed token takes: the name itself while no token has it ("Valeros"), then
 * numbered from the second copy on, after the highest number already there ("Goblin" with
 * "Goblin" and "Goblin 4" on the map → "Goblin 5").
 */
export function nextNumberedName(base: string, names: readonly string[]): string {
  const stem = base.trim() || '?'
  const pattern = new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\d+)$`)
  let highest = 0
  let taken = false
  for (const name of names) {
    if (name.trim() === stem) {
      taken = true
      highest = Math.max(highest, 1)
    }
    const match = pattern.exec(name)
    if (match) {
      taken = true
      highest = Math.max(highest, Number(match[1]))
    }
  }
  return taken ? `${stem} ${highest + 1}` : stem
}
