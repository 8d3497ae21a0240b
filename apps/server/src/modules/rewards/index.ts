/** The rewards module's face: what other modules and the composition root may use. */
export { BonusLogsService } from './bonus-logs.service.ts';
export { DEFAULT_REBATE_SOURCES } from './rebate-sources.ts';
export { RebateService } from './rebate.service.ts';
export { rewardsRoutes } from './rewards.routes.ts';
export { VipService } from './vip.service.ts';
export { createRewards } from './rewards.module.ts';
