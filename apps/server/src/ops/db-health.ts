import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';

export interface DatabaseHealthOptions {
  /** First probe delay after an outage is seen, doubled up to `maxProbeIntervalMs`. */
  probeIntervalMs?: number;
  maxProbeIntervalMs?: number;
  /** A probe slower than this counts as failed. */
  probeTimeoutMs?: number;
}

/**
 * Whether PostgreSQL answers, as this process last saw it. A request or job that meets an
 * unreachable database marks it down; while down, API calls answer 503 at once and jobs wait,
 * and a probe (`SELECT 1`, backing off) brings the process back the moment the database
 * answers, with no restart.
 */
export class DatabaseHealth {
  private downSince: number | null = null;
  private probe: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly unsubscribe: () => void;
  private readonly probeIntervalMs: number;
  private readonly maxProbeIntervalMs: number;
  private readonly probeTimeoutMs: number;

  constructor(
    private readonly database: Database,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    options: DatabaseHealthOptions = {},
  ) {
    this.probeIntervalMs = options.probeIntervalMs ?? 250;
    this.maxProbeIntervalMs = options.maxProbeIntervalMs ?? 1_000;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 2_000;
    // An idle pooled connection ended by the server (a restart, an idle timeout) is dropped by
    // the pool and replaced on the next checkout: worth a line in the log, not an outage. The
    // outage is declared by the first request or job that cannot reach the database.
    this.unsubscribe = database.onConnectionError((err) => {
      this.log.warn({ err }, 'idle database connection lost');
    });
  }

  get isDown(): boolean {
    return this.downSince !== null;
  }

  /** Milliseconds since the outage was seen, or 0. */
  get downForMs(): number {
    return this.downSince === null ? 0 : Date.now() - this.downSince;
  }

  /** Looks at a failure; true when it means the database is unreachable (and marks it down). */
  observe(err: unknown): boolean {
    if (!isDatabaseUnavailable(err)) return false;
    if (this.downSince === null && !this.closed) {
      this.downSince = Date.now();
      this.log.warn({ err }, 'database unreachable: API answers 503 and jobs pause until it returns');
      this.schedule(0, this.probeIntervalMs);
    }
    return true;
  }

  /** One round trip now, within the probe timeout; marks the database up or down. */
  async check(): Promise<boolean> {
    try {
      await this.withTimeout(this.database.ping());
      this.markUp();
      return true;
    } catch (err) {
      if (!this.observe(err)) this.log.warn({ err }, 'database check failed');
      return false;
    }
  }

  close(): void {
    this.closed = true;
    if (this.probe) clearTimeout(this.probe);
    this.probe = null;
    this.unsubscribe();
  }

  private markUp(): void {
    if (this.downSince === null) return;
    this.log.info({ downMs: Date.now() - this.downSince }, 'database reachable again');
    this.downSince = null;
  }

  private schedule(delayMs: number, nextDelayMs: number): void {
    if (this.probe || this.closed) return;
    this.probe = setTimeout(() => {
      void this.withTimeout(this.database.ping()).then(
        () => {
          this.probe = null;
          this.markUp();
        },
        () => {
          this.probe = null;
          if (this.downSince !== null)
            this.schedule(nextDelayMs, Math.min(nextDelayMs * 2, this.maxProbeIntervalMs));
        },
      );
    }, delayMs);
    this.probe.unref();
  }

  private async withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        work,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database probe timed out')), this.probeTimeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
