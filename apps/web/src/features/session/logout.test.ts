// @vitest-environment happy-dom
import type { UserInfo } from '@app/shared';
import { TIMEOUTS } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api/client.ts';
import { LOGIN_PATH } from '../../lib/navigation.ts';
import { handleLoginExpiry } from './logout.ts';
import { sessionToken, setSession, useSessionStore } from './store.ts';

// The toast renders through antd-mobile; what is said is not the point here.
vi.mock('../../lib/toast.tsx', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const member = { id: 7, username: 'demo007', nickname: 'n', balance: '0.00' } as UserInfo;

/** What the client sent: the address and the bearer token of each call. */
let sent: Array<{ url: string; auth: string | null }> = [];

beforeEach(() => {
  vi.useFakeTimers();
  configureApi({ getToken: sessionToken, onUnauthorized: handleLoginExpiry });
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, auth: new Headers(init.headers).get('Authorization') });
      return Promise.resolve(new Response(JSON.stringify({ code: 401, message: '请先登录', data: null })));
    }),
  );
  localStorage.clear();
  window.location.hash = '#/pages/mine/mine';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('login expiry (a 401 on a member call)', () => {
  it('forgets the session at once and opens the login page after the pause', () => {
    setSession('dead', member);
    handleLoginExpiry();
    expect(useSessionStore.getState().token).toBeNull();
    vi.advanceTimersByTime(TIMEOUTS.loginExpiryRedirectMs);
    expect(window.location.hash).toBe(`#${LOGIN_PATH}`);
  });

  it('tells the server with the refused token before forgetting it (SPEC §4)', () => {
    setSession('dead', member);
    handleLoginExpiry();
    expect(sent).toEqual([{ url: expect.stringMatching(/\/v1\/logout$/) as string, auth: 'Bearer dead' }]);
    expect(useSessionStore.getState().token).toBeNull();
    vi.advanceTimersByTime(TIMEOUTS.loginExpiryRedirectMs);
  });

  it('stays where the member is when they signed in again during the pause', () => {
    setSession('dead', member);
    handleLoginExpiry();
    window.location.hash = '#/pages/responsible/responsible';
    setSession('fresh', member);
    vi.advanceTimersByTime(TIMEOUTS.loginExpiryRedirectMs);
    expect(window.location.hash).toBe('#/pages/responsible/responsible');
    expect(useSessionStore.getState().token).toBe('fresh');
  });
});
