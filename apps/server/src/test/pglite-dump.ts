import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { create, extract } from 'tar';

/** PostgreSQL's WAL page size (XLOG_BLCKSZ). */
const WAL_PAGE = 8192;
/** Where a WAL page header keeps the address the page was written for (xlp_pageaddr, after magic, info and timeline). */
const PAGE_ADDRESS_AT = 8;

/**
 * How much of WAL segment `file` holds pages written for it: pages up to the first whose header
 * names another address (a zeroed page, or a recycled segment's old page) are the log; what
 * follows is what PostgreSQL itself reads as the end of WAL.
 */
export function writtenLength(file: string): number {
  const name = path.basename(file);
  const size = statSync(file).size;
  // 24 hex digits: timeline, then the segment number as "log" (high 32 bits of the address) and
  // the segment within it.
  const log = BigInt(`0x${name.slice(8, 16)}`);
  const segment = BigInt(`0x${name.slice(16, 24)}`);
  const perLog = 0x1_0000_0000n / BigInt(size);
  const start = (log * perLog + segment) * BigInt(size);
  const header = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    let length = 0;
    while (length < size) {
      if (readSync(fd, header, 0, 16, length) < 16) break;
      if (header.readBigUInt64LE(PAGE_ADDRESS_AT) !== start + BigInt(length)) break;
      length += WAL_PAGE;
    }
    return length;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the migrated database as every test file boots it (a tar PGlite loads), a third of the
 * size of `dumpDataDir` as it comes, since loading costs in proportion to the bytes: about 1.1 s
 * of CPU a load instead of 2.1–3.0 s, once per test file and per browser test server.
 *
 * - The template databases go: tests connect only to `postgres` and create no database on
 *   PGlite (CREATE DATABASE runs on the PostgreSQL server alone). 7.4 MB each.
 * - Of the WAL, only the segment holding the last checkpoint, cut where its pages end: the
 *   migrations' WAL is switched away from and checkpointed first, so that segment holds little
 *   more than the checkpoint. Segments are files of 16 MB however little they hold; PostgreSQL
 *   reads a short one's end as the end of WAL, and extends it as it writes on.
 */
export async function writeTestDump(pglite: PGlite, file: string): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await pglite.exec(`UPDATE pg_database SET datistemplate = false WHERE datname = '${name}'`);
    await pglite.exec(`DROP DATABASE ${name}`);
  }
  await pglite.query('SELECT pg_switch_wal()');
  await pglite.exec('CHECKPOINT');
  const [redo] = (
    await pglite.query<{ segment: string }>('SELECT redo_wal_file AS segment FROM pg_control_checkpoint()')
  ).rows;
  if (!redo) throw new Error('no checkpoint recorded');
  const dump = await pglite.dumpDataDir('none');

  const work = mkdtempSync(path.join(tmpdir(), 'pglite-dump-'));
  try {
    const whole = path.join(work, 'whole.tar');
    writeFileSync(whole, Buffer.from(await dump.arrayBuffer()));
    const data = path.join(work, 'data');
    mkdirSync(data);
    await extract({ file: whole, cwd: data });
    const wal = path.join(data, 'pg_wal');
    for (const entry of readdirSync(wal)) {
      if (!/^[0-9A-F]{24}$/.test(entry)) continue;
      const segment = path.join(wal, entry);
      if (entry === redo.segment) truncateSync(segment, writtenLength(segment));
      else rmSync(segment);
    }
    await create({ file, cwd: data, portable: true }, readdirSync(data));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
