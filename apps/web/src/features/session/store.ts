import type { UserInfo } from '@app/shared';
import { create } from 'zustand';
import { logger } from '../../lib/logger.ts';
import { storage } from '../../lib/storage.ts';

/** First element of every query key that belongs to the logged-in member (dropped on logout). */
export const MEMBER_SCOPE = 'member';

interface SessionState {
  token: string | null;
  userinfo: UserInfo | null;
}

/**
 * The session in memory. It starts empty; `reconcileSession` (run at start and whenever another
 * tab may have changed storage) brings memory and storage into agreement (SPEC.md §4).
 */
export const useSessionStore = create<SessionState>(() => ({ token: null, userinfo: null }));

/** Token plus userinfo means logged in. */
export const selectLoggedIn = (s: SessionState): boolean => Boolean(s.token && s.userinfo);

export function isLoggedIn(): boolean {
  return selectLoggedIn(useSessionStore.getState());
}

export function sessionToken(): string | null {
  return useSessionStore.getState().token;
}

const clearedListeners = new Set<() => void>();

/** Runs on every logout (query cache, later the realtime socket). Returns the unsubscriber. */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

export function setSession(token: string, userinfo: UserInfo): void {
  const previous = useSessionStore.getState().userinfo;
  // Someone else's data must never survive into a new member's session.
  if (previous && previous.id !== userinfo.id) clearSession('切换账号');
  useSessionStore.setState({ token, userinfo });
  storage.set('token', token);
  storage.set('userinfo', userinfo);
  logger.info('session', '登录成功', { id: userinfo.id, username: userinfo.username });
}

/** Fresh user info from the server; a different member id means the session is not ours any more. */
export function updateUserInfo(userinfo: UserInfo): void {
  const { token, userinfo: current } = useSessionStore.getState();
  if (!token) return;
  if (current && current.id !== userinfo.id) {
    clearSession('用户信息与登录账号不一致');
    return;
  }
  useSessionStore.setState({ userinfo });
  storage.set('userinfo', userinfo);
}

/** Patches money fields the server reported (balance refresh) without a full user info fetch. */
export function patchUserInfo(changes: Partial<UserInfo>): void {
  const current = useSessionStore.getState().userinfo;
  if (!current) return;
  updateUserInfo({ ...current, ...changes });
}

/** Forgets the member everywhere: memory, storage and member-scoped caches. */
export function clearSession(reason: string): void {
  const had = useSessionStore.getState().token !== null || storage.get<string>('token') !== null;
  useSessionStore.setState({ token: null, userinfo: null });
  storage.remove('token');
  storage.remove('userinfo');
  if (had) logger.info('session', `已清除登录状态：${reason}`);
  for (const listener of clearedListeners) listener();
}

/**
 * SPEC.md §4 consistency: stored and in-memory sessions must agree. Memory empty → restore
 * from storage; storage empty → write memory to storage; both present with different member
 * ids → clear everything.
 */
export function reconcileSession(): 'restored' | 'written' | 'cleared' | 'consistent' | 'anonymous' {
  const stored = { token: storage.get<string>('token'), userinfo: storage.get<UserInfo>('userinfo') };
  const memory = useSessionStore.getState();
  const storedValid = typeof stored.token === 'string' && stored.token.length > 0;

  if (!memory.token) {
    if (!storedValid) {
      if (stored.userinfo) storage.remove('userinfo');
      return 'anonymous';
    }
    // A token without user info is kept: the login check fetches /v1/me and completes it.
    useSessionStore.setState({ token: stored.token, userinfo: stored.userinfo ?? null });
    logger.info('session', '已从本地存储恢复登录状态');
    return 'restored';
  }
  if (!storedValid) {
    storage.set('token', memory.token);
    if (memory.userinfo) storage.set('userinfo', memory.userinfo);
    logger.info('session', '登录状态已写回本地存储');
    return 'written';
  }
  if (memory.userinfo && stored.userinfo && memory.userinfo.id !== stored.userinfo.id) {
    clearSession('本地存储与内存中的账号不一致');
    return 'cleared';
  }
  if (memory.token !== stored.token || (!memory.userinfo && stored.userinfo)) {
    // Same member, newer login in another tab: storage wins.
    useSessionStore.setState({ token: stored.token, userinfo: stored.userinfo ?? memory.userinfo });
    return 'restored';
  }
  if (!stored.userinfo && memory.userinfo) storage.set('userinfo', memory.userinfo);
  return 'consistent';
}
