import { logger } from '@/lib/logger.ts';

/**
 * A game page left open. GamePage notes its game here when the game starts and forgets it once
 * the automatic transfer-out on leaving has been answered; a page closed before that (the tab
 * closed, the app killed, the phone out of battery) leaves the note behind, and the next start of
 * the app brings the game wallet back (recall.ts). One note per member, in IndexedDB: local
 * storage holds only userinfo, token and appinfo (SPEC.md §3).
 */
export interface OpenGame {
  memberId: number;
  /** The launch session: the recall's Idempotency-Key names it, so one left-open game is recalled once. */
  sessionId: string;
  gameCode: string;
  openedAt: number;
}

const DB_NAME = 'app-games';
const STORE = 'open-games';
/** Held (shared) by every game page while it is on screen, in any tab of this browser. */
const GAME_PAGE_LOCK = 'game-page';

function openDatabase(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

/** One transaction on the store; undefined when IndexedDB is missing or fails (private modes). */
async function inStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await openDatabase().catch(() => null);
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request?.result);
      tx.onerror = () => resolve(undefined);
      tx.onabort = () => resolve(undefined);
    });
  } catch (err) {
    logger.warn('games', '游戏记录读写失败', err);
    return undefined;
  } finally {
    db.close();
  }
}

export async function rememberOpenGame(game: OpenGame): Promise<void> {
  await inStore('readwrite', (store) => store.put(game, game.memberId));
}

/** Forgets the member's note if it is still this game's (a newer game page keeps its own). */
export async function forgetOpenGame(memberId: number, sessionId: string): Promise<void> {
  await inStore('readwrite', (store) => {
    const request = store.get(memberId) as IDBRequest<OpenGame | undefined>;
    request.onsuccess = () => {
      if (request.result?.sessionId === sessionId) store.delete(memberId);
    };
    return request;
  });
}

export async function openGameOf(memberId: number): Promise<OpenGame | undefined> {
  return inStore('readonly', (store) => store.get(memberId) as IDBRequest<OpenGame | undefined>);
}

const hasLocks = () => typeof navigator !== 'undefined' && 'locks' in navigator;

/** Holds the game-page lock until the returned release is called (nothing without Web Locks). */
export function holdGamePageLock(): () => void {
  if (!hasLocks()) return () => undefined;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  navigator.locks.request(GAME_PAGE_LOCK, { mode: 'shared' }, () => held).catch(() => undefined);
  return release;
}

/** Whether a game page is on screen in some tab of this browser (false without Web Locks). */
export async function gamePageOpen(): Promise<boolean> {
  if (!hasLocks()) return false;
  const { held = [], pending = [] } = await navigator.locks.query();
  return [...held, ...pending].some((lock) => lock.name === GAME_PAGE_LOCK);
}

/** Runs `work` alone among this browser's tabs (as it is without Web Locks). */
export async function alone<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!hasLocks()) return work();
  return navigator.locks.request(name, work);
}
