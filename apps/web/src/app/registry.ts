import type { AppRoute } from './route-types.ts';

// Every feature folder with a routes.ts contributes its pages; nothing else needs editing
// when a later feature arrives. Tabs, "mine" entries and home shortcuts are derived from
// what is registered here, so no placeholder pages are ever needed.
const modules = import.meta.glob<{ routes: AppRoute[] }>('../features/*/routes.ts', { eager: true });

export const appRoutes: AppRoute[] = Object.keys(modules)
  .sort()
  .flatMap((file) => modules[file]?.routes ?? []);

const registered = new Set(appRoutes.flatMap((route) => [route.path, ...(route.aliases ?? [])]));

/** Normalises "pages/x/y?tab=1" or "#/pages/x/y" to "/pages/x/y". */
export function routePath(target: string): string {
  const bare = target.replace(/^#/, '').split(/[?#]/)[0] ?? '';
  return bare.startsWith('/') ? bare : `/${bare}`;
}

/** Whether a page exists for the path (query strings ignored). */
export function hasRoute(target: string): boolean {
  return registered.has(routePath(target));
}

export function findRoute(target: string): AppRoute | undefined {
  const path = routePath(target);
  return appRoutes.find((route) => route.path === path || route.aliases?.includes(path));
}
