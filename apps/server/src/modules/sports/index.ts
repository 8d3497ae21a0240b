/** The sports module's face: what other modules and the composition root may use. */
export { LIVE_ACCEPT_INTERVAL_MS, LiveAcceptanceService } from './acceptance.service.ts';
export { sportsAdminRoutes } from './admin.routes.ts';
export { SportsAdminService } from './admin.service.ts';
export { BOOK_BACKFILL_INTERVAL_MS, BookBackfillService } from './book-backfill.service.ts';
export { FeedSync } from './feed-sync.ts';
export type { SportsFeed } from './feed/feed.ts';
export { SimulatedFeed } from './feed/simulator.ts';
export { liveRoutes } from './live.routes.ts';
export { matchesRoutes } from './matches.routes.ts';
export { MatchesService } from './matches.service.ts';
export { ordersRoutes } from './orders.routes.ts';
export { OrdersService } from './orders.service.ts';
export { OVERDUE_CHECK_INTERVAL_MS, OverdueMatchService } from './overdue.service.ts';
export { preferencesRoutes } from './preferences.routes.ts';
export { SportsPreferencesService } from './preferences.service.ts';
export { SettlementService } from './settlement.service.ts';
export { passTypeName } from './sports.mapper.ts';
export { createSports } from './sports.module.ts';
