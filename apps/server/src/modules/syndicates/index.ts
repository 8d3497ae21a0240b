/** The syndicates module's face: what other modules and the composition root may use. */
export { createSyndicates } from './syndicates.module.ts';
export { syndicatesAdminRoutes, syndicatesRoutes } from './syndicates.routes.ts';
export { SyndicatesService, type SettledOrder } from './syndicates.service.ts';
