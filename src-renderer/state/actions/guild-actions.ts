// The guild book's actions (Arianrhod, seed 004): the guild, its members and growth, supports,
// items, loot, loans and the session's reward. The guild's records have no map: each is one
// command about the campaign. A support's uses count from what main holds when the command goes out.
import { action, campaignCommand, defineActions } from './action'

export const guildActions = defineActions({
  'guild.create': campaignCommand('guild.create', 'action.guild.create'),
  'guild.update': campaignCommand('guild.update', 'action.guild.update'),
  'guild.session.end': campaignCommand('guild.session.end', 'guild.endSession'),
  'guild.member.add': campaignCommand('guild.member.add', 'action.guild.member.add'),
  'guild.member.update': campaignCommand('guild.member.update', 'action.guild.member.update'),
  'guild.member.remove': campaignCommand('guild.member.remove', 'action.guild.member.remove'),
  'guild.attendance': campaignCommand('guild.attendance', 'action.guild.attendance'),
  'guild.master': campaignCommand('guild.master', 'action.guild.master'),
  'guild.milestone': campaignCommand('guild.milestone', 'guild.growth.milestone'),
  'guild.pick': campaignCommand('guild.pick', 'action.guild.pick'),
  'guild.connection': campaignCommand('guild.connection', 'action.guild.connection'),
  'guild.support.add': campaignCommand('guild.support.add', 'action.guild.support.add'),
  'guild.support.update': campaignCommand('guild.support.update', 'action.guild.support.update'),
  'guild.support.use': action<{ supportId: string; by: 1 | -1 }>({
    label: 'action.guild.support.use',
    enabled: ({ session }) => session.campaign?.guild !== undefined,
    perform:
      (_context, { supportId, by }) =>
      (campaign) => {
        const uses = campaign.guild?.supports.find((s) => s.id === supportId)?.uses
        if (!uses) return null
        const used = Math.min(uses.max, Math.max(0, uses.used + by))
        return used === uses.used ? null : { type: 'guild.support.update', supportId, used }
      },
  }),
  'guild.support.remove': campaignCommand('guild.support.remove', 'action.guild.support.remove'),
  'guild.item.add': campaignCommand('guild.item.add', 'action.guild.item.add'),
  'guild.item.sell': campaignCommand('guild.item.sell', 'action.guild.item.sell'),
  'guild.item.move': campaignCommand('guild.item.move', 'action.guild.item.move'),
  'guild.loot.row': campaignCommand('guild.loot.row', 'action.guild.loot.row'),
  'guild.loan.add': campaignCommand('guild.loan.add', 'action.guild.loan.add'),
  'guild.loan.repay': campaignCommand('guild.loan.repay', 'guild.loans.repay'),
  'guild.reward': campaignCommand('guild.reward', 'action.guild.reward'),
})
