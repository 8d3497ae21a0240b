import { STORAGE_KEYS, type StorageKey } from '@app/shared';
import { logger } from './logger.ts';

const ALLOWED = new Set<string>(STORAGE_KEYS);

function isAllowed(key: string): key is StorageKey {
  return ALLOWED.has(key);
}

function refuse(action: string, key: string): void {
  logger.error('storage', `拒绝${action}未授权的存储键：${key}`);
}

/**
 * Local storage limited to the keys `userinfo`, `token` and `appinfo` (SPEC.md §3). Values are
 * JSON; read and parse errors are logged and read as null.
 */
export const storage = {
  get<T>(key: StorageKey): T | null {
    if (!isAllowed(key)) {
      refuse('读取', key);
      return null;
    }
    try {
      const raw = localStorage.getItem(key);
      return raw === null ? null : (JSON.parse(raw) as T);
    } catch (err) {
      logger.error('storage', `读取本地存储失败：${key}`, err);
      return null;
    }
  },

  set(key: StorageKey, value: unknown): boolean {
    if (!isAllowed(key)) {
      refuse('写入', key);
      return false;
    }
    try {
      localStorage.setItem(key, JSON.stringify(value));
      return true;
    } catch (err) {
      logger.error('storage', `写入本地存储失败：${key}`, err);
      return false;
    }
  },

  remove(key: StorageKey): void {
    if (!isAllowed(key)) {
      refuse('删除', key);
      return;
    }
    try {
      localStorage.removeItem(key);
    } catch (err) {
      logger.error('storage', `删除本地存储失败：${key}`, err);
    }
  },

  /** Removes every key that is not one of the allowed three (left by old versions or other scripts). */
  purgeForeignKeys(): string[] {
    const removed: string[] = [];
    try {
      for (let i = localStorage.length - 1; i >= 0; i--) {
        const key = localStorage.key(i);
        if (key !== null && !isAllowed(key)) {
          localStorage.removeItem(key);
          removed.push(key);
        }
      }
    } catch (err) {
      logger.error('storage', '清理本地存储失败', err);
    }
    return removed;
  },

  /** Approximate bytes used by local storage (UTF-16). */
  usageBytes(): number {
    let total = 0;
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        total += (key.length + (localStorage.getItem(key)?.length ?? 0)) * 2;
      }
    } catch {
      return 0;
    }
    return total;
  },
};
