/** The free-bets module's face: what other modules and the composition root may use. */
export { freeBetsAdminRoutes } from './admin.routes.ts';
export { createFreeBets } from './free-bets.module.ts';
export { freeBetsRoutes } from './free-bets.routes.ts';
export { FreeBetsService, type OrderOutcome } from './free-bets.service.ts';
