import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database, type Db, type PostgresLimits } from './client.ts';
import { rowsOf } from './rows.ts';
import { sql } from './sql.ts';

export interface ReadReplicaOptions {
  maxLagSeconds: number;
  checkEveryMs: number;
}

/** What the replica said when last asked. */
export interface ReplicaState {
  /** Seconds of replay lag (0 when it has replayed all it received, or is not a standby). */
  lagSeconds: number | null;
  /** Whether reads that may lag go to it now. */
  inUse: boolean;
  checkedAt: number | null;
  error: string | null;
}

/**
 * Where reads that tolerate a little lag go (docs/decisions/041-read-replicas.md): the replica
 * while it answers and its replay lag is within the limit, else the primary. A background check
 * asks the replica for its lag every `checkEveryMs`; between checks the last answer stands.
 *
 * Lag is measured as PostgreSQL's monitoring docs do on a standby: the age of the last transaction
 * replayed, or 0 when everything received is replayed (an idle primary sends nothing new, so the
 * last replay may be old without any lag).
 */
export class ReadReplica {
  private state: ReplicaState = { lagSeconds: null, inUse: false, checkedAt: null, error: null };
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly primary: Db,
    private readonly replica: Pick<Database, 'db' | 'close'> & {
      lag(): Promise<number>;
    },
    private readonly options: ReadReplicaOptions,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The database for a read that may lag by up to the configured seconds. */
  get db(): Db {
    return this.state.inUse ? this.replica.db : this.primary;
  }

  get status(): ReplicaState {
    return this.state;
  }

  /** Asks the replica once; a failure or too much lag sends reads to the primary. */
  async check(): Promise<ReplicaState> {
    const was = this.state.inUse;
    try {
      const lagSeconds = await this.replica.lag();
      this.state = {
        lagSeconds,
        inUse: lagSeconds <= this.options.maxLagSeconds,
        checkedAt: this.now(),
        error: null,
      };
    } catch (err) {
      this.state = {
        lagSeconds: null,
        inUse: false,
        checkedAt: this.now(),
        error: err instanceof Error ? err.message : String(err),
      };
    }
    if (was !== this.state.inUse)
      this.log[this.state.inUse ? 'info' : 'warn'](
        { lagSeconds: this.state.lagSeconds, error: this.state.error },
        this.state.inUse ? 'read replica in use' : 'read replica set aside: reads go to the primary',
      );
    return this.state;
  }

  start(): void {
    if (this.timer) return;
    const tick = () => {
      void this.check().finally(() => {
        if (this.timer) this.timer = setTimeout(tick, this.options.checkEveryMs).unref();
      });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.replica.close();
  }
}

/**
 * Opens the replica's pool (the primary's per-connection limits) and its router; `start()` begins
 * the lag checks. Nothing is read from it until the first check said it is fit.
 */
export async function openReadReplica(
  primary: Db,
  options: ReadReplicaOptions & { url: string; limits: PostgresLimits },
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<ReadReplica> {
  const replica = await openDatabase({ kind: 'postgres', url: options.url, ...options.limits });
  const lag = async () => {
    // PostgreSQL's hot standby monitoring: the age of the last replayed transaction, or 0 when
    // all it received is replayed (an idle primary sends nothing) or it is not a standby.
    const [row] = rowsOf<{ lag: number }>(
      await replica.db.execute(sql`
        SELECT CASE
                 WHEN NOT pg_is_in_recovery() THEN 0
                 WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
                 ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0)
               END::float8 AS lag`),
    );
    return Number(row?.lag ?? 0);
  };
  return new ReadReplica(primary, { db: replica.db, close: () => replica.close(), lag }, options, log);
}

/**
 * A `Db` that reads wherever the router says at the moment of each call: a service built once
 * with it follows the replica being set aside or taken back without being rebuilt. Only for
 * reads: a transaction opened on it may land on the replica, which refuses writes.
 */
export function routedDb(router: Pick<ReadReplica, 'db'>): Db {
  return new Proxy({} as Db, {
    get: (_target, prop) => {
      const db = router.db;
      const value: unknown = Reflect.get(db, prop, db);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(db) : value;
    },
  });
}
