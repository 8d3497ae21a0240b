/** The lottery module's face: what other modules and the composition root may use. */
export { lotteryAdminRoutes } from './admin.routes.ts';
export { LotteryAdminService } from './admin.service.ts';
export { lotteryBetsRoutes } from './bets.routes.ts';
export { LotteryBetsService } from './bets.service.ts';
export { lotteryChaseRoutes } from './chase.routes.ts';
export { LotteryChaseService } from './chase.service.ts';
export { deriveSeed, resolveDrawSeedKey } from './draw-seed.ts';
export { lotteryGamesRoutes } from './games.routes.ts';
export { lotteryRoutes } from './lottery.routes.ts';
export { LotteryService } from './lottery.service.ts';
export { LotteryScheduler } from './scheduler.ts';
export { LotterySettlement } from './settlement.service.ts';
export { SyndicateBets, type SyndicateLotterySlip } from './syndicate-bets.service.ts';
export { LotteryWalletService } from './wallet.service.ts';
export { createLottery } from './lottery.module.ts';
