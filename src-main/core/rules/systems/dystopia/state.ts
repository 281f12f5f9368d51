// One DysTopiA fight as the engine sees it: the 6 × 6 board, who stands where, which factions
// are foes, the GM's deploy squares and the skill-exception table. Built once per query from the
// Battle, validating what the scenario format itself cannot know (board size, 4 units a square,
// the optional top-level "dystopia" field).
import { z } from 'zod'
import { cellSchema, type Cell, type TokenSpec } from '../../model'
import { ScenarioError, type Battle } from '../../system'
import { BOARD_SIDE, cellKey, onBoard, uniqueSortedCells, type Board } from './geometry'
import { buildSkillTable, skillOverrideSchema, type SkillOverride } from './skills'

/** 「1マスの人数制限は4体までとする。」 Friends and foes together. */
export const MAX_UNITS_PER_SQUARE = 4

/** The optional scenario field `"dystopia"` (documented in this folder's README). */
export const dystopiaFieldSchema = z.object({
  /** 初期配置: the squares each faction may deploy to. A faction not listed may use any square. */
  deploy: z.record(z.string().min(1).max(200), z.array(cellSchema).max(36)).optional(),
  /** Faction pairs that are foes. Absent = every two different factions are foes. */
  foes: z
    .array(z.tuple([z.string().min(1).max(200), z.string().min(1).max(200)]))
    .max(1000)
    .optional(),
  /** Extra skill exceptions; same owner + skill replaces a default. */
  skills: z.array(skillOverrideSchema).max(1000).optional(),
})
export type DystopiaField = z.infer<typeof dystopiaFieldSchema>

export interface DystopiaState {
  readonly board: Board
  readonly units: readonly TokenSpec[]
  readonly unitById: ReadonlyMap<string, TokenSpec>
  /** Units per square, keyed by cellKey, in scenario order. */
  readonly occupants: ReadonlyMap<string, readonly TokenSpec[]>
  readonly skills: readonly SkillOverride[]
  readonly deploy: ReadonlyMap<string, readonly Cell[]>
  /** Faction relation; the same faction is never its own foe. */
  isFoe(a: string, b: string): boolean
}

function pointer(segments: readonly (string | number)[]): string {
  return '/' + segments.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')
}

function readBoard(battle: Battle): Board {
  const { width, height } = battle.grid
  if (width !== BOARD_SIDE) {
    throw new ScenarioError(
      'board-size',
      `DysTopiA square combat is played on a 6 × 6 board (6×6マス); this map is ${width} wide`,
      '/map/width',
    )
  }
  if (height !== BOARD_SIDE) {
    throw new ScenarioError(
      'board-size',
      `DysTopiA square combat is played on a 6 × 6 board (6×6マス); this map is ${height} high`,
      '/map/height',
    )
  }
  return { width: BOARD_SIDE, height: BOARD_SIDE }
}

function readField(battle: Battle): DystopiaField {
  const raw = battle.scenario.dystopia
  if (raw === undefined) return {}
  const parsed = dystopiaFieldSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ScenarioError(
      'invalid-dystopia',
      `invalid "dystopia" field: ${issue.message}`,
      pointer(['dystopia', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))]),
    )
  }
  return parsed.data
}

function pairKey(a: string, b: string): string {
  return JSON.stringify(a < b ? [a, b] : [b, a])
}

export function loadState(battle: Battle): DystopiaState {
  const board = readBoard(battle)
  const field = readField(battle)

  const occupants = new Map<string, TokenSpec[]>()
  battle.tokens.forEach((token, index) => {
    if (!onBoard(board, token.at)) {
      throw new ScenarioError(
        'cell-out-of-bounds',
        `token "${token.id}" stands outside the 6 × 6 board`,
        `/tokens/${index}/at`,
      )
    }
    const here = occupants.get(cellKey(token.at)) ?? []
    if (here.length >= MAX_UNITS_PER_SQUARE) {
      throw new ScenarioError(
        'square-full',
        `token "${token.id}" would be unit number ${here.length + 1} on square [${token.at.join(', ')}]; ` +
          `a square holds at most ${MAX_UNITS_PER_SQUARE} units (1マスの人数制限は4体まで)`,
        `/tokens/${index}`,
      )
    }
    here.push(token)
    occupants.set(cellKey(token.at), here)
  })

  const deploy = new Map<string, Cell[]>()
  for (const [faction, cells] of Object.entries(field.deploy ?? {})) {
    cells.forEach((c, i) => {
      if (!onBoard(board, c)) {
        throw new ScenarioError(
          'cell-out-of-bounds',
          `deploy square [${c.join(', ')}] is outside the board`,
          pointer(['dystopia', 'deploy', faction, i]),
        )
      }
    })
    deploy.set(faction, uniqueSortedCells(cells))
  }

  let foePairs: Set<string> | null = null
  if (field.foes) {
    foePairs = new Set()
    field.foes.forEach(([a, b], i) => {
      if (a === b) {
        throw new ScenarioError(
          'invalid-dystopia',
          `faction "${a}" cannot be its own foe`,
          `/dystopia/foes/${i}`,
        )
      }
      foePairs!.add(pairKey(a, b))
    })
  }
  const pairs = foePairs
  const isFoe = (a: string, b: string): boolean =>
    a !== b && (pairs === null || pairs.has(pairKey(a, b)))

  return {
    board,
    units: battle.tokens,
    unitById: battle.tokenById,
    occupants,
    skills: buildSkillTable(field.skills),
    deploy,
    isFoe,
  }
}

export function unitsOn(
  state: DystopiaState,
  cell: readonly [number, number],
): readonly TokenSpec[] {
  return state.occupants.get(cellKey(cell)) ?? []
}

/** Whether `mover` (already on the board, or not) could end on `cell` without a fifth unit. */
export function hasRoom(
  state: DystopiaState,
  cell: readonly [number, number],
  mover?: TokenSpec,
): boolean {
  const others = unitsOn(state, cell).filter((u) => u !== mover && u.id !== mover?.id)
  return others.length < MAX_UNITS_PER_SQUARE
}
