import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { syncServerTime } from '../features/sports/clock.ts';
import { handleLoginExpiry } from '../features/session/logout.ts';
import {
  clearSession,
  MEMBER_SCOPE,
  onSessionCleared,
  reconcileSession,
  selectLoggedIn,
  sessionToken,
  useSessionStore,
} from '../features/session/store.ts';
import { prefetchHomeBanners } from '../features/notices/banners.ts';
import { configureApi } from '../lib/api/client.ts';
import { BUILD_INFO } from '../lib/build-info.ts';
import { captureInstallPrompt } from '../lib/install-prompt.ts';
import { logger } from '../lib/logger.ts';
import { launchesOnHome } from '../lib/navigation.ts';
import { startNetworkMonitor } from '../lib/network.ts';
import { loadRemoteConfig } from '../lib/remote-config.ts';
import { afterFirstPaint } from './first-paint.ts';
import { applyLaunchScheme } from './launch-scheme.ts';
import { queryClient } from './query-client.ts';

/** antd-mobile's imperative APIs (Toast, Dialog) need to be told how to render with React 19. */
function connectAntdMobile(): void {
  unstableSetRender((node, container) => {
    const c = container as Element & { _reactRoot?: Root };
    c._reactRoot ??= createRoot(container);
    c._reactRoot.render(node);
    return async () => {
      await new Promise((r) => setTimeout(r, 0));
      c._reactRoot?.unmount();
      delete c._reactRoot;
    };
  });
}

/**
 * The service worker (vite-plugin-pwa's sw.js: the shell and every page's code precached, so any
 * page opens offline once the app has been visited), registered once the first page is on screen
 * so that its precache (about 1 MB) does not compete with that page.
 */
function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('./sw.js', { scope: './' })
    .catch((err: unknown) => logger.warn('pwa', 'Service Worker 注册失败', err));
}

/** Runs `run` once a member is logged in: now, or when one logs in. */
function whenMember(run: () => void): void {
  if (selectLoggedIn(useSessionStore.getState())) return run();
  const stop = useSessionStore.subscribe((state) => {
    if (!selectLoggedIn(state)) return;
    stop();
    run();
  });
}

/** Everything that must happen before the first render. */
export function startApp(): void {
  connectAntdMobile();
  logger.info('app', '应用启动', BUILD_INFO);
  configureApi({ getToken: sessionToken, onUnauthorized: handleLoginExpiry, onServerTime: syncServerTime });

  onSessionCleared(() => queryClient.removeQueries({ queryKey: [MEMBER_SCOPE] }));
  const state = reconcileSession();
  logger.info('session', `启动时登录状态：${state}`);
  if (launchesOnHome(window.location.hash))
    prefetchHomeBanners(queryClient, useSessionStore.getState().userinfo?.id ?? null);
  // A member's realtime follows the session from then on: connects with user id + token, stops
  // on logout. It loads once the first page has painted, and only with a member: the private
  // events' schemas (zod), the balance sync and the toasts stay out of a visitor's pages (whose
  // public channels, such as live scores, go through lib/realtime from the page that shows them).
  afterFirstPaint(() =>
    whenMember(
      () =>
        void import('../features/realtime/live-updates.ts').then(
          ({ startLiveUpdates }) => startLiveUpdates(queryClient),
          (err: unknown) => logger.error('realtime', '实时推送模块加载失败', err),
        ),
    ),
  );
  // Another tab may log in or out; bring this one in line when storage changes or the tab returns.
  window.addEventListener('storage', (event) => {
    // Another tab logged out: follow it rather than writing our copy back.
    if (event.key === 'token' && event.newValue === null) clearSession('其他窗口已退出登录');
    else if (event.key === null || event.key === 'token' || event.key === 'userinfo') reconcileSession();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    reconcileSession();
    void loadRemoteConfig(); // throttled to once per 5 minutes
  });

  afterFirstPaint(registerServiceWorker);
  startNetworkMonitor();
  captureInstallPrompt();
  void loadRemoteConfig();
  applyLaunchScheme();
}
