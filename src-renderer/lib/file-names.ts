/** A file name that every OS accepts, from a campaign name in any script. */
export function exportFileStem(name: string): string {
  // Characters Windows refuses in file names, and control characters (below U+0020).
  const stem = Array.from(name, (ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
    .join('')
    .trim()
    .slice(0, 80)
  return stem || 'campaign'
}
