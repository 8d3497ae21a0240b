// @vitest-environment happy-dom
import type { UserInfo } from '@app/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from '../../lib/storage.ts';
import { clearSession, reconcileSession, setSession, useSessionStore } from './store.ts';

const user = (id: number) => ({ id, username: `user${id}`, nickname: 'n', balance: '0.00' }) as UserInfo;

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ token: null, userinfo: null });
});

describe('session consistency (SPEC.md §4)', () => {
  it('restores memory from storage', () => {
    storage.set('token', 't1');
    storage.set('userinfo', user(1));
    expect(reconcileSession()).toBe('restored');
    expect(useSessionStore.getState().userinfo?.id).toBe(1);
  });

  it('writes memory to storage when storage lost it', () => {
    useSessionStore.setState({ token: 't1', userinfo: user(1) });
    expect(reconcileSession()).toBe('written');
    expect(storage.get('token')).toBe('t1');
  });

  it('clears everything when the member ids differ', () => {
    setSession('t1', user(1));
    storage.set('userinfo', user(2));
    expect(reconcileSession()).toBe('cleared');
    expect(useSessionStore.getState().token).toBeNull();
    expect(storage.get('token')).toBeNull();
    expect(storage.get('userinfo')).toBeNull();
  });

  it('logout keeps the app info', () => {
    storage.set('appinfo', { title: '金彩体育' });
    setSession('t1', user(1));
    clearSession('test');
    expect(Object.keys(localStorage)).toEqual(['appinfo']);
  });
});
