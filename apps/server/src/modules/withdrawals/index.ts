/** The withdrawals module's face: what other modules and the composition root may use. */
export { withdrawalsAdminRoutes } from './admin.routes.ts';
export { WithdrawalQueueService } from './admin.service.ts';
export { UserWalletsService } from './wallets.service.ts';
export { withdrawalsRoutes } from './withdrawals.routes.ts';
export { WithdrawalsService } from './withdrawals.service.ts';
export { createWithdrawals } from './withdrawals.module.ts';
