import { HTTP_MESSAGES, TIMEOUTS } from '@app/shared';
import { api } from '../../lib/api/client.ts';
import { logger } from '../../lib/logger.ts';
import { LOGIN_PATH, relaunch } from '../../lib/navigation.ts';
import { toast } from '../../lib/toast.tsx';
import { clearSession, sessionToken } from './store.ts';

const beforeLogout = new Set<() => Promise<void>>();
/** Longest a before-logout hook may delay the logout. */
const BEFORE_LOGOUT_LIMIT_MS = 1_500;

/**
 * Runs `hook` while the token still works, before the logout call (the realtime client reports
 * the member offline here). Returns the unsubscriber.
 */
export function onBeforeLogout(hook: () => Promise<void>): () => void {
  beforeLogout.add(hook);
  return () => beforeLogout.delete(hook);
}

async function runBeforeLogout(): Promise<void> {
  const hooks = [...beforeLogout].map((hook) => hook().catch(() => undefined));
  await Promise.race([
    Promise.allSettled(hooks),
    new Promise((resolve) => setTimeout(resolve, BEFORE_LOGOUT_LIMIT_MS)),
  ]);
}

/** Logs out: tells the server when a token exists (a failure changes nothing), then forgets everything. */
export async function logout(): Promise<void> {
  if (sessionToken()) {
    await runBeforeLogout();
    try {
      await api.post('/v1/logout', undefined, {
        light: true,
        toast: false,
        retry: false,
        handleUnauthorized: false,
      });
    } catch (err) {
      logger.warn('session', '退出登录请求失败，已在本地退出', err);
    }
  }
  clearSession('退出登录');
}

let expiring = false;

/**
 * A 401 on a member call: the session is over. Tell the server with the token it refused (SPEC
 * §4: logout calls /v1/logout when a token exists; the server ends it if it still lived, e.g. a
 * 401 from a proxy), log out locally at once, tell the member once, and relaunch the login page
 * after 1.5 s unless they have signed in again by then.
 */
export function handleLoginExpiry(message: string = HTTP_MESSAGES[401]): void {
  if (expiring) return;
  expiring = true;
  if (sessionToken()) {
    // Sent before the session is cleared: the call reads the token as it starts.
    api
      .post('/v1/logout', undefined, { light: true, toast: false, retry: false, handleUnauthorized: false })
      .catch(() => undefined);
  }
  clearSession('登录已失效');
  toast.error(message);
  setTimeout(() => {
    expiring = false;
    // Signed in again meanwhile (on the login page the member was already on): stay where they are.
    if (sessionToken()) return;
    if (!window.location.hash.startsWith(`#${LOGIN_PATH}`)) relaunch(LOGIN_PATH);
  }, TIMEOUTS.loginExpiryRedirectMs);
}
