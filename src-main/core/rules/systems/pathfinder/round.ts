// The round so far (an optional top-level scenario field `round`, filled by the app's turn
// tracker): what each combatant already did this round, for the rules that depend on it (003):
//   - 5フィート・ステップ: 「1ラウンドには2回以上の5フィート・ステップを行うことはできない。またその
//     ラウンドにこれ以外で実際にいくばくかの距離を移動するのであれば、5フィート・ステップを行うことは
//     できない」, and after a 5-foot step no other movement that round;
//   - 疾走: 「【耐久力】の値と同じラウンド数までは問題なく疾走することができるが、その後も疾走を続けたいな
//     ら、【耐久力】判定(DC10)…この判定のDCは判定に成功するごとに1ずつ上昇」, and after running to
//     the limit 「1分間(10ラウンド)休憩をとらなければ、再び疾走することはできない。休憩している間、
//     キャラクターは通常の移動アクションより早く移動することはできない」;
//   - 機会攻撃: one a round, more with 《迎え討ち》 (【敏捷力】 modifier more).
import { z } from 'zod'
import type { Battle } from '../../system'
import { ScenarioError } from '../../system'

/** What the attacks-of-opportunity count reads of a creature (creatures.ts builds them). */
export interface AooMaker {
  readonly id: string
  readonly extras: { readonly combatReflexes?: boolean; readonly dexModifier?: number }
}

const idList = z.array(z.string().min(1).max(200)).max(10_000)
const counts = z.record(z.string().min(1).max(200), z.number().int().min(0).max(1000))

export const roundSchema = z.object({
  /** Moved some distance this round (other than a 5-foot step). */
  moved: idList.optional(),
  /** Took a 5-foot step this round. */
  stepped: idList.optional(),
  /** Attacks of opportunity already made this round. */
  aooMade: counts.optional(),
  /** Rounds run in a row before this one. */
  ranRounds: counts.optional(),
  /** Ran to the limit and is resting (no run, nothing faster than a move action). */
  resting: idList.optional(),
})
export type RoundInput = z.infer<typeof roundSchema>

export class RoundState {
  constructor(private readonly input: RoundInput = {}) {}

  static of(battle: Battle): RoundState {
    const raw = battle.scenario.round
    if (raw === undefined) return new RoundState()
    const parsed = roundSchema.safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new ScenarioError(
        'invalid-scenario',
        `round: ${issue.message}`,
        `/round/${issue.path.join('/')}`,
      )
    }
    return new RoundState(parsed.data)
  }

  moved(id: string): boolean {
    return this.input.moved?.includes(id) ?? false
  }

  stepped(id: string): boolean {
    return this.input.stepped?.includes(id) ?? false
  }

  resting(id: string): boolean {
    return this.input.resting?.includes(id) ?? false
  }

  ranRounds(id: string): number {
    return this.input.ranRounds?.[id] ?? 0
  }

  /** Attacks of opportunity a creature may still make this round: 1, plus its 【敏捷力】 modifier with 《迎え討ち》. */
  aooLeft(creature: AooMaker): number {
    const perRound =
      1 + (creature.extras.combatReflexes ? Math.max(0, creature.extras.dexModifier ?? 0) : 0)
    return Math.max(0, perRound - (this.input.aooMade?.[creature.id] ?? 0))
  }
}
