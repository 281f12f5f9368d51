// Spec decision 8: tokens that may not share a square are malformed input (`tokens-overlap`).
// arianrhod: a square may be shared only by one `mounted` rider and its passengers; dystopia: up to
// 4 units a square; pathfinder / dnd35: a Tiny or smaller creature shares with anyone, and anyone
// shares with a `helpless` creature — or one whose condition makes it helpless (`paralyzed`,
// `unconscious`, `asleep`, `bound`, `dying`: pathfinder/conditions.ts) — (a large creature's whole
// space counts).
import type { SystemId, TokenSpec } from '../model'
import { SIZES } from '../model'
import { PATHFINDER_RULES } from '../systems/pathfinder/rules'
import { isHelpless } from '../systems/pathfinder/conditions'
import { ScenarioError } from '../system'

const DYSTOPIA_UNITS_PER_SQUARE = 4
const TINY = SIZES.indexOf('tiny')

export function checkOverlap(
  system: SystemId,
  tokens: readonly TokenSpec[],
  width: number,
  height: number,
): void {
  const occupants = new Map<number, number[]>()
  tokens.forEach((token, i) => {
    for (const cell of footprint(system, token, width, height)) {
      const here = occupants.get(cell) ?? []
      here.push(i)
      occupants.set(cell, here)
      const problem = sharingProblem(
        system,
        here.map((j) => tokens[j]),
      )
      if (problem) {
        const [x, y] = [cell % width, Math.floor(cell / width)]
        throw new ScenarioError(
          'tokens-overlap',
          `square [${x}, ${y}]: ${problem}`,
          `/tokens/${i}/at`,
        )
      }
    }
  })
}

function footprint(system: SystemId, token: TokenSpec, width: number, height: number): number[] {
  const classic = system === 'pathfinder' || system === 'dnd35'
  const side = classic ? PATHFINDER_RULES.sizes[token.size ?? 'medium'].space : 1
  const cells: number[] = []
  for (let dy = 0; dy < side; dy++) {
    for (let dx = 0; dx < side; dx++) {
      const x = token.at[0] + dx
      const y = token.at[1] + dy
      if (x < width && y < height) cells.push(y * width + x)
    }
  }
  return cells
}

function sharingProblem(system: SystemId, here: readonly TokenSpec[]): string | null {
  if (here.length < 2) return null
  const ids = here.map((t) => `"${t.id}"`).join(', ')
  switch (system) {
    case 'arianrhod': {
      const riders = here.filter((t) => t.states?.includes('mounted')).length
      return riders === 1 ? null : `${ids} share it; only a mounted rider and its passengers may`
    }
    case 'dystopia':
      return here.length <= DYSTOPIA_UNITS_PER_SQUARE
        ? null
        : `${ids}: at most ${DYSTOPIA_UNITS_PER_SQUARE} units a square`
    default: {
      const shares = (t: TokenSpec) =>
        SIZES.indexOf(t.size ?? 'medium') <= TINY || isHelpless(t.states)
      // Every pair needs one of the two Tiny (or smaller) or helpless.
      return here.filter((t) => !shares(t)).length < 2 ? null : `${ids} may not share it`
    }
  }
}
