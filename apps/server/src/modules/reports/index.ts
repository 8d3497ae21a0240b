/** The reports module's face: what other modules and the composition root may use. */
export { gameSumsByDay, ledgerSumsByDay, memberCountsByDay } from './admin.repo.ts';
export { reportsAdminRoutes } from './admin.routes.ts';
export { ReportsAdminService } from './admin.service.ts';
export { dayFiguresOf, daysOf } from './figures.ts';
export { reportsRoutes } from './reports.routes.ts';
export { ReportsService } from './reports.service.ts';
export { createReports } from './reports.module.ts';
