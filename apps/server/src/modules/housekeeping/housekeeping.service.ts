import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ensureMonthPartitions, MONTHLY_PARTITIONED } from '../../db/partitions.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './housekeeping.repo.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Rows per DELETE: small enough that no statement holds its locks for long. */
const BATCH = 5_000;

export interface HousekeepingReport {
  sessions: number;
  operatorSessions: number;
  idempotencyRecords: number;
  loginAttempts: number;
  paymentCallbacks: number;
  adapterCalls: number;
  rateCounters: number;
  /** Monthly partitions of history created ahead on this run. */
  partitionsCreated: number;
  /** Months that could not be created: their rows already sit in the default partition. */
  partitionsBlocked: number;
  /** Ledger months archived past their retention and dropped on this run. */
  monthsArchived: number;
  /** Ledger months past their retention still in the database (no archive directory, or a failure). */
  monthsPastRetention: number;
}

/** The ledger's retention (modules/ledger archive.service.ts). */
export interface HistoryArchiver {
  run(now: Date): Promise<{ archived: number; pastRetention: number }>;
}

/**
 * Deletes what has outlived its use, on the leader's schedule: sessions ended (expired or
 * revoked) longer ago than SESSION_RETENTION_DAYS, idempotency records past their replay window
 * (≥ 24 h), login attempts older than their retention, payment callbacks past their retention
 * (a month wholly past it dropped as a partition),
 * adapters' call records past theirs (ADAPTER_CALL_RETENTION_DAYS, 7 by default) and abuse-limit
 * counters whose window ended. Ledger entries and audit logs are never touched.
 * It also keeps history's monthly partitions ready HISTORY_PARTITIONS_AHEAD_MONTHS ahead, and
 * hands ledger months past HISTORY_RETENTION_YEARS to the archiver (never a plain delete).
 */
export class HousekeepingService {
  constructor(
    private readonly db: Db,
    private readonly retention: AppConfig['housekeeping'],
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    private readonly archiver?: HistoryArchiver,
  ) {}

  async run(): Promise<HousekeepingReport> {
    const now = this.clock.now().getTime();
    const r = this.retention;
    const sessionsBefore = new Date(now - r.sessionRetentionDays * DAY_MS);
    const report: HousekeepingReport = {
      sessions: await repo.deleteEndedSessions(this.db, sessionsBefore, BATCH),
      operatorSessions: await repo.deleteEndedOperatorSessions(this.db, sessionsBefore, BATCH),
      idempotencyRecords: await repo.deleteIdempotencyRecords(
        this.db,
        new Date(now - r.idempotencyRetentionHours * HOUR_MS),
        BATCH,
      ),
      loginAttempts: await repo.deleteLoginAttempts(
        this.db,
        new Date(now - r.loginAttemptRetentionDays * DAY_MS),
        BATCH,
      ),
      paymentCallbacks: await this.expirePaymentCallbacks(
        new Date(now - r.paymentCallbackRetentionDays * DAY_MS),
      ),
      adapterCalls: await repo.deleteAdapterCalls(
        this.db,
        new Date(now - r.adapterCallRetentionDays * DAY_MS),
        BATCH,
      ),
      rateCounters: await repo.deleteEndedCounters(this.db, new Date(now), BATCH),
      ...(await this.preparePartitions(new Date(now))),
      ...(await this.archiveHistory(new Date(now))),
    };
    if (Object.values(report).some((n) => n > 0)) this.log.info({ deleted: report }, 'housekeeping');
    return report;
  }

  /**
   * Callbacks received before `before`: a month wholly past it is detached and dropped (one cheap
   * statement rather than a DELETE of every row); the rest (a month partly inside the retention, the
   * default partition, a month whose drop failed) go by DELETE in batches. Not money records: the
   * deposit and its ledger entry are.
   */
  private async expirePaymentCallbacks(before: Date): Promise<number> {
    let expired = 0;
    for (const partition of await repo.callbackMonthsEndedBy(this.db, before)) {
      try {
        expired += await repo.dropCallbackMonth(this.db, partition);
      } catch (err) {
        this.log.warn({ err, partition }, 'payment callback month not dropped; its rows are deleted instead');
      }
    }
    return expired + (await repo.deletePaymentCallbacks(this.db, before, BATCH));
  }

  private async archiveHistory(
    now: Date,
  ): Promise<Pick<HousekeepingReport, 'monthsArchived' | 'monthsPastRetention'>> {
    if (!this.archiver) return { monthsArchived: 0, monthsPastRetention: 0 };
    const { archived, pastRetention } = await this.archiver.run(now);
    return { monthsArchived: archived, monthsPastRetention: pastRetention };
  }

  /** This month's and the next months' partitions of each monthly partitioned table. */
  private async preparePartitions(
    now: Date,
  ): Promise<Pick<HousekeepingReport, 'partitionsCreated' | 'partitionsBlocked'>> {
    let partitionsCreated = 0;
    let partitionsBlocked = 0;
    for (const table of MONTHLY_PARTITIONED) {
      for (const { month, outcome } of await ensureMonthPartitions(
        this.db,
        table,
        now,
        this.retention.partitionsAheadMonths,
      )) {
        if (outcome === 'created') partitionsCreated++;
        if (outcome !== 'default_holds_rows') continue;
        partitionsBlocked++;
        this.log.warn(
          { table, month },
          'monthly partition not created: its rows are in the default partition; move them to create it',
        );
      }
    }
    return { partitionsCreated, partitionsBlocked };
  }
}
