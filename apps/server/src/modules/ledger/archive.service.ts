import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './archive.repo.ts';

/** Entries read per statement while writing an archive file. */
const BATCH = 5_000;

export interface ArchiveSettings {
  /** Months whose last day is longer ago than this leave the database (HISTORY_RETENTION_YEARS). */
  retentionYears: number;
  /** Where archive files go (HISTORY_ARCHIVE_DIR); without it nothing leaves the database. */
  dir: string | undefined;
}

export interface ArchiveReport {
  /** Months archived and dropped on this run. */
  archived: number;
  /** Months past their retention still in the database (no HISTORY_ARCHIVE_DIR, or a failure). */
  pastRetention: number;
}

/**
 * Retention of the ledger's history (decision 042, issue 43 point 4): a month's partition is
 * kept in the database for HISTORY_RETENTION_YEARS after its last day; then, if an archive
 * directory is set, its entries are written to `<dir>/ledger_entries/<YYYY-MM>.ndjson.gz`, the
 * file is read back and checked (rows and SHA-256), and in one transaction the month's totals are
 * folded into the carried facts (each wallet's sum, each member's lifetime figures), the archive
 * is catalogued in `history_archives`, and the partition is detached and dropped. Nothing is ever
 * dropped that is not in a checked file; without a directory the months simply stay.
 */
export class LedgerArchiveService {
  constructor(
    private readonly db: Db,
    private readonly settings: ArchiveSettings,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  ) {}

  /** The months due, oldest first: their Beijing month ended `retentionYears` ago or more. */
  async dueMonths(now = this.clock.now()): Promise<Array<{ name: string; month: string }>> {
    const limit = new Date(now);
    limit.setUTCFullYear(limit.getUTCFullYear() - this.settings.retentionYears);
    return (await repo.monthPartitions(this.db)).filter((p) => monthEnd(p.month) <= limit);
  }

  async run(now = this.clock.now()): Promise<ArchiveReport> {
    const due = await this.dueMonths(now);
    const dir = this.settings.dir;
    if (!dir || due.length === 0) return { archived: 0, pastRetention: due.length };
    let archived = 0;
    for (const partition of due) {
      try {
        await this.archive(dir, partition, now);
        archived++;
      } catch (err) {
        this.log.error(
          { err, partition: partition.name },
          'ledger month not archived: it stays in the database',
        );
        break;
      }
    }
    return { archived, pastRetention: due.length - archived };
  }

  private async archive(dir: string, partition: { name: string; month: string }, now: Date): Promise<void> {
    const folder = join(dir, 'ledger_entries');
    await mkdir(folder, { recursive: true });
    const relative = join('ledger_entries', `${partition.month}.ndjson.gz`);
    const file = join(dir, relative);
    const written = await this.write(partition.name, `${file}.part`);
    await rename(`${file}.part`, file);
    const read = await readBack(file);
    if (read.sha256 !== written.sha256 || read.rows !== written.rows)
      throw new Error(`archive ${file} does not read back as written`);
    const bytes = BigInt((await stat(file)).size);

    await inTransaction(this.db, async (work) => {
      const totals = await repo.partitionTotals(work.tx, partition.name);
      if (totals.rows !== written.rows || totals.amountSum !== written.amountSum)
        throw new Error(`${partition.name} changed while it was archived`);
      await repo.foldPartition(work.tx, partition.name);
      await repo.catalogueArchive(work.tx, {
        tableName: 'ledger_entries',
        month: partition.month,
        partitionName: partition.name,
        rows: written.rows,
        amountSum: written.amountSum,
        file: relative,
        sha256: written.sha256,
        bytes,
        archivedAt: now,
        archivedBy: 'job:housekeeping',
      });
      await repo.dropPartition(work.tx, partition.name);
    });
    this.log.info(
      { month: partition.month, rows: written.rows.toString(), file, sha256: written.sha256 },
      'ledger month archived past its retention and dropped from the database',
    );
  }

  /** Writes the partition's entries as gzipped JSON lines; the rows, their sum and the text's SHA-256. */
  private async write(partition: string, file: string) {
    const hash = createHash('sha256');
    let rows = 0n;
    let amountSum = 0n;
    const db = this.db;
    async function* lines() {
      let after = 0n;
      for (;;) {
        const batch = await repo.entriesOfPartition(db, partition, after, BATCH);
        for (const row of batch) {
          const line = `${JSON.stringify(row)}\n`;
          hash.update(line);
          rows++;
          amountSum += BigInt(row.amount);
          yield line;
        }
        if (batch.length < BATCH) return;
        after = BigInt(batch[batch.length - 1]!.id);
      }
    }
    await pipeline(lines(), createGzip(), createWriteStream(file));
    return { rows, amountSum, sha256: hash.digest('hex') };
  }
}

/** The instant a Beijing month (YYYY-MM) ends: the next month's first midnight in UTC+8. */
export function monthEnd(month: string): Date {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 1) - 8 * 3_600_000);
}

/** Rows and SHA-256 of an archive file's uncompressed text. */
export async function readBack(file: string): Promise<{ rows: bigint; sha256: string }> {
  const hash = createHash('sha256');
  let rows = 0n;
  await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      for (const byte of chunk) if (byte === 10) rows++;
    }
  });
  return { rows, sha256: hash.digest('hex') };
}
