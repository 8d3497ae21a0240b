/** The content module's face: what other modules and the composition root may use. */
export { contentAdminRoutes } from './admin.routes.ts';
export { ContentAdminService } from './admin.service.ts';
export { articlesRoutes } from './articles.routes.ts';
export { ArticlesService } from './articles.service.ts';
export { noticesRoutes } from './notices.routes.ts';
export { NoticesService } from './notices.service.ts';
export { plainText, sanitizeRichText } from './sanitize.ts';
export { createContent } from './content.module.ts';
