// A campaign for the table screen tests (issue 23): one map per rule system, each mid-fight, with
// the party shoulder to shoulder (names that ran together: "Valeros Ghoul 1 Merisiel"), shown HP
// bars, a shown and a GM-only condition, a known and an unknown enemy, a hidden combatant between
// the current and the next one, and on the DysTopiA map four units in one square.
export const TABLE_CAMPAIGN = 'table-screen'

export interface TableMap {
  id: string
  system: 'pathfinder' | 'dnd35' | 'arianrhod' | 'dystopia'
  /** Names the players must never read on this map (hidden, or not yet known). */
  secretNames: string[]
  /** What the banner says while the fight is at its first turn. */
  now: string
  next: string
}

type Token = Record<string, unknown>

const hp = (current: number, max: number) => ({ hp: { current, max, shownToPlayers: true } })

function map(
  id: string,
  name: string,
  system: TableMap['system'],
  size: [number, number],
  tokens: Token[],
  order: string[],
  conditions: Record<string, unknown>[],
): Record<string, unknown> {
  const [width, height] = size
  return {
    id,
    name,
    system,
    width,
    height,
    cells: [],
    edges: [],
    light: { sources: [] },
    tokens,
    notes: 'GM ONLY: the boss waits behind the door',
    // Everything revealed by hand: the tests are about how tokens read, not about sight.
    fog: {
      mode: 'manual',
      explored: [],
      revealed: Array.from({ length: height }, (_, y) => [y, 0, width - 1]),
    },
    fight: {
      round: 2,
      turn: 0,
      order: order.map((tokenId, i) => ({ tokenId, count: 20 - i })),
      unaware: [],
      acted: [],
      delaying: [],
      readied: [],
      showOrder: true,
      showRolls: true,
      expired: [],
    },
    conditions,
  }
}

export const TABLE_MAPS: TableMap[] = [
  {
    id: 'pf-crypt',
    system: 'pathfinder',
    secretNames: ['Goblin Boss', 'Ghoul 1', 'Bless of the GM'],
    now: 'Valeros',
    next: 'Goblin 2',
  },
  {
    id: 'dnd-keep',
    system: 'dnd35',
    secretNames: ['Ogre Chief', 'Orc 1', 'Cursed by the GM'],
    now: 'Tordek',
    next: 'Orc 2',
  },
  {
    id: 'ar-cave',
    system: 'arianrhod',
    secretNames: ['闇の司祭', 'ゴブリン1', '呪い（GMのみ）'],
    now: 'ガルム',
    next: 'ゴブリン2',
  },
  {
    id: 'dt-plaza',
    system: 'dystopia',
    secretNames: ['衛兵2', '潜む狙撃手'],
    now: '主人公A',
    next: '衛兵1',
  },
]

export function tableCampaign(): Record<string, unknown> {
  return {
    schemaVersion: 6,
    id: TABLE_CAMPAIGN,
    name: 'Table screen',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    notes: '',
    maps: [
      map(
        'pf-crypt',
        'Crypt (Pathfinder)',
        'pathfinder',
        [14, 9],
        [
          { id: 'valeros', name: 'Valeros', at: [4, 4], faction: 'party', ...hp(24, 30) },
          { id: 'ghoul-1', name: 'Ghoul 1', at: [5, 4], faction: 'enemy', ...hp(9, 20) },
          { id: 'merisiel', name: 'Merisiel', at: [6, 4], faction: 'party', ...hp(18, 22) },
          { id: 'kyra', name: 'Kyra', at: [4, 5], faction: 'party', ...hp(20, 20) },
          { id: 'ezren', name: 'Ezren', at: [5, 5], faction: 'party' },
          { id: 'goblin-2', name: 'Goblin 2', at: [7, 3], faction: 'enemy', known: true },
          { id: 'boss', name: 'Goblin Boss', at: [11, 4], faction: 'enemy', hidden: true },
        ],
        ['valeros', 'boss', 'goblin-2', 'ghoul-1', 'merisiel', 'kyra', 'ezren'],
        [
          { id: 'c1', tokenId: 'ghoul-1', name: 'Prone', shownToPlayers: true },
          { id: 'c2', tokenId: 'valeros', name: 'Bless of the GM' },
          { id: 'c3', tokenId: 'merisiel', name: 'Shaken', shownToPlayers: true },
        ],
      ),
      map(
        'dnd-keep',
        'Keep (D&D 3.5)',
        'dnd35',
        [12, 8],
        [
          { id: 'tordek', name: 'Tordek', at: [3, 3], faction: 'party', ...hp(30, 34) },
          { id: 'mialee', name: 'Mialee', at: [4, 3], faction: 'party', ...hp(9, 14) },
          { id: 'orc-1', name: 'Orc 1', at: [5, 3], faction: 'enemy', ...hp(4, 11) },
          { id: 'lidda', name: 'Lidda', at: [3, 4], faction: 'party' },
          { id: 'jozan', name: 'Jozan', at: [4, 4], faction: 'party', ...hp(21, 24) },
          { id: 'orc-2', name: 'Orc 2', at: [5, 4], faction: 'enemy', known: true },
          { id: 'ogre', name: 'Ogre Chief', at: [9, 3], faction: 'enemy', hidden: true },
        ],
        ['tordek', 'ogre', 'orc-2', 'mialee', 'orc-1', 'lidda', 'jozan'],
        [
          { id: 'c1', tokenId: 'orc-1', name: 'Stunned', shownToPlayers: true },
          { id: 'c2', tokenId: 'tordek', name: 'Cursed by the GM' },
        ],
      ),
      map(
        'ar-cave',
        '洞窟（アリアンロッド）',
        'arianrhod',
        [12, 8],
        [
          { id: 'garm', name: 'ガルム', at: [3, 3], faction: 'party', ...hp(40, 52) },
          { id: 'lydia', name: 'リディア', at: [4, 3], faction: 'party', ...hp(22, 31) },
          { id: 'goblin-1', name: 'ゴブリン1', at: [5, 3], faction: 'enemy', ...hp(6, 18) },
          { id: 'noel', name: 'ノエル', at: [3, 4], faction: 'party' },
          { id: 'goblin-2', name: 'ゴブリン2', at: [4, 4], faction: 'enemy', known: true },
          { id: 'priest', name: '闇の司祭', at: [8, 2], faction: 'enemy', hidden: true },
        ],
        ['garm', 'priest', 'goblin-2', 'lydia', 'goblin-1', 'noel'],
        [
          { id: 'c1', tokenId: 'goblin-1', name: '放心', shownToPlayers: true },
          { id: 'c2', tokenId: 'garm', name: '呪い（GMのみ）' },
        ],
      ),
      map(
        'dt-plaza',
        '広場（DysTopiA）',
        'dystopia',
        [6, 6],
        [
          // Four units in square [2, 2]: two heroes and two guards.
          { id: 'hero-a', name: '主人公A', at: [2, 2], faction: 'party', ...hp(8, 10) },
          { id: 'guard-1', name: '衛兵1', at: [2, 2], faction: 'order', known: true },
          { id: 'hero-b', name: '主人公B', at: [2, 2], faction: 'party' },
          { id: 'guard-2', name: '衛兵2', at: [2, 2], faction: 'order', ...hp(3, 6) },
          { id: 'hero-c', name: '主人公C', at: [1, 3], faction: 'party' },
          { id: 'sniper', name: '潜む狙撃手', at: [4, 1], faction: 'order', hidden: true },
        ],
        ['hero-a', 'sniper', 'guard-1', 'hero-b', 'guard-2', 'hero-c'],
        [],
      ),
    ],
  }
}
