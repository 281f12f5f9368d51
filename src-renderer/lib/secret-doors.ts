// The secret doors of the map on the board, for the player view panel's list, followed from edit
// to edit (issue 29): an edit replaces, adds or removes a few edges in place and keeps every other
// one as the same object, so only the edges between the ends the new list shares with the last
// one are read. Filtering all 5,000 edges of a big map read every record on every wall click.
import { sharedEnds } from '@core/campaign/changed-items'
import type { CampaignEdge } from '@core/campaign/schema'

const isSecretDoor = (edge: CampaignEdge): boolean => edge.kind === 'door' && edge.secret === true

export class SecretDoors {
  private edges: readonly CampaignEdge[] | null = null
  /** Where the secret doors are in `edges`, in order. */
  private at: number[] = []

  /** The secret doors of `edges`, in the list's order. */
  of(edges: readonly CampaignEdge[]): CampaignEdge[] {
    const before = this.edges
    if (before !== edges) {
      const at: number[] = []
      const { head, tail } = before ? sharedEnds(before, edges) : { head: 0, tail: 0 }
      const shift = edges.length - (before?.length ?? 0)
      for (const i of this.at) if (i < head) at.push(i)
      for (let i = head; i < edges.length - tail; i++) if (isSecretDoor(edges[i])) at.push(i)
      for (const i of this.at) if (i >= before!.length - tail) at.push(i + shift)
      this.edges = edges
      this.at = at
    }
    return this.at.map((i) => edges[i])
  }
}
