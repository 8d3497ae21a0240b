/** The invite module's face: what other modules and the composition root may use. */
export { inviteAdminRoutes } from './admin.routes.ts';
export { InviteAdminService } from './admin.service.ts';
export { inviteRoutes } from './invite.routes.ts';
export { InviteService } from './invite.service.ts';
export { INVITE_REWARDS_INTERVAL_MS, InviteRewardsService } from './rewards.service.ts';
export { InviteRulesService } from './rules.service.ts';
export { createInvite } from './invite.module.ts';
