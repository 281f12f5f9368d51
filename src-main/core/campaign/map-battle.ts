// The one place that turns a campaign map into what the rules engine reads (issue 13: three
// copies had drifted, and which fields are GM-only is a leak waiting to happen). main's
// rules.query, the player view's fog (table/vision.ts) and the GM page's light overlay
// (src-renderer/lib/light-levels.ts) all go through here.
//
// GM-only and presentation fields (names, labels, colours, pictures, hidden flags, notes,
// private stats, secret marks, light ids) never reach the engine: it does not need them, and the
// scenario format is a public one that may end up in bug reports.
//
// Pure: no electron, node or storage; the renderer bundles it.
import type { Battle } from '../rules/system'
import type { MapSpec, TokenSpec } from '../rules/model'
import { Grid } from '../rules/grid/grid'
import { systemFacts } from '../rules/facts'
import {
  prepareMap,
  prepareScenario,
  SCENARIO_FORMAT,
  type PrepareMapResult,
  type PrepareResult,
} from '../rules/scenario/run'
import { withConditionStates, withFlatFooted } from './fight/conditions-to-rules'
import type { CampaignMap, CampaignToken } from './schema'

/** The engine's view of the map itself: squares, edges (no secret marks), light (no ids). */
function mapSpecOf(map: CampaignMap): MapSpec {
  return {
    width: map.width,
    height: map.height,
    cells: map.cells,
    edges: map.edges.map(({ between, kind, state }) => ({
      between,
      kind,
      ...(state !== undefined ? { state } : {}),
    })),
    light: {
      ...(map.light.ambient !== undefined ? { ambient: map.light.ambient } : {}),
      sources: map.light.sources.map(({ at, level, radius }) => ({ at, level, radius })),
    },
  }
}

/** One token as the engine reads it: rules fields only, with its conditions as engine states. */
function engineTokenOf(map: CampaignMap, token: CampaignToken): TokenSpec {
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

/** The public scenario document (spec/scenario-format.md) for one map and one query. */
export function mapScenario(map: CampaignMap, query?: unknown): Record<string, unknown> {
  return {
    format: SCENARIO_FORMAT,
    system: map.system,
    map: mapSpecOf(map),
    tokens: map.tokens.map((token) => engineTokenOf(map, token)),
    // The scenario format keeps deployment squares under `dystopia` (spec/scenario-format.md).
    ...(systemFacts(map.system).deployZones && map.deploy
      ? { dystopia: { deploy: map.deploy } }
      : {}),
    ...(query !== undefined ? { query } : {}),
  }
}

// A campaign is immutable: an edit makes a new map object, so the map object is the revision and
// every query, fog pass and overlay on that revision shares one validated battle.
const prepared = new WeakMap<CampaignMap, PrepareResult>()

// Commands share every untouched part of a map (a token move keeps `cells`, `edges` and `light`
// as the same objects), so the grid is kept per layout: a revision that changes only tokens,
// conditions or names checks its tokens against the grid it already has. A layout is not put
// through the engine's map schema again: campaign maps are checked against campaignMapSchema
// (which extends it) on load, and change only through schema-checked commands, so an edit is
// validated by its command, not by walking all 5,000 walls again.
const layouts = new WeakMap<
  object,
  WeakMap<object, WeakMap<object, Map<string, PrepareMapResult>>>
>()

function preparedLayoutOf(map: CampaignMap): PrepareMapResult {
  const byEdges = getOrSet(layouts, map.cells, () => new WeakMap())
  const byLight = getOrSet(byEdges, map.edges, () => new WeakMap())
  const bySize = getOrSet(byLight, map.light, () => new Map<string, PrepareMapResult>())
  return getOrSet(bySize, `${map.width}x${map.height}`, () =>
    prepareMap(mapSpecOf(map), { schemaChecked: true }),
  )
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

/** The map's battle, validated once per map revision (prepareScenario), or why it was refused. */
export function preparedBattleOf(map: CampaignMap): PrepareResult {
  let result = prepared.get(map)
  if (!result) {
    const layout = preparedLayoutOf(map)
    result = layout.ok ? prepareScenario(mapScenario(map), layout.prepared) : layout
    prepared.set(map, result)
  }
  return result
}

const lenient = new WeakMap<CampaignMap, Battle>()

/**
 * The battle for fog and overlays, which must show something even on a map the scenario check
 * refuses (a GM may stack two tokens on one square with the override): the validated battle when
 * there is one, otherwise the same fields built without the check.
 */
export function battleOf(map: CampaignMap): Battle {
  const result = preparedBattleOf(map)
  if (result.ok) return result.prepared.battle
  let battle = lenient.get(map)
  if (!battle) {
    const scenario = mapScenario(map)
    const tokens = scenario.tokens as TokenSpec[]
    battle = {
      grid: Grid.fromSpec(scenario.map as MapSpec),
      tokens,
      tokenById: new Map(tokens.map((t) => [t.id, t])),
      scenario,
    }
    lenient.set(map, battle)
  }
  return battle
}
