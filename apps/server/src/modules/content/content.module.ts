import type { Core } from '../../core.ts';
import type { AppConfigService } from '../app-config/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import { ContentAdminService } from './admin.service.ts';
import { ArticlesService } from './articles.service.ts';
import { NoticesService } from './notices.service.ts';

/** Content: notices and banners, experts and articles, and their console. */
export function createContent(
  c: Core,
  d: { operators: OperatorsService; appConfig: AppConfigService; messages: MessagesService },
) {
  return {
    /** Notices and banners. */
    notices: new NoticesService(c.reads, c.clock),
    /** Experts, expert and lottery articles, likes and favourites. */
    articles: new ArticlesService(c.db, c.reads, c.clock),
    contentAdmin: new ContentAdminService(
      c.db,
      c.reads,
      d.operators,
      d.appConfig,
      d.messages,
      c.clock,
      c.publicCache,
    ),
  };
}
