// Conditions the rules engine understands, turned into the token fields it reads (issue 15:
// "conditions the engine understands feed the rules queries where the seeds say so"; issue 24:
// every condition 003 gives an effect). A condition's name — English or 003's own word, with or
// without 状態 — becomes the engine state of the same meaning; the engine
// (rules/systems/pathfinder/conditions.ts) knows what each does: 麻痺・気絶・睡眠・縛られている・瀕死
// are helpless, 朦朧 takes no action and threatens nothing, 組みつき / 押さえ込まれた do not move,
// よろめき / 満身創痍 take one action a round, and the AC and attack rows of 003's two tables.
// - 003 「立ちすくみ状態のキャラクターは、《迎え討ち》特技を修得していない限り、機会攻撃を行えない」:
//   a combatant before its first turn in the fight, or marked flat-footed, is `flatFooted`.
import { systemFacts } from '../../rules/facts'
import type { TokenState } from '../../rules/model'
import type { CampaignMap } from '../schema'
import type { Condition } from './schema'

/** Each engine state with the names a GM may type for it (English, and 003's Japanese). */
const NAMES: Readonly<Partial<Record<TokenState, readonly string[]>>> = {
  prone: ['prone', '伏せ'],
  helpless: ['helpless', '無防備'],
  bound: ['bound', '縛られている'],
  asleep: ['asleep', 'sleeping', '睡眠'],
  paralyzed: ['paralyzed', 'paralysed', '麻痺'],
  unconscious: ['unconscious', '気絶'],
  dying: ['dying', '瀕死'],
  stunned: ['stunned', '朦朧'],
  pinned: ['pinned', '押さえ込まれた', '押さえ込まれ'],
  grappled: ['grappled', '組みつき', '組みつかれた'],
  entangled: ['entangled', '絡みつかれた', '絡みつかれ'],
  dazzled: ['dazzled', '目がくらんだ', '目がくらみ'],
  shaken: ['shaken', '怯え'],
  frightened: ['frightened', '恐れ'],
  cowering: ['cowering', '戦慄'],
  staggered: ['staggered', 'よろめき'],
  disabled: ['disabled', '満身創痍'],
  kneeling: ['kneeling', 'sitting', '膝をついている', '座っている'],
  invisible: ['invisible', '不可視'],
  blinded: ['blinded', '盲目'],
  incorporeal: ['incorporeal', '非実体'],
}

const CONDITION_STATES: ReadonlyMap<string, TokenState> = new Map(
  Object.entries(NAMES).flatMap(([state, names]) =>
    (names ?? []).flatMap((name) => [
      [name, state as TokenState],
      // 「麻痺状態」 as well as 「麻痺」.
      ...(name.charCodeAt(name.length - 1) > 0x7f
        ? [[`${name}状態`, state as TokenState] as const]
        : []),
    ]),
  ),
)

const FLAT_FOOTED = new Set(['flat-footed', '立ちすくみ', '立ちすくみ状態'])

const key = (name: string): string => name.trim().toLowerCase()

/** The engine state a condition's name stands for, if any. */
export function conditionState(name: string): TokenState | undefined {
  return CONDITION_STATES.get(key(name))
}

export function withConditionStates<T extends { id: string; states?: TokenState[] }>(
  token: T,
  conditions: readonly Condition[],
): T {
  const added = conditions
    .filter((c) => c.tokenId === token.id)
    .map((c) => conditionState(c.name))
    .filter((state): state is TokenState => state !== undefined)
  if (added.length === 0) return token
  return { ...token, states: [...new Set([...(token.states ?? []), ...added])] }
}

/** Pathfinder / dnd35: a combatant that has not had its first turn, or marked so, is flat-footed. */
export function withFlatFooted<T extends { id: string }>(token: T, map: CampaignMap): T {
  if (!systemFacts(map.system).flatFootedBeforeFirstTurn) return token
  const waiting =
    map.fight?.order.some((c) => c.tokenId === token.id) && !map.fight.acted.includes(token.id)
  const marked = (map.conditions ?? []).some(
    (c) => c.tokenId === token.id && FLAT_FOOTED.has(key(c.name)),
  )
  return waiting || marked ? { ...token, flatFooted: true } : token
}
