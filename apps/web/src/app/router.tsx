import { createHashRouter, type RouteObject } from 'react-router';
import { ExclusionGuard } from '../features/responsible/components/ExclusionGuard.tsx';
import { AppShell } from './AppShell.tsx';
import { lazyPage } from './lazy-page.tsx';
import { appRoutes } from './registry.ts';
import { RequireAuth } from './RequireAuth.tsx';
import { NotFoundPage, RouteError } from './RouteError.tsx';
import type { AppRoute } from './route-types.ts';
import { TabLayout } from './TabLayout.tsx';
import { TAB_PATHS } from './tabs.tsx';

function toRouteObjects(route: AppRoute): RouteObject[] {
  const Page = lazyPage(route.path, route.load);
  const page = route.blockedWhileExcluded ? (
    <ExclusionGuard title={route.title}>
      <Page />
    </ExclusionGuard>
  ) : (
    <Page />
  );
  const element = route.auth ? <RequireAuth>{page}</RequireAuth> : page;
  return [route.path, ...(route.aliases ?? [])].map((path) =>
    path === '/'
      ? { index: true, element, errorElement: <RouteError /> }
      : { path, element, errorElement: <RouteError /> },
  );
}

/** Hash routes with SPEC.md's paths verbatim: tab pages share the tab bar layout. */
export function createAppRouter() {
  const tabRoutes = appRoutes.filter((route) => TAB_PATHS.has(route.path));
  const pageRoutes = appRoutes.filter((route) => !TAB_PATHS.has(route.path));
  return createHashRouter([
    {
      path: '/',
      element: <AppShell />,
      errorElement: <RouteError />,
      children: [
        { element: <TabLayout />, children: tabRoutes.flatMap(toRouteObjects) },
        ...pageRoutes.flatMap(toRouteObjects),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
