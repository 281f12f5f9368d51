// Spec decision 8: tokens that may not share a square are malformed input (`tokens-overlap`).
// Who may share a square is each system's rule (RuleSystem.occupancy, in systems/<id>/): a large
// creature's whole space counts.
import type { TokenSpec } from '../model'
import type { RuleSystem } from '../system'
import { ScenarioError } from '../system'

export function checkOverlap(
  system: RuleSystem,
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
      const problem =
        here.length < 2 ? null : system.occupancy.sharingProblem(here.map((j) => tokens[j]))
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

function footprint(system: RuleSystem, token: TokenSpec, width: number, height: number): number[] {
  const side = system.occupancy.side(token)
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

/** The ids of tokens sharing a square, as an overlap message lists them. */
export function idList(here: readonly TokenSpec[]): string {
  return here.map((t) => `"${t.id}"`).join(', ')
}
