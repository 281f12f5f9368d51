// The rules and fight verbs (rules.query, dice.roll, and the initiative d20s a fight.start or
// fight.add is sent with), kept apart from handlers.ts, which dispatches to them. The rules
// engine answers on the battle prepared once per map revision (core/campaign/map-battle.ts); the
// dice are BCDice's, rolled here in main, so the reducer stays pure and a replay gives the same
// order.
import { systemFacts } from '@core/rules/facts'
import { preparedBattleOf } from '@core/campaign/map-battle'
import type { CampaignServiceApi } from '@core/contract/campaign-service'
import type { CampaignMap, Command } from '@core/campaign/schema'
import type { VerbArgs, VerbResult } from '@core/contract/contract'
import type { PreparedBattle } from '@core/rules/scenario/run'
import type { IdMaker } from '@core/random'
import { DiceError, type DiceRoller } from '../table/dice'
import { mapNotFound, VerbError } from './verb-error'

export type ScenarioOutcome =
  | { ok: true; answer: unknown }
  | { ok: false; error: { code: string; message: string; path?: string } }

/** The rules engine as the handlers see it (src-main/core/rules/scenario/run.ts). */
export interface RulesApi {
  /**
   * One query on a map revision's battle (built once per revision from the campaign map by
   * core/campaign/map-battle.ts): `runPrepared` checks the query's arguments with its declared
   * schema (core/rules/queries.ts) and answers through `ask` (core/rules/ask.ts askUntrusted).
   */
  runPrepared(prepared: PreparedBattle, query: unknown): ScenarioOutcome
}

export interface RulesVerbs {
  query(args: VerbArgs<'rules.query'>): Promise<VerbResult<'rules.query'>>
  roll(args: VerbArgs<'dice.roll'>): Promise<VerbResult<'dice.roll'>>
  /** The command with the initiative d20s main rolls for it (unchanged when none are needed). */
  withInitiativeDice(campaignId: string, command: Command): Promise<Command>
}

export function createRulesVerbs(
  service: Pick<CampaignServiceApi, 'open' | 'dispatch'>,
  rules: RulesApi,
  dice: DiceRoller,
  ids: IdMaker,
): RulesVerbs {
  async function findMap(campaignId: string, mapId: string): Promise<CampaignMap> {
    const { campaign } = await service.open(campaignId)
    const map = campaign.maps.find((m) => m.id === mapId)
    if (!map) throw mapNotFound(mapId)
    return map
  }

  return {
    async query({ campaignId, mapId, query }) {
      const map = await findMap(campaignId, mapId)
      const prepared = preparedBattleOf(map)
      const outcome = prepared.ok ? rules.runPrepared(prepared.prepared, query) : prepared
      if (!outcome.ok) throw new VerbError(outcome.error)
      // `ask` answers with the query's declared answer (not parsed again here: the schemas are
      // held to the engine's answers by answers.test.ts and handlers.rules.test.ts).
      return outcome.answer as VerbResult<'rules.query'>
    },

    async roll({ system, command, secret, campaignId, who, tokenId }) {
      let roll
      try {
        roll = await dice.roll(system, command, { secret })
      } catch (error) {
        if (error instanceof DiceError)
          throw new VerbError({ code: error.code, message: error.message })
        throw error
      }
      if (campaignId) {
        const entry = {
          id: ids.next('roll'),
          at: new Date().toISOString(),
          who: who ?? 'GM',
          ...(tokenId ? { tokenId } : {}),
          ...roll,
        }
        await service.dispatch(campaignId, { type: 'roll.record', entry })
      }
      return roll
    },

    /**
     * Initiative d20s are rolled here, in main, and written into the command, so the reducer
     * stays pure and a replay gives the same order. A pool covers roll-offs; unused dice are
     * ignored.
     */
    async withInitiativeDice(campaignId, command) {
      if (
        (command.type !== 'fight.start' && command.type !== 'fight.add') ||
        command.d20s.length > 0
      )
        return command
      const map = await findMap(campaignId, command.mapId)
      if (!systemFacts(map.system).rollsInitiative) return command
      // A newcomer's d20 and its roll-offs against those it ties with (two dice a round of them).
      const needed = command.type === 'fight.start' ? command.tokenIds.length * 5 : 21
      const d20s: number[] = []
      for (let i = 0; i < needed; i++) d20s.push((await dice.roll(map.system, '1D20')).dice[0])
      return { ...command, d20s }
    },
  }
}
