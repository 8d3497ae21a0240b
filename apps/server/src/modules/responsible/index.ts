/** The responsible module's face: what other modules and the composition root may use. */
export { responsibleRoutes } from './responsible.routes.ts';
export { ResponsiblePlayService } from './responsible.service.ts';
