import { TIMEOUTS } from '@app/shared';
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { logger } from '../lib/logger.ts';
import { useFirstPaintDone } from './first-paint.ts';

/** A page chunk that did not arrive in time or failed to load (SPEC.md §8: ChunkLoadError). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** A page component that can be asked to start loading before it renders. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<void> };

/**
 * React.lazy with the page time-out of SPEC.md §9 (60 s) and a recognisable error. `preload`
 * starts the same load early (the launch page, while the app is still starting); the render
 * then takes the module already on its way instead of asking for it a second time.
 */
export function lazyPage(path: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const start = () =>
    (pending ??= new Promise<{ default: ComponentType }>((resolve, reject) => {
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
    }));
  return Object.assign(lazy(start), {
    // Settles when the page's code has arrived or failed (the render reports a failure).
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}

function Nothing() {
  return null;
}

/**
 * React.lazy for a part of a screen that can do without it (a home section, the reality check):
 * it loads after the first page has painted (and on later pages right away), and a chunk that
 * fails to arrive renders nothing (logged) instead of replacing the screen with the route error.
 */
export function lazyPart<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Part = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (err: unknown) => {
        logger.error('router', `模块加载失败：${name}`, err);
        return { default: Nothing as ComponentType<P> };
      },
    ),
  );
  function DeferredPart(props: P) {
    // The part's code is asked for once the first page is on screen, not inside its render.
    return useFirstPaintDone() ? createElement(Part as ComponentType<P>, props) : null;
  }
  DeferredPart.displayName = `Deferred(${name})`;
  return DeferredPart;
}
