import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writtenLength } from './pglite-dump.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'wal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PAGE = 8192;
const SEGMENT = 16 * 1024 * 1024;

/** A segment file whose pages carry these addresses (0 for a zeroed page), the rest zeros. */
function segment(name: string, addresses: bigint[]): string {
  const data = Buffer.alloc(SEGMENT);
  addresses.forEach((address, i) => {
    if (address === 0n) return;
    data.writeUInt16LE(0xd116, i * PAGE); // a page magic
    data.writeBigUInt64LE(address, i * PAGE + 8);
  });
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return file;
}

describe('writtenLength', () => {
  it('ends at the first zeroed page', () => {
    const start = 2n * BigInt(SEGMENT); // segment 2 of log 0
    const file = segment('000000010000000000000002', [start, start + 8192n, start + 16384n, 0n]);
    expect(writtenLength(file)).toBe(3 * PAGE);
  });

  it('ends at a page left from the segment it was recycled from', () => {
    // Log 1 holds segments 256 to 511: this is the 3rd of log 1, recycled from segment 1.
    const start = (256n + 3n) * BigInt(SEGMENT);
    const old = 1n * BigInt(SEGMENT);
    const file = segment('000000010000000100000003', [start, start + 8192n, old + 16384n, old + 24576n]);
    expect(writtenLength(file)).toBe(2 * PAGE);
  });

  it('keeps a segment written to its end whole', () => {
    const start = 5n * BigInt(SEGMENT);
    const all = Array.from({ length: SEGMENT / PAGE }, (_, i) => start + BigInt(i * PAGE));
    expect(writtenLength(segment('000000010000000000000005', all))).toBe(SEGMENT);
  });
});
