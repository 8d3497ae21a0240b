import type { QueryClient } from '@tanstack/react-query';
import { logger } from '../../lib/logger.ts';
import { storage } from '../../lib/storage.ts';
import { siteKeys } from '../site/queries.ts';

/**
 * Clears what the app keeps besides the session: foreign local-storage keys (only userinfo,
 * token and appinfo may exist), session storage, Cache Storage and the cached site info, which
 * is fetched again at once. The member stays logged in.
 */
export async function clearAppCache(queryClient: QueryClient): Promise<void> {
  const removed = storage.purgeForeignKeys();
  try {
    sessionStorage.clear();
  } catch (err) {
    logger.warn('cache', '清除会话存储失败', err);
  }
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  storage.remove('appinfo');
  await queryClient.resetQueries({ queryKey: siteKeys.all });
  logger.info('cache', '缓存已清除', { removedKeys: removed });
}
