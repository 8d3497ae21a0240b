import { LOCKS } from '../db/locks.ts';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * Background jobs run in one process of a deployment: the one holding a PostgreSQL advisory
 * lock on a connection of its own (released if that process dies). With PGlite there is only
 * one process, so it always leads.
 */
export class Leadership {
  private client: pg.Client | null = null;
  private leading = false;

  constructor(
    private readonly databaseUrl: string | undefined,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  ) {}

  async isLeader(): Promise<boolean> {
    if (!this.databaseUrl) return true;
    if (this.leading) return true;
    try {
      if (!this.client) {
        this.client = new pg.Client({ connectionString: this.databaseUrl });
        this.client.on('error', () => {
          this.leading = false;
          this.client = null;
        });
        await this.client.connect();
      }
      const { rows } = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
        LOCKS.jobsLeader,
      ]);
      this.leading = rows[0]?.ok === true;
      if (this.leading) this.log.info('this process now runs the background jobs');
    } catch (err) {
      this.log.warn({ err }, 'leader election failed');
      this.leading = false;
    }
    return this.leading;
  }

  async close(): Promise<void> {
    await this.client?.end().catch(() => undefined);
    this.client = null;
    this.leading = false;
  }
}

/** Runs `task` every `intervalMs`, never overlapping itself, logging failures instead of crashing. */
export function every(
  intervalMs: number,
  task: () => Promise<unknown>,
  log: Pick<FastifyBaseLogger, 'error'>,
  name: string,
): () => void {
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    task()
      .catch((err: unknown) => log.error({ err, job: name }, 'job failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
