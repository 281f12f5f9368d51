// The shown map's first edit, prepared while the app is idle after an open (issue 29). What the
// first edit of the map the page shows needs and no open does:
//  - the party's sight on it (table/vision.ts, cached by map object), the rules engine's battle it
//    is computed on, and so the sight the first edit's explored cells are derived from. The first
//    wall click on a 200×200 map with 20 PCs otherwise computed every PC's sight from scratch
//    (100–250 ms of the host's CPU);
//  - the keys of its lists and the campaign's (list-keys.ts, kept by list object): the first
//    click keyed all 5,000 edges to find its own (~12 ms);
//  - the loader checks of its records (loadable-ahead.ts), and of the explored cells the first
//    edit will record when the party's sight is not recorded yet: a schema's first parses cost
//    ~30 ms where later ones cost 0.1 ms;
//  - the text of its fields as the file holds them (serialize.ts writeMapPiecesAhead): the first
//    autosave after an edit wrote the whole edited map again.
// The rules engine's battle of the map is built at once, in the turn after the open's answer: the
// page's first rules.query asks for it about 80 ms later (the flanking overlay).
// It runs a small step a turn of the event loop (a PC's sight, a thousand keys, a couple of
// thousand values parsed), once no page has listed or opened campaigns for the whole delay (a
// page reloading or a second window comes first). Another open of the campaign starts it again;
// an edit before it ends does what is left itself, as before. Only a campaign the GM opened, only
// its shown map.
import { editListKeysInSteps } from '@core/campaign/list-keys'
import { checkAheadSteps } from '@core/campaign/loadable-ahead'
import { withExplored } from '@core/campaign/fog-commands'
import type { Campaign, CampaignMap, Command } from '@core/campaign/schema'
import { changesOf } from '@core/campaign/changes'
import { treeOpsOf } from '@core/campaign/change-paths'
import { contract } from '@core/contract/contract'
import { partyVisionSteps } from '@core/table/vision'
import { battleOf } from '@core/campaign/map-battle'
import { writeMapPiecesAhead } from './serialize'
import { patchGrowthBound } from './file-budget'

/**
 * How long the app must have been left alone after the last open (or list) before the shown map
 * is prepared: late enough that the page has drawn the board, early enough to be done before a
 * GM's first edit.
 */
export const PREPARE_SHOWN_MAP_MS = 200

export class ShownMapPreparation {
  private readonly pending = new Map<string, { done: (prepared?: boolean) => void }>()
  /** When a page last listed or opened campaigns (Date.now()). */
  private lastAsked = 0
  private readonly delayMs: number

  constructor(
    delayMs: number,
    /** The campaign as it is open now, or undefined once it is closed. */
    private readonly campaignOf: (id: string) => Campaign | undefined,
  ) {
    this.delayMs = Math.max(0, delayMs)
  }

  /** A page listed or opened campaigns: every preparation waits the whole delay from now. */
  asked(): void {
    this.lastAsked = Date.now()
  }

  /**
   * Resolves when the map is prepared (true), or the preparation was skipped or cancelled
   * (false).
   */
  prepare(id: string, mapId: string | null): Promise<boolean> {
    this.cancel(id)
    return new Promise((resolve) => {
      let ended = false
      let timer: ReturnType<typeof setTimeout> | undefined
      const entry = {
        done: (prepared = false): void => {
          ended = true
          clearTimeout(timer)
          if (this.pending.get(id) === entry) this.pending.delete(id)
          resolve(prepared)
        },
      }
      const { done } = entry
      const arm = (delay: number): void => {
        timer = setTimeout(fire, delay)
        timer.unref?.()
      }
      const shown = (): { campaign: Campaign; map: CampaignMap } | undefined => {
        const campaign = this.campaignOf(id)
        const map = campaign && (campaign.maps.find((m) => m.id === mapId) ?? campaign.maps[0])
        return map && { campaign, map }
      }
      const fire = (): void => {
        const quietFor = Date.now() - this.lastAsked
        if (quietFor < this.delayMs) return arm(this.delayMs - quietFor)
        const { campaign, map } = shown() ?? {}
        if (!campaign || !map) return done()
        // A step a turn: a request arriving meanwhile waits for one step at most.
        const steps = firstEditSteps(campaign, map)
        const step = (): void => {
          if (ended) return
          try {
            if (steps.next().done) return done(true)
          } catch (error) {
            // Only a head start: the first edit computes it again and reports what is wrong.
            console.warn(`[campaign] preparing map ${map.id} of ${id} failed`, error)
            return done()
          }
          setImmediate(step)
        }
        step()
      }
      arm(this.delayMs)
      this.pending.set(id, entry)
      // After the open's answer is sent: the page's first rules.query needs this battle.
      setImmediate(() => {
        const map = shown()?.map
        if (!map || ended) return
        try {
          battleOf(map)
        } catch (error) {
          console.warn(`[campaign] preparing map ${map.id} of ${id} failed`, error)
        }
      })
    })
  }

  cancel(id: string): void {
    this.pending.get(id)?.done()
  }

  cancelAll(): void {
    for (const { done } of [...this.pending.values()]) done()
  }
}

/** Keys a thousand records a step. */
const KEYS_PER_STEP = 1000

/** What the first edit of `map` in `campaign` needs, a small piece a step. */
function* firstEditSteps(campaign: Campaign, map: CampaignMap): Generator<void, void> {
  yield* partyVisionSteps(map)
  yield* editListKeysInSteps(campaign, map, KEYS_PER_STEP)
  // Schemas once warm stay warm: another open of the same map does not check it again.
  const path = ['maps', campaign.maps.indexOf(map)]
  if (!checkedAhead.has(map)) {
    for (const key of Object.keys(campaign))
      if (key !== 'maps') yield* checkAheadSteps(campaign, [key])
    yield* checkAheadSteps(campaign, path)
    yield* commandParsesAhead(campaign.id, map)
  }
  // The party's sight, recorded as explored by the first edit when it is not yet: added now, the
  // first edit finds that very fog (fog-commands.ts), checked, sized for the file budget and
  // written to text here instead of by the click.
  yield
  const recorded = withExplored(map)
  if (recorded !== map && !checkedAhead.has(map)) {
    yield* checkAheadSteps(campaign, [...path, 'fog'], recorded.fog)
    yield
    growthAhead(map, recorded)
  }
  checkedAhead.add(map)
  // Last: only the autosave, seconds after the first edit, needs it.
  yield* writeMapPiecesAhead(map)
  if (recorded !== map) yield* writeMapPiecesAhead(recorded)
}

/**
 * The first parse of a command kind by the IPC contract compiles zod's parsers for it (~5–10 ms
 * on the first wall click after an open): the edits a GM makes first on a map are parsed here,
 * one a step, on commands that name this map and change nothing (they are never applied).
 */
function* commandParsesAhead(id: string, map: CampaignMap): Generator<void, void> {
  const square: [number, number] = [0, 0]
  const between: [[number, number], [number, number]] = [square, [1, 0]]
  const token = map.tokens[0]
  const commands: Command[] = [
    { type: 'edge.set', mapId: map.id, between, edge: { kind: 'wall' } },
    { type: 'edges.set', mapId: map.id, edges: [{ between, edge: null }] },
    { type: 'cell.set', mapId: map.id, cell: { at: square, terrain: 'floor' } },
    { type: 'cells.set', mapId: map.id, cells: [{ at: square, terrain: 'floor' }] },
    ...(token
      ? [{ type: 'token.move', mapId: map.id, tokenId: token.id, to: token.at } as const]
      : []),
  ]
  for (const command of commands) {
    contract['campaign.dispatch'].args.safeParse({ id, command })
    yield
  }
}

/** The file budget's bound for the change from `map` to `recorded`, measured as an edit will. */
function growthAhead(map: CampaignMap, recorded: CampaignMap): void {
  const before = { maps: [map] } as unknown as Campaign
  const after = { maps: [recorded] } as unknown as Campaign
  patchGrowthBound(treeOpsOf(after, changesOf(before, after)))
}

const checkedAhead = new WeakSet<CampaignMap>()
