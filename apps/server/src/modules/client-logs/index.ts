/** The client-logs module's face: what other modules and the composition root may use. */
export { clientLogsRoutes } from './client-logs.routes.ts';
export { ClientLogsService } from './client-logs.service.ts';
