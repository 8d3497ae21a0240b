import type { Core } from '../../core.ts';
import type { AgentApplicationsService } from '../agents/index.ts';
import type { BonusService } from '../bonus/index.ts';
import type { ControlChanges } from '../dual-control/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import { InviteAdminService } from './admin.service.ts';
import { InviteService } from './invite.service.ts';
import { InviteRewardsService } from './rewards.service.ts';
import { InviteRulesService } from './rules.service.ts';

/** The invite programme: codes and links, its rules (runtime numbers), rewards, the console's view. */
export function createInvite(
  c: Core,
  d: {
    agentApplications: AgentApplicationsService;
    bonus: BonusService;
    messages: MessagesService;
    operators: OperatorsService;
    changes: ControlChanges;
  },
) {
  const inviteRules = new InviteRulesService(c.db, c.clock, d.operators, d.changes);
  return {
    inviteRules,
    /** The member's invite programme (code, link, referrals, rewards, ranking). */
    invite: new InviteService(c.db, d.agentApplications, c.events, c.clock, inviteRules),
    /** Pays invite rewards (deposit milestones on commit, daily bet commission by the job). */
    inviteRewards: new InviteRewardsService(c.db, d.bonus, d.messages, c.log, c.clock, inviteRules),
    /** The console's agents, their members and the rewards paid: lists only, so from Core.reads. */
    inviteAdmin: new InviteAdminService(c.reads, inviteRules, c.clock),
  };
}
