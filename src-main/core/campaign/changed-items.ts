// What an edit changed in one of a map's lists, found by identity: commands keep every item they
// do not touch as the same object (issue 29: the fog and the grid after a wall click are derived
// from the ones before it).

/**
 * Items of `after` that are not in `before` and items of `before` that are gone, by identity
 * (commands keep untouched items as the same objects). The common head and tail are skipped
 * first: an edit replaces, appends or removes a few items in place.
 */
export function changedItems<T extends object>(before: readonly T[], after: readonly T[]): T[] {
  const { head, tail } = sharedEnds(before, after)
  const oldMiddle = before.slice(head, before.length - tail)
  const newMiddle = after.slice(head, after.length - tail)
  if (oldMiddle.length === 0) return newMiddle
  if (newMiddle.length === 0) return oldMiddle
  const kept = new Set(newMiddle)
  const had = new Set(oldMiddle)
  return [...oldMiddle.filter((item) => !kept.has(item)), ...newMiddle.filter((i) => !had.has(i))]
}

/** How many items two lists share (same objects) at their start and, after that, at their end. */
export function sharedEnds(
  before: readonly unknown[],
  after: readonly unknown[],
): { head: number; tail: number } {
  let head = 0
  const shorter = Math.min(before.length, after.length)
  while (head < shorter && before[head] === after[head]) head++
  let tail = 0
  while (
    tail < shorter - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++
  return { head, tail }
}
