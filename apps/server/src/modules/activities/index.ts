/** The activities module's face: what other modules and the composition root may use. */
export { insertActivities } from './activities.repo.ts';
export { activitiesRoutes } from './activities.routes.ts';
export { ActivitiesService } from './activities.service.ts';
export type { NewActivity } from './activities.table.ts';
export { activityAdminRoutes } from './admin.routes.ts';
