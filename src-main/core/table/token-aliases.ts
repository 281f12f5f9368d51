// Token ids the players see. A stored id may say what a token is (`enemy-1700000000`,
// `goblin-boss`: older campaigns and the bundled sample were made that way), so no stored id ever
// reaches a player: each token gets a random alias, stable for the life of this object (one app
// session), so the player view can animate a token from one payload to the next. Ids are scoped by
// campaign and map: the same id on two maps gets two aliases.
//
// The same object numbers the tokens whose names players do not know ("Enemy 3", issue 23): per map
// and side, in the order the players first see them, so a number says nothing of tokens they have
// not seen (a stored order would: "Enemy 5" with one enemy in sight tells of four more).
const ALIAS_BYTES = 9

function randomAlias(): string {
  const bytes = new Uint8Array(ALIAS_BYTES)
  globalThis.crypto.getRandomValues(bytes)
  return `t${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

export class TokenAliases {
  private readonly aliases = new Map<string, string>()
  private readonly taken = new Set<string>()
  private readonly numbers = new Map<string, number>()
  private readonly counters = new Map<string, number>()

  constructor(private readonly newAlias: () => string = randomAlias) {}

  /** The alias of one token of one map; the same every time within this session. */
  aliasOf(campaignId: string, mapId: string, tokenId: string): string {
    const key = JSON.stringify([campaignId, mapId, tokenId])
    let alias = this.aliases.get(key)
    if (alias === undefined) {
      do alias = this.newAlias()
      while (this.taken.has(alias))
      this.aliases.set(key, alias)
      this.taken.add(alias)
    }
    return alias
  }

  /** The generic number of a token whose name players do not know: 1, 2, 3 … per map and side. */
  numberOf(campaignId: string, mapId: string, side: string, tokenId: string): number {
    const key = JSON.stringify([campaignId, mapId, side, tokenId])
    let number = this.numbers.get(key)
    if (number === undefined) {
      const counter = JSON.stringify([campaignId, mapId, side])
      number = (this.counters.get(counter) ?? 0) + 1
      this.counters.set(counter, number)
      this.numbers.set(key, number)
    }
    return number
  }

  /** A random id for one roll-log entry (its stored id is the GM's), the same all session. */
  rollAlias(campaignId: string, rollId: string): string {
    return this.aliasOf(campaignId, '', `roll:${rollId}`)
  }
}
