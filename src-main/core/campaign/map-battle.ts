// The one place that turns a campaign map into what the rules engine reads (issue 13: three
// copies had drifted, and which fields are GM-only is a leak waiting to happen). main's
// rules.query, the player view's fog (table/vision.ts) and the GM page's light overlay
// (src-renderer/lib/light-levels.ts) all go through here, and ask (rules/ask.ts) answers on the
// battle built here.
//
// The battle is built from the campaign map directly (issue 28): the grid from the map's squares,
// edges and light, the tokens field by field, then the scenario runner's own token checks
// (assembleBattle). The scenario document (mapScenario) is the CLI's format and the battle's raw
// record; tests/unit/map-battle-direct.property.test.ts checks that the battle built here equals
// the one the runner builds from that document, on every sample map and on random maps.
//
// GM-only and presentation fields (names, labels, colours, pictures, hidden flags, notes,
// private stats, secret marks, light ids) never reach the engine: it does not need them, and the
// scenario format is a public one that may end up in bug reports.
//
// Pure: no electron, node or storage; the renderer bundles it.
import type { Battle } from '../rules/system'
import { ScenarioError } from '../rules/system'
import { MAX_TOKENS, type MapSpec, type TokenSpec } from '../rules/model'
import { Grid } from '../rules/grid/grid'
import { systemFacts } from '../rules/facts'
import { getSystem } from '../rules/systems/index'
import {
  assembleBattle,
  prepareMap,
  SCENARIO_FORMAT,
  type PrepareMapResult,
  type PrepareResult,
} from '../rules/scenario/run'
import { failure } from '../rules/ask'
import { withConditionStates, withFlatFooted } from './fight/conditions-to-rules'
import type { CampaignEdge, CampaignMap, CampaignToken } from './schema'
import { changedItems } from './changed-items'
import { keyedLookup, recordKeyOf } from './list-keys'

/**
 * The engine's view of the map itself: squares, edges (no secret marks), light (no ids). The
 * grid is built from the campaign map's edges, so the engine's copy of them is made only when the
 * scenario document is read (the CLI's format, tests): a wall click does not copy 5,000 edges
 * into a new list it never reads (issue 29).
 */
function mapSpecOf(map: CampaignMap): MapSpec {
  const source = map.edges
  let edges: MapSpec['edges']
  return {
    width: map.width,
    height: map.height,
    cells: map.cells,
    get edges() {
      return (edges ??= source.map(engineEdgeOf))
    },
    light: {
      ...(map.light.ambient !== undefined ? { ambient: map.light.ambient } : {}),
      sources: map.light.sources.map(({ at, level, radius }) => ({ at, level, radius })),
    },
  }
}

function engineEdgeOf({
  between,
  kind,
  state,
}: CampaignEdge): NonNullable<MapSpec['edges']>[number] {
  return { between, kind, ...(state !== undefined ? { state } : {}) }
}

// The engine's record of each token, kept while the token record, the map's conditions, its
// fight and its system are the same objects: a wall click then gives the rules the very records
// of the revision before, and the systems, which parse a record's own fields once per record
// (rules/scenario/token-extras.ts), parse none of them again (issue 29).
interface EngineToken {
  readonly conditions: CampaignMap['conditions']
  readonly fight: CampaignMap['fight']
  readonly system: CampaignMap['system']
  readonly spec: TokenSpec
}
const engineTokens = new WeakMap<CampaignToken, EngineToken>()

/** One token as the engine reads it: rules fields only, with its conditions as engine states. */
function engineTokenOf(map: CampaignMap, token: CampaignToken): TokenSpec {
  const known = engineTokens.get(token)
  if (
    known &&
    known.conditions === map.conditions &&
    known.fight === map.fight &&
    known.system === map.system
  )
    return known.spec
  const spec = engineTokenMadeOf(map, token)
  engineTokens.set(token, {
    conditions: map.conditions,
    fight: map.fight,
    system: map.system,
    spec,
  })
  return spec
}

function engineTokenMadeOf(map: CampaignMap, token: CampaignToken): TokenSpec {
  const {
    name: _name,
    label: _label,
    color: _color,
    picture: _picture,
    hidden: _hidden,
    notes: _notes,
    privateStats: _private,
    checks: _checks,
    ...rulesFields
  } = token
  return withFlatFooted(withConditionStates(rulesFields, map.conditions ?? []), map) as TokenSpec
}

/**
 * The fields of an engine token the battle lists (the scenario's token schema, tokenSpecSchema);
 * the rest stay in the raw record for the systems that read them.
 */
function tokenSpecOf(token: TokenSpec): TokenSpec {
  const { id, at, faction, move, size, reach, states, elevation, initiative } = token
  return {
    id,
    at,
    faction,
    ...(move !== undefined ? { move } : {}),
    ...(size !== undefined ? { size } : {}),
    ...(reach !== undefined ? { reach } : {}),
    ...(states !== undefined ? { states } : {}),
    ...(elevation !== undefined ? { elevation } : {}),
    ...(initiative !== undefined ? { initiative } : {}),
  }
}

/** The public scenario document (spec/scenario-format.md) for one map and one query. */
export function mapScenario(map: CampaignMap, query?: unknown): Record<string, unknown> {
  return {
    format: SCENARIO_FORMAT,
    system: map.system,
    map: layoutOf(map).spec,
    tokens: map.tokens.map((token) => engineTokenOf(map, token)),
    // The scenario format keeps deployment squares under `dystopia` (spec/scenario-format.md).
    ...(systemFacts(map.system).deployZones && map.deploy
      ? { dystopia: { deploy: map.deploy } }
      : {}),
    ...(query !== undefined ? { query } : {}),
  }
}

// A campaign is immutable: an edit makes a new map object, so the map object is the revision and
// every query, fog pass and overlay on that revision shares one checked battle.
const prepared = new WeakMap<CampaignMap, PrepareResult>()

// Commands share every untouched part of a map (a token move keeps `cells`, `edges` and `light`
// as the same objects), so the grid and the map's engine view are kept per layout: a revision
// that changes only tokens, conditions or names checks its tokens against the grid it already
// has. A layout is not put through the engine's map schema again: campaign maps are checked
// against campaignMapSchema (which extends it) on load, and change only through schema-checked
// commands, so an edit is validated by its command, not by walking all 5,000 walls again.
interface Layout {
  readonly spec: MapSpec
  readonly grid: PrepareMapResult
}
const layouts = new WeakMap<object, WeakMap<object, WeakMap<object, Map<string, Layout>>>>()

function layoutOf(map: CampaignMap): Layout {
  const byEdges = getOrSet(layouts, map.cells, () => new WeakMap())
  const byLight = getOrSet(byEdges, map.edges, () => new WeakMap())
  const bySize = getOrSet(byLight, map.light, () => new Map<string, Layout>())
  return getOrSet(bySize, `${map.width}x${map.height}`, () => {
    const spec = mapSpecOf(map)
    const grid =
      derivedGridOf(map, latestLayouts.get(map.cells)?.get(map.light)) ??
      prepareMap(spec, { schemaChecked: true })
    if (grid.ok)
      getOrSet(latestLayouts, map.cells, () => new WeakMap()).set(map.light, {
        edges: map.edges,
        width: map.width,
        height: map.height,
        grid: grid.prepared.grid,
      })
    return { spec, grid }
  })
}

// The last layout built for each squares-and-light pair: a wall or door edit makes a new edges
// list on the same squares and light, and its grid is that one with the touched edges set again
// (Grid.withEdges) instead of 5,000 walls walked (issue 29).
interface LatestLayout {
  edges: CampaignMap['edges']
  width: number
  height: number
  grid: Grid
}
const latestLayouts = new WeakMap<object, WeakMap<object, LatestLayout>>()

function derivedGridOf(
  map: CampaignMap,
  latest: LatestLayout | undefined,
): PrepareMapResult | null {
  if (!latest || latest.width !== map.width || latest.height !== map.height) return null
  const touched = changedItems(latest.edges, map.edges)
  const slots = slotsNow(map.edges, touched, latest.edges)
  const grid = slots && Grid.withEdges(latest.grid, slots)
  return grid ? { ok: true, prepared: { grid } } : null
}

/**
 * What each touched edge's slot holds in `edges`: the one entry with its squares, found through
 * the keys the change lists keep (derived from the list before), or none. Null when two entries
 * share a slot (the last one wins, and an edit that only reorders them changes the grid: the
 * loader and the commands never leave such a list, but then the grid is built again).
 */
function slotsNow(
  edges: CampaignMap['edges'],
  touched: readonly CampaignEdge[],
  before: CampaignMap['edges'],
): { between: CampaignEdge['between']; now: CampaignEdge | undefined }[] | null {
  const indexOf = keyedLookup(edges, 'edge', before)
  if (!indexOf) return null
  const slots: { between: CampaignEdge['between']; now: CampaignEdge | undefined }[] = []
  for (const edge of touched) {
    const key = recordKeyOf('edge', edge)
    if (key === undefined) return null
    const at = indexOf(key)
    slots.push({ between: edge.between, now: at < 0 ? undefined : edges[at] })
  }
  return slots
}

function getOrSet<K, V>(
  store: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => V,
): V {
  let value = store.get(key)
  if (value === undefined) store.set(key, (value = make()))
  return value
}

/** The map's battle, built and checked once per map revision, or why it was refused. */
export function preparedBattleOf(map: CampaignMap): PrepareResult {
  let result = prepared.get(map)
  if (!result) {
    result = buildBattle(map)
    prepared.set(map, result)
  }
  return result
}

function buildBattle(map: CampaignMap): PrepareResult {
  const layout = layoutOf(map).grid
  if (!layout.ok) return layout
  const scenario = mapScenario(map)
  const tokens = (scenario.tokens as TokenSpec[]).map(tokenSpecOf)
  try {
    if (tokens.length > MAX_TOKENS) {
      throw new ScenarioError(
        'too-many-tokens',
        `${tokens.length} tokens exceed the limit of ${MAX_TOKENS}`,
        '/tokens',
      )
    }
    const battle = assembleBattle(map.system, layout.prepared.grid, tokens, scenario)
    return { ok: true, prepared: { system: getSystem(map.system), battle } }
  } catch (e) {
    return failure(e)
  }
}

const lenient = new WeakMap<CampaignMap, Battle>()

/**
 * The battle for fog and overlays, which must show something even on a map the scenario check
 * refuses (a GM may stack two tokens on one square with the override): the checked battle when
 * there is one, otherwise the same fields built without the check.
 */
export function battleOf(map: CampaignMap): Battle {
  const result = preparedBattleOf(map)
  if (result.ok) return result.prepared.battle
  let battle = lenient.get(map)
  if (!battle) {
    const scenario = mapScenario(map)
    const tokens = (scenario.tokens as TokenSpec[]).map(tokenSpecOf)
    const layout = layoutOf(map).grid
    battle = {
      system: map.system,
      grid: layout.ok ? layout.prepared.grid : Grid.fromSpec(scenario.map as MapSpec),
      tokens,
      tokenById: new Map(tokens.map((t) => [t.id, t])),
      scenario,
    }
    lenient.set(map, battle)
  }
  return battle
}
