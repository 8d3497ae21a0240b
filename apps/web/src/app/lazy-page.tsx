import { TIMEOUTS } from '@app/shared';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { logger } from '../lib/logger.ts';

/** A page chunk that did not arrive in time or failed to load (SPEC.md §8: ChunkLoadError). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** React.lazy with the page time-out of SPEC.md §9 (60 s) and a recognisable error. */
export function lazyPage(
  path: string,
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> {
  return lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
        const timer = setTimeout(() => {
          logger.error('router', `页面加载超时：${path}`);
          reject(new ChunkLoadError('页面加载超时，请检查网络后重试'));
        }, TIMEOUTS.pageLoadMs);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (err: unknown) => {
            clearTimeout(timer);
            logger.error('router', `页面加载失败：${path}`, err);
            reject(new ChunkLoadError('页面加载失败，请检查网络后重试'));
          },
        );
      }),
  );
}
