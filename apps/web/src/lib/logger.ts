import { BUFFER_LIMITS } from '@app/shared';
import { createStore } from 'zustand/vanilla';
import { BUILD_INFO, describeSystem } from './build-info.ts';
import { randomId } from './random.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/** Client log entry (SPEC.md §3). */
export interface ClientLogEntry {
  id: string;
  timestamp: number;
  level: LogLevel;
  category: string;
  message: string;
  data: unknown;
  platform: string;
  system: string;
  version: string;
}

/** Realtime connection log entry (SPEC.md §3); filled by the realtime client. */
export interface ConnectionLogEntry {
  timestamp: number;
  type: 'info' | 'success' | 'error';
  message: string;
  error?: string;
  data?: unknown;
}

interface LogState {
  /** Latest client log entries, oldest first (at most BUFFER_LIMITS.clientLog). */
  entries: ClientLogEntry[];
  /** Latest error entries (at most BUFFER_LIMITS.errorLog). */
  errors: ClientLogEntry[];
  /** Realtime connection log, kept apart from the client log (at most BUFFER_LIMITS.connectionLog). */
  connection: ConnectionLogEntry[];
}

/** Kept in memory only: local storage may hold nothing but userinfo, token and appinfo. */
export const logStore = createStore<LogState>(() => ({ entries: [], errors: [], connection: [] }));

const system = describeSystem();

function keepLast<T>(list: T[], item: T, limit: number): T[] {
  const next = list.length >= limit ? list.slice(list.length - limit + 1) : list.slice();
  next.push(item);
  return next;
}

/** Makes data safe to keep and to export as JSON (errors become plain objects, cycles are cut). */
function toPlain(data: unknown): unknown {
  if (data === undefined) return null;
  if (data instanceof Error) return { name: data.name, message: data.message };
  try {
    return JSON.parse(JSON.stringify(data)) as unknown;
  } catch {
    return Object.prototype.toString.call(data);
  }
}

function write(level: LogLevel, category: string, message: string, data?: unknown): void {
  const entry: ClientLogEntry = {
    id: randomId(),
    timestamp: Date.now(),
    level,
    category,
    message,
    data: toPlain(data),
    platform: 'h5',
    system,
    version: BUILD_INFO.version,
  };
  logStore.setState((s) => ({
    entries: keepLast(s.entries, entry, BUFFER_LIMITS.clientLog),
    errors: level === 'error' ? keepLast(s.errors, entry, BUFFER_LIMITS.errorLog) : s.errors,
  }));
  if ((import.meta.env.DEV || level === 'error') && import.meta.env.MODE !== 'test') {
    const method = level === 'debug' ? 'debug' : level;
    console[method](`[${category}] ${message}`, data ?? '');
  }
}

export const logger = {
  debug: (category: string, message: string, data?: unknown) => write('debug', category, message, data),
  info: (category: string, message: string, data?: unknown) => write('info', category, message, data),
  warn: (category: string, message: string, data?: unknown) => write('warn', category, message, data),
  error: (category: string, message: string, data?: unknown) => write('error', category, message, data),
  clear(): void {
    logStore.setState({ entries: [], errors: [] });
  },
};

// ---- realtime connection log ------------------------------------------------------------
// The realtime client (a later issue) writes here; the log page shows it in its own section.

export const connectionLog = {
  add(type: ConnectionLogEntry['type'], message: string, extra?: { error?: string; data?: unknown }): void {
    const entry: ConnectionLogEntry = { timestamp: Date.now(), type, message };
    if (extra?.error !== undefined) entry.error = extra.error;
    if (extra?.data !== undefined) entry.data = toPlain(extra.data);
    logStore.setState((s) => ({ connection: keepLast(s.connection, entry, BUFFER_LIMITS.connectionLog) }));
  },
  clear(): void {
    logStore.setState({ connection: [] });
  },
};

/** Everything the log page exports, as one JSON document. */
export function exportLogs(extra: Record<string, unknown> = {}): string {
  const { entries, errors, connection } = logStore.getState();
  return JSON.stringify(
    { exportedAt: new Date().toISOString(), build: BUILD_INFO, ...extra, entries, errors, connection },
    null,
    2,
  );
}
