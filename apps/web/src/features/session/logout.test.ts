// @vitest-environment happy-dom
import type { UserInfo } from '@app/shared';
import { TIMEOUTS } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_PATH } from '../../lib/navigation.ts';
import { handleLoginExpiry } from './logout.ts';
import { setSession, useSessionStore } from './store.ts';

// The toast renders through antd-mobile; what is said is not the point here.
vi.mock('../../lib/toast.tsx', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const member = { id: 7, username: 'demo007', nickname: 'n', balance: '0.00' } as UserInfo;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  window.location.hash = '#/pages/mine/mine';
});
afterEach(() => {
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
