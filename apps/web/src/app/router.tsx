import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { AppShell } from './AppShell.tsx';
import { lazyPage } from './lazy-page.tsx';
import { useSessionStore } from '../features/session/store.ts';
import { PagePainted } from './first-paint.ts';
import { appRoutes } from './registry.ts';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteError } from './RouteError.tsx';
import type { AppRoute } from './route-types.ts';
import { TabLayout } from './TabLayout.tsx';
import { TAB_PATHS } from './tabs.tsx';

/**
 * A page behind the exclusion guard (`blockedWhileExcluded`): the guard and the responsible-play
 * code it needs load with the page, not with the app.
 */
function loadGuarded(route: AppRoute): () => Promise<{ default: ComponentType }> {
  return async () => {
    const [{ ExclusionGuard }, { default: Screen }] = await Promise.all([
      import('../features/responsible/components/ExclusionGuard.tsx'),
      route.load(),
    ]);
    function GuardedPage() {
      return (
        <ExclusionGuard title={route.title}>
          <Screen />
        </ExclusionGuard>
      );
    }
    return { default: GuardedPage };
  };
}

/** What a page's route carries for the router's users: how to start loading the page. */
interface PageHandle {
  preload: () => Promise<void>;
}

// Any path no feature registered: a page of its own, loaded when someone lands there.
const NotFoundPage = lazyPage('*', () => import('./NotFoundPage.tsx'));

function toRouteObjects(route: AppRoute): RouteObject[] {
  const Page = lazyPage(route.path, route.blockedWhileExcluded ? loadGuarded(route) : route.load);
  const page = (
    <>
      <Page />
      <PagePainted />
    </>
  );
  const element = route.auth ? <RequireAuth>{page}</RequireAuth> : page;
  // A members-only page opened by a visitor sends them to the login page: nothing to wait for.
  const handle: PageHandle = {
    preload: () => (!route.auth || useSessionStore.getState().token ? Page.preload() : Promise.resolve()),
  };
  return [route.path, ...(route.aliases ?? [])].map((path) =>
    path === '/'
      ? { index: true, element, errorElement: <RouteError />, handle }
      : { path, element, errorElement: <RouteError />, handle },
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
        {
          path: '*',
          element: (
            <>
              <NotFoundPage />
              <PagePainted />
            </>
          ),
          handle: { preload: NotFoundPage.preload },
        },
      ],
    },
  ]);
}

/**
 * Starts loading the page the app was opened on, before React first renders: the page's chunk is
 * asked for while the app's own code runs, instead of after the first render reaches it. Settles
 * when the page's code is here (or failed to come).
 */
export function preloadLaunchPage(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return Promise.all(
    router.state.matches.flatMap((match) => {
      const handle = match.route.handle as PageHandle | undefined;
      return handle ? [handle.preload()] : [];
    }),
  ).then(() => undefined);
}
