import {
  LOG_DATA_MAX_CHARS,
  LOG_UPLOAD_MAX_ENTRIES,
  type ClientLogInput,
  type LogUploadBody,
} from '@app/shared';
import type { ClientLogEntry } from '@/lib/logger.ts';

/** Entries after the cursor; all of them when the cursor has rotated out of the buffer. */
export function pendingEntries(entries: readonly ClientLogEntry[], cursor: string | null): ClientLogEntry[] {
  if (cursor === null) return [...entries];
  const at = entries.findIndex((e) => e.id === cursor);
  return at === -1 ? [...entries] : entries.slice(at + 1);
}

/** An entry as the server accepts it: long fields cut, oversized data replaced by a truncated string. */
export function toUpload(entry: ClientLogEntry): ClientLogInput {
  let data: unknown = entry.data ?? undefined;
  if (data !== undefined) {
    const json = JSON.stringify(data);
    if (json.length > LOG_DATA_MAX_CHARS) data = { truncated: json.slice(0, LOG_DATA_MAX_CHARS - 100) };
  }
  return {
    id: entry.id.slice(0, 64),
    timestamp: entry.timestamp,
    level: entry.level,
    category: (entry.category || 'app').slice(0, 64),
    message: entry.message.slice(0, 2000),
    data,
    platform: entry.platform.slice(0, 32),
    system: entry.system.slice(0, 200),
    version: entry.version.slice(0, 32),
  };
}

/** Splits entries into upload bodies of at most LOG_UPLOAD_MAX_ENTRIES. */
export function uploadBatches(
  entries: readonly ClientLogEntry[],
  deviceInfo: LogUploadBody['deviceInfo'],
): LogUploadBody[] {
  const batches: LogUploadBody[] = [];
  for (let i = 0; i < entries.length; i += LOG_UPLOAD_MAX_ENTRIES) {
    batches.push({ logs: entries.slice(i, i + LOG_UPLOAD_MAX_ENTRIES).map(toUpload), deviceInfo });
  }
  return batches;
}
