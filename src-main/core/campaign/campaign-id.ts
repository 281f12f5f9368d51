// Which campaign ids the store accepts. An id is a file name (<id>.json, backups/<id>/,
// journal/<id>/), and the file name is the campaign's identity, so a file someone drops into the
// campaigns folder, "My campaign.json" or "ドラゴン退治.json", is listed and opened under that
// name. What is refused is what could leave the folder or break on some system: separators and
// the characters Windows forbids, control and text-direction characters, names starting with a
// dot (hidden files, ".."), names ending in a dot or space, Windows device names, and names too
// long for a file name once the store's suffixes are added.
const FORBIDDEN = /[/\\:*?"<>|\u202a-\u202e\u2066-\u2069]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i
/** Leaves room for ".json.tmp-<pid>-<n>" and ".json.bad-<stamp>-<n>" within 255 bytes. */
const MAX_ID_BYTES = 200

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true
  }
  return false
}

export function isSafeCampaignId(id: unknown): id is string {
  if (typeof id !== 'string' || id.length === 0 || id.length > 150) return false
  if (
    hasControlCharacter(id) ||
    FORBIDDEN.test(id) ||
    LONE_SURROGATE.test(id) ||
    WINDOWS_DEVICE.test(id)
  )
    return false
  if (id.startsWith('.') || id.trim() !== id || id.endsWith('.')) return false
  return new TextEncoder().encode(id).length <= MAX_ID_BYTES
}
