// The fight overlays' state: what main's rules engine answered for the selected token, the move
// mode, the hovered square and the area template being placed. Main stays the authority: every
// cost, check and cover level shown is an answer to `rules.query`. Requests stay cheap: reach and
// ZOC once per (map revision, selection, mode), path and ruler debounced on hover, stale answers
// dropped (LatestQuery).
import type { CampaignMap, CampaignToken } from '@core/campaign/schema'
import type { Cell } from '@core/rules/model'
import {
  TARGETED_MODES,
  cellKey,
  foesOf,
  hasTacticalQueries,
  modeFor,
  areaView,
  attackView,
  cellsOf,
  pathView,
  sameCell,
  tokenAt,
  type AreaAnswer,
  type AttackAnswer,
  type CoverAnswer,
  type LightAnswer,
  type PathAnswer,
  type ReachAnswer,
} from '../gm/overlays/fight-rules'
import { LatestQuery } from './fight-query.svelte'
import type { GmSession } from './session.svelte'
import { ApiError } from '../lib/api'
import { templateQuery, type TemplateSettings } from '../gm/overlays/fight-template'
import { systemFacts } from '@core/rules/facts'
import type { QueryAnswer, QueryArgs, QueryName } from '@core/rules/queries'
import { askMain } from '../lib/rules-query'
import type { Tool } from '../lib/tools'
import { boardActions } from './actions/board-actions'
import { runnerFor } from './actions/runner'

export const HOVER_DEBOUNCE_MS = 120

export type OverlayName = 'reach' | 'zoc' | 'path' | 'ruler' | 'cover' | 'flanking' | 'light'
export const OVERLAY_NAMES: readonly OverlayName[] = [
  'reach',
  'zoc',
  'path',
  'ruler',
  'cover',
  'flanking',
  'light',
]

/** The tools a fight is run with: the fight overlays that concern every token show with these. */
const FIGHT_TOOLS: ReadonlySet<Tool> = new Set<Tool>(['select', 'token', 'ruler'])

export type MoveOutcome =
  | { kind: 'moved'; tokenId: string; to: Cell; cost: number; forced: false }
  | { kind: 'free'; tokenId: string; to: Cell }
  | { kind: 'forced'; tokenId: string; to: Cell; reason?: string }
  | { kind: 'refused'; tokenId: string; to: Cell; reason: string }
  | { kind: 'failed'; tokenId: string; to: Cell; message: string }

/** A distinct number per map object: main sends a new object whenever the map changes. */
const revisions = new WeakMap<object, number>()
let nextRevision = 1
function revisionOf(map: CampaignMap): number {
  let revision = revisions.get(map)
  if (revision === undefined) revisions.set(map, (revision = nextRevision++))
  return revision
}

export class FightState {
  readonly shown = $state<Record<OverlayName, boolean>>({
    reach: true,
    zoc: true,
    path: true,
    ruler: true,
    cover: true,
    flanking: true,
    light: true,
  })
  /** The token aimed at for charge and for cover when the pointer is not on a token. */
  targetTokenId = $state<string | null>(null)
  /** GM override: drops and "Move here" ignore the engine's refusal. */
  override = $state(false)
  template = $state<TemplateSettings | null>(null)
  /** The template's clicked origin / picks; the hovered point previews until then. */
  templatePicks = $state.raw<Cell[]>([])
  /** Pointer position in cell units while a template is placed (pathfinder needs intersections). */
  pointer = $state.raw<{ x: number; y: number } | null>(null)
  lastMove = $state.raw<MoveOutcome | null>(null)
  /** Pathfinder / dnd35: the kind of attack the modifiers list is for. */
  attackKind = $state<'melee' | 'ranged'>('melee')

  readonly reach = new LatestQuery<ReachAnswer>()
  /** Foe ZOC / threatened squares: cell key → the foes whose zone it is. */
  readonly zoc = new LatestQuery<Record<string, string[]>>()
  readonly path = new LatestQuery<PathAnswer>()
  readonly ruler = new LatestQuery<{ distance: number; unit: string }>()
  readonly cover = new LatestQuery<CoverAnswer & { target: string }>()
  /** Pathfinder / dnd35 `attack` on the cover target: every situational modifier. */
  readonly attack = new LatestQuery<AttackAnswer & { target: string; kind: 'melee' | 'ranged' }>()
  /** Flanked token id → the pairs flanking it (tokens nobody flanks are left out). */
  readonly flanking = new LatestQuery<Record<string, [string, string][]>>()
  readonly light = new LatestQuery<LightAnswer>()
  readonly area = new LatestQuery<AreaAnswer>()

  /**
   * Flanking is marked for every token at once, so it is asked again after every change to the
   * map: it shows, and is asked, only with the tools a fight is run with. While the GM draws walls,
   * terrain or fog, no stroke waits on it (issue 29); picking Select brings the marks back.
   */
  readonly flankingShown = $derived.by(
    () => this.shown.flanking && FIGHT_TOOLS.has(this.session.editor.tool),
  )
  readonly map = $derived.by(() => this.session.selectedMap)
  readonly selected = $derived.by((): CampaignToken | null => {
    const id = this.session.focus.selectedTokenId
    return (id && this.map?.tokens.find((t) => t.id === id)) || null
  })
  readonly mode = $derived.by(() =>
    this.map ? modeFor(this.map.system, this.session.focus.moveMode) : '',
  )
  /**
   * Exploration (issue 25): outside a fight, until the GM picks a move mode, a token goes where it
   * is dragged; the movement rules apply in a fight or in a mode the GM picked.
   */
  readonly freeMove = $derived.by(
    () => this.map !== null && !this.map.fight && this.session.focus.moveMode === null,
  )
  /** Where the path preview runs to: the dragged cell, else the clicked target, else the hovered cell. */
  readonly pathCell = $derived.by((): Cell | null => {
    const focus = this.session.focus
    const drag = focus.drag && focus.drag.tokenId === this.selected?.id ? focus.drag.to : null
    // While a template is placed the pointer belongs to it: only a drag previews a path then.
    const cell = drag ?? (this.template ? null : (focus.pathTarget ?? focus.hoveredCell))
    return cell && this.selected && !sameCell(cell, this.selected.at) ? cell : null
  })
  /** The token the cover line runs to: the one under the pointer, else the chosen target. */
  readonly coverTarget = $derived.by((): CampaignToken | null => {
    const map = this.map
    const selected = this.selected
    if (!map || !selected) return null
    const hovered = tokenAt(map, this.session.focus.hoveredCell, selected.id)
    if (hovered) return hovered
    return map.tokens.find((t) => t.id === this.targetTokenId && t.id !== selected.id) ?? null
  })

  constructor(private readonly session: GmSession) {
    let shownMapId: string | null = null
    $effect.root(() => {
      // Another map: a template or a move outcome from the last one means nothing here.
      $effect(() => {
        const id = this.map?.id ?? null
        if (id === shownMapId) return
        shownMapId = id
        this.template = null
        this.templatePicks = []
        this.lastMove = null
      })
      // Another move mode: the last move's answer ("too far for this move") no longer applies,
      // and it would push the new path's checks down the dock.
      $effect(() => {
        void this.session.focus.moveMode
        this.lastMove = null
      })
      $effect(() => this.requestReach())
      $effect(() => this.requestZoc())
      $effect(() => this.requestPath())
      $effect(() => this.requestRuler())
      $effect(() => this.requestCover())
      $effect(() => this.requestAttack())
      $effect(() => this.requestFlanking())
      $effect(() => this.requestLight())
      $effect(() => this.requestTemplate())
    })
  }

  private async ask<Q extends QueryName>(
    map: CampaignMap,
    name: Q,
    args: QueryArgs<Q>,
  ): Promise<QueryAnswer<Q>> {
    const campaign = this.session.campaign
    if (!campaign) throw new Error('no campaign is open')
    // Not while a campaign that just opened builds its board: the answer comes after that frame
    // either way, and main's work on it would compete with the page's (issue 29).
    await this.session.boardDrawn
    if (this.session.campaign?.id !== campaign.id) throw new Error('another campaign is open')
    return askMain(this.session.api, { campaignId: campaign.id, mapId: map.id }, name, args)
  }

  /** The query fields for the chosen move mode (charge needs its target). */
  private modeFields(): { mode: string; target?: string } | null {
    if (!TARGETED_MODES.has(this.mode)) return { mode: this.mode }
    return this.targetTokenId ? { mode: this.mode, target: this.targetTokenId } : null
  }

  private requestReach(): void {
    const { map, selected } = this
    const fields = this.modeFields()
    if (!map || !selected || !fields || !this.shown.reach) return this.reach.clear()
    const key = `${revisionOf(map)}|${selected.id}|${JSON.stringify(fields)}`
    this.reach.request(key, () => this.ask(map, 'reach', { token: selected.id, ...fields }))
  }

  private requestZoc(): void {
    const { map, selected } = this
    if (!map || !selected || !this.shown.zoc || !hasTacticalQueries(map.system)) {
      return this.zoc.clear()
    }
    const foes = foesOf(map, selected)
    const key = `${revisionOf(map)}|${selected.id}`
    this.zoc.request(key, async () => {
      const owners: Record<string, string[]> = {}
      const answers = await Promise.all(foes.map((foe) => this.ask(map, 'zoc', { token: foe.id })))
      answers.forEach((answer, i) => {
        for (const cell of cellsOf(answer)) {
          const key = cellKey(cell)
          owners[key] = [...(owners[key] ?? []), foes[i].id]
        }
      })
      return owners
    })
  }

  private requestPath(): void {
    const { map, selected, pathCell } = this
    const fields = this.modeFields()
    if (!map || !selected || !pathCell || !fields || !this.shown.path) return this.path.clear()
    const key = `${revisionOf(map)}|${selected.id}|${JSON.stringify(fields)}|${cellKey(pathCell)}`
    const clicked = sameCell(pathCell, this.session.focus.pathTarget)
    this.path.request(
      key,
      async () =>
        pathView(await this.ask(map, 'path', { token: selected.id, to: pathCell, ...fields })),
      clicked ? 0 : HOVER_DEBOUNCE_MS,
    )
  }

  private requestRuler(): void {
    const { map, selected, pathCell } = this
    if (!map || !selected || !pathCell || !this.shown.ruler) return this.ruler.clear()
    const key = `${map.system}|${cellKey(selected.at)}|${cellKey(pathCell)}`
    this.ruler.request(
      key,
      () => this.ask(map, 'distance', { from: selected.at, to: pathCell }),
      HOVER_DEBOUNCE_MS,
    )
  }

  private requestCover(): void {
    const { map, selected, coverTarget } = this
    if (!map || !selected || !coverTarget || !this.shown.cover || !hasTacticalQueries(map.system)) {
      return this.cover.clear()
    }
    const target = coverTarget.id
    this.cover.request(
      `${revisionOf(map)}|${selected.id}|${target}`,
      async () => ({
        ...(await this.ask(map, 'cover', { from: selected.id, to: target, attack: 'ranged' })),
        target,
      }),
      HOVER_DEBOUNCE_MS,
    )
  }

  private requestAttack(): void {
    const { map, selected, coverTarget } = this
    const attacks = map ? systemFacts(map.system).attackQuery : false
    if (!map || !selected || !coverTarget || !this.shown.cover || !attacks)
      return this.attack.clear()
    const target = coverTarget.id
    const kind = this.attackKind
    this.attack.request(
      `${revisionOf(map)}|${selected.id}|${target}|${kind}`,
      async () => ({
        ...attackView(
          await this.ask(map, 'attack', { attacker: selected.id, target, attack: kind }),
        ),
        target,
        kind,
      }),
      HOVER_DEBOUNCE_MS,
    )
  }

  private requestFlanking(): void {
    const map = this.map
    if (!map || !this.flankingShown || !hasTacticalQueries(map.system)) return this.flanking.clear()
    // One question per map revision for every token (flanking-all), not one per token.
    this.flanking.request(
      `${revisionOf(map)}`,
      async () => (await this.ask(map, 'flanking-all', {})).flanked,
    )
  }

  private requestLight(): void {
    const { map, selected } = this
    if (!map || !selected || !this.shown.light || !systemFacts(map.system).hasLight)
      return this.light.clear()
    const withViewer = systemFacts(map.system).lightPerViewer
    this.light.request(`${revisionOf(map)}|${selected.id}`, () =>
      this.ask(map, 'light', { at: selected.at, ...(withViewer ? { token: selected.id } : {}) }),
    )
  }

  private requestTemplate(): void {
    const { map, template } = this
    if (!map || !template) return this.area.clear()
    const query = templateQuery(map, template, {
      user: this.selected,
      picks: this.templatePicks,
      hovered: this.session.focus.hoveredCell,
      pointer: this.pointer,
    })
    if (!query) return this.area.clear()
    const confirmed = this.templateConfirmed
    this.area.request(
      `${revisionOf(map)}|${JSON.stringify(query)}`,
      async () => {
        const { type, ...args } = query
        return areaView(await this.ask(map, type, args))
      },
      confirmed ? 0 : HOVER_DEBOUNCE_MS / 2,
    )
  }

  /** True once the template's origin or picks are clicked (no longer following the pointer). */
  get templateConfirmed(): boolean {
    const template = this.template
    if (!template) return false
    if (template.kind === 'targets') {
      if (template.shape === 'scene' || template.shape === 'line') return true
      return this.templatePicks.length >= (template.shape === 'squares' ? template.n : 1)
    }
    return this.templatePicks.length >= (isAimed(template) ? 2 : 1)
  }

  startTemplate(settings: TemplateSettings | null): void {
    this.template = settings
    this.templatePicks = []
  }

  /** A click on the board while a template is placed: pick or confirm, or start over. */
  pickTemplateCell(cell: Cell, point: { x: number; y: number }): void {
    const template = this.template
    if (!template) return
    if (template.kind === 'targets' && template.shape === 'squares') {
      const picks = this.templatePicks
      if (picks.some((p) => sameCell(p, cell)))
        this.templatePicks = picks.filter((p) => !sameCell(p, cell))
      else if (picks.length < template.n) this.templatePicks = [...picks, cell]
      else this.templatePicks = [cell]
      return
    }
    if (template.kind === 'spread') {
      // Cone and line: the first click is the origin, the second pins the direction, a third
      // starts over. Burst and spread are pinned by their origin alone.
      const at: Cell = [Math.round(point.x), Math.round(point.y)]
      const picks = this.templatePicks
      const aiming = isAimed(template) && picks.length === 1
      this.templatePicks =
        aiming && !sameCell(picks[0], at) ? [picks[0], at] : aiming ? picks : [at]
      return
    }
    this.templatePicks = this.templateConfirmed ? [] : [cell]
  }

  /** The board's token drop: handled here (true) when it is the selected token on this map. */
  async dropToken(tokenId: string, to: Cell): Promise<boolean> {
    if (!this.selected || this.selected.id !== tokenId) return false
    this.session.focus.pathTarget = to
    await this.moveSelected(to)
    return true
  }

  /**
   * Moves the selected token along the previewed path: main's path answer decides whether the
   * move is legal; a refusal is kept with its reason unless the GM forces it.
   */
  async moveSelected(to: Cell, force = this.override): Promise<MoveOutcome | null> {
    const { map, selected } = this
    if (!map || !selected || sameCell(selected.at, to)) return null
    if (this.freeMove) return this.moveFreely(map, selected, to)
    let outcome: MoveOutcome
    let reason: string | undefined
    let cost = 0
    const fields = this.modeFields() ?? { mode: this.mode }
    try {
      const answer = pathView(await this.ask(map, 'path', { token: selected.id, to, ...fields }))
      if (answer.reachable) cost = answer.cost
      else reason = answer.reason
    } catch (error) {
      // An engine error code has a sentence too (lib/engine-reasons.ts); other failures keep their words.
      reason =
        error instanceof ApiError
          ? error.code
          : error instanceof Error
            ? error.message
            : String(error)
    }
    if (reason !== undefined && !force) {
      outcome = { kind: 'refused', tokenId: selected.id, to, reason }
    } else {
      await this.sendMove(map, selected, to)
      const moved = this.session.selectedMap?.tokens.find((t) => t.id === selected.id)
      if (!moved || !sameCell(moved.at, to)) outcome = this.failedMove(selected.id, to)
      else if (reason !== undefined) {
        outcome = {
          kind: 'forced',
          tokenId: selected.id,
          to,
          ...(reason !== undefined ? { reason } : {}),
        }
      } else outcome = { kind: 'moved', tokenId: selected.id, to, cost, forced: false }
      if (outcome.kind !== 'failed') this.session.focus.pathTarget = null
    }
    this.lastMove = outcome
    return outcome
  }

  private async moveFreely(map: CampaignMap, token: CampaignToken, to: Cell): Promise<MoveOutcome> {
    await this.sendMove(map, token, to)
    const moved = this.session.selectedMap?.tokens.find((t) => t.id === token.id)
    const outcome: MoveOutcome =
      moved && sameCell(moved.at, to)
        ? { kind: 'free', tokenId: token.id, to }
        : this.failedMove(token.id, to)
    if (outcome.kind === 'free') this.session.focus.pathTarget = null
    this.lastMove = outcome
    return outcome
  }

  /** The move itself: the registry's token.move action (one command, one undo step). */
  private sendMove(map: CampaignMap, token: CampaignToken, to: Cell): Promise<boolean> {
    return runnerFor(this.session).perform(boardActions['token.move'], {
      mapId: map.id,
      tokenId: token.id,
      to,
    })
  }

  /** A move main did not make: what the status line says about it. */
  private failedMove(tokenId: string, to: Cell): MoveOutcome {
    const status = this.session.status
    return { kind: 'failed', tokenId, to, message: String(status.params?.message ?? status.key) }
  }
}

/** Pathfinder cones and lines need a direction as well as an origin. */
function isAimed(template: TemplateSettings): boolean {
  return template.kind === 'spread' && (template.shape === 'cone' || template.shape === 'line')
}

const states = new WeakMap<GmSession, FightState>()

/** One FightState per session, shared by the board layer and the side panel. */
export function fightFor(session: GmSession): FightState {
  let state = states.get(session)
  if (!state) states.set(session, (state = new FightState(session)))
  return state
}
