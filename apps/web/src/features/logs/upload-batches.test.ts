import { LOG_DATA_MAX_CHARS, LOG_UPLOAD_MAX_ENTRIES, logUploadBody } from '@app/shared';
import { describe, expect, it } from 'vitest';
import type { ClientLogEntry } from '@/lib/logger.ts';
import { pendingEntries, uploadBatches } from './upload-batches.ts';

const entry = (i: number, extra: Partial<ClientLogEntry> = {}): ClientLogEntry => ({
  id: `id${i}`,
  timestamp: 1_763_700_000_000 + i,
  level: 'info',
  category: 'app',
  message: `m${i}`,
  data: null,
  platform: 'h5',
  system: 'Linux',
  version: '1.9.5',
  ...extra,
});

describe('log uploader', () => {
  it('sends only entries after the cursor, or all when the cursor rotated out', () => {
    const list = [entry(1), entry(2), entry(3)];
    expect(pendingEntries(list, null).map((e) => e.id)).toEqual(['id1', 'id2', 'id3']);
    expect(pendingEntries(list, 'id2').map((e) => e.id)).toEqual(['id3']);
    expect(pendingEntries(list, 'id3')).toEqual([]);
    expect(pendingEntries(list, 'gone').map((e) => e.id)).toEqual(['id1', 'id2', 'id3']);
  });

  it('splits the 1000-entry buffer into batches the server accepts', () => {
    const list = Array.from({ length: 1000 }, (_, i) =>
      entry(
        i,
        i === 5 ? { data: { blob: 'x'.repeat(LOG_DATA_MAX_CHARS * 2) }, message: 'y'.repeat(3000) } : {},
      ),
    );
    const batches = uploadBatches(list, {
      platform: 'h5',
      system: 'Linux',
      version: '1.9.5',
      timestamp: 1_763_700_000_000,
    });
    expect(batches).toHaveLength(1000 / LOG_UPLOAD_MAX_ENTRIES);
    for (const b of batches) expect(logUploadBody.safeParse(b).success).toBe(true);
    expect(batches[0]!.logs[5]!.message).toHaveLength(2000);
  });
});
