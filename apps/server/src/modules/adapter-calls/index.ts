/** The adapter-calls module's face: the record of every call an adapter made (外部调用). */
export { adapterCallsAdminRoutes } from './admin.routes.ts';
export { AdapterCallLog, type AdapterCallLogOptions } from './adapter-calls.log.ts';
export { AdapterCallsService } from './adapter-calls.service.ts';
