/** The app-config module's face: what other modules and the composition root may use. */
export { appConfigRoutes } from './app-config.routes.ts';
export { AppConfigService } from './app-config.service.ts';
export { lockSetting, readSetting, writeSetting } from './settings.repo.ts';
