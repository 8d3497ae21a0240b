import { useStore } from 'zustand';
import { logStore, type ClientLogEntry, type LogLevel } from '../../lib/logger.ts';
import { networkStore } from '../../lib/network.ts';

export const LEVEL_LABELS: Record<LogLevel, string> = {
  debug: '调试',
  info: '信息',
  warn: '警告',
  error: '错误',
};
export const LEVEL_COLORS: Record<LogLevel, string> = {
  debug: 'default',
  info: 'primary',
  warn: 'warning',
  error: 'danger',
};

export const useClientLogs = () => useStore(logStore, (s) => s.entries);
export const useErrorLogs = () => useStore(logStore, (s) => s.errors);
export const useConnectionLogs = () => useStore(logStore, (s) => s.connection);
export const useNetworkStatus = () => useStore(networkStore);

/** Newest first, filtered by level and a case-insensitive search over category, message and data. */
export function filterLogs(
  entries: ClientLogEntry[],
  level: LogLevel | 'all',
  search: string,
): ClientLogEntry[] {
  const needle = search.trim().toLowerCase();
  const out: ClientLogEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (!entry) continue;
    if (level !== 'all' && entry.level !== level) continue;
    if (needle) {
      const haystack = `${entry.category} ${entry.message} ${entry.data === null ? '' : JSON.stringify(entry.data)}`;
      if (!haystack.toLowerCase().includes(needle)) continue;
    }
    out.push(entry);
  }
  return out;
}
