/** The support module's face: what other modules and the composition root may use. */
export { createSupport } from './support.module.ts';
export { supportAdminRoutes } from './admin.routes.ts';
export { supportRoutes } from './support.routes.ts';
export { SupportService } from './support.service.ts';
export { SupportDeskService } from './desk.service.ts';
