/** The red-packets module's face: what other modules and the composition root may use. */
export { redPacketsAdminRoutes } from './admin.routes.ts';
export { createRedPackets } from './red-packets.module.ts';
export { redPacketsRoutes } from './red-packets.routes.ts';
export { RedPacketsService } from './red-packets.service.ts';
