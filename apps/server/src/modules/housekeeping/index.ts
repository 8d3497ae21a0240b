/** The housekeeping module's face: what other modules and the composition root may use. */
export { HousekeepingService } from './housekeeping.service.ts';
/** 系统 › 历史归档: the console's read of history's partitions and archives. */
export { HistoryAdminService } from './admin.service.ts';
export { housekeepingAdminRoutes } from './admin.routes.ts';
