import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLoginCheck } from '../features/session/queries.ts';
import { selectLoggedIn, useSessionStore } from '../features/session/store.ts';
import { useAppConfigQuery, useAppInfo } from '../features/site/queries.ts';
import { useUpdateWatcher } from '../features/updates/watcher.ts';
import { DelayedLoading } from '../ui/DelayedLoading.tsx';
import { lazyPart } from './lazy-page.tsx';
import { findRoute } from './registry.ts';

// Only a logged-in member has a reality check; it loads after the first page, for members only.
const RealityCheck = lazyPart('RealityCheck', () =>
  import('../features/responsible/components/RealityCheck.tsx').then((m) => m.RealityCheck),
);

/** Keeps the document title on "<page> - <site title>". */
function useDocumentTitle(): void {
  const location = useLocation();
  const { title } = useAppInfo();
  useEffect(() => {
    const page = findRoute(location.pathname)?.title;
    document.title = page && page !== title ? `${page} - ${title}` : title;
  }, [location.pathname, title]);
}

/** Applies the operator's theme colour (app config `theme_color`, default #ffb400). */
function useThemeColor(): void {
  const { data } = useAppConfigQuery();
  const color = data?.theme_color;
  useEffect(() => {
    if (color && /^#[0-9a-fA-F]{6}$/.test(color)) {
      document.documentElement.style.setProperty('--theme', color);
      document.documentElement.style.setProperty('--adm-color-primary', color);
    }
  }, [color]);
}

/** The phone column every page lives in, plus the app-wide background work. */
export function AppShell() {
  useLoginCheck();
  useUpdateWatcher();
  useDocumentTitle();
  useThemeColor();
  const loggedIn = useSessionStore(selectLoggedIn);
  return (
    <div className="app-shell">
      <Suspense fallback={<DelayedLoading />}>
        <Outlet />
      </Suspense>
      {loggedIn ? (
        <Suspense fallback={null}>
          <RealityCheck />
        </Suspense>
      ) : null}
    </div>
  );
}
