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

function Nothing() {
  return null;
}

/**
 * React.lazy for a part of a screen that can do without it (a home section, the reality check):
 * it loads after the screen renders, and a chunk that fails to arrive renders nothing (logged)
 * instead of replacing the screen with the route error.
 */
export function lazyPart<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (err: unknown) => {
        logger.error('router', `模块加载失败：${name}`, err);
        return { default: Nothing as ComponentType<P> };
      },
    ),
  );
}
