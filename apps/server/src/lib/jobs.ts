import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { LOCKS } from '../db/locks.ts';

/**
 * Background jobs run in one process of a deployment: the one holding a PostgreSQL advisory
 * lock on a connection of its own (released if that process dies or its connection is cut).
 * With PGlite there is only one process, so it always leads.
 */
export class Leadership {
  private client: pg.Client | null = null;
  private leading = false;
  private lastConfirmed = 0;
  private asking: Promise<boolean> | null = null;

  constructor(
    private readonly databaseUrl: string | undefined,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    /** How long a confirmed lead is trusted before the lock connection is asked again. */
    private readonly confirmEveryMs = 1_000,
  ) {}

  /** Every job asks at once on a tick: they share one answer (and one lock attempt). */
  isLeader(): Promise<boolean> {
    if (!this.databaseUrl) return Promise.resolve(true);
    this.asking ??= this.ask().finally(() => (this.asking = null));
    return this.asking;
  }

  private async ask(): Promise<boolean> {
    try {
      if (this.leading) {
        if (Date.now() - this.lastConfirmed < this.confirmEveryMs) return true;
        // The lock lives as long as its connection: a round trip proves both still stand.
        await this.client!.query('SELECT 1');
        this.lastConfirmed = Date.now();
        return true;
      }
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5_000 });
        client.on('error', (err) => {
          if (this.leading) this.log.warn({ err }, 'lost the jobs lock connection; jobs stop here');
          this.drop(client);
        });
        this.client = client;
        await client.connect();
      }
      const { rows } = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
        LOCKS.jobsLeader,
      ]);
      this.leading = rows[0]?.ok === true;
      this.lastConfirmed = Date.now();
      if (this.leading) this.log.info('this process now runs the background jobs');
    } catch (err) {
      this.log.warn({ err }, 'leader election failed');
      if (this.client) this.drop(this.client);
    }
    return this.leading;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.leading = false;
    await client?.end().catch(() => undefined);
  }

  private drop(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.leading = false;
    void client.end().catch(() => undefined);
  }
}

/** While the database is down, a paused job looks at most this often whether it is back. */
const PAUSED_LOOK_MS = 5_000;

export interface JobDefinition {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** What the runner reports about each run (metrics). */
export interface JobObserver {
  ran(job: string, outcome: 'ok' | 'failed', seconds: number): void;
}

export interface JobRunnerOptions {
  leadership: Pick<Leadership, 'isLeader' | 'close'>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** While it says the database is down, jobs wait instead of failing every tick. */
  health?: { readonly isDown: boolean; observe(err: unknown): boolean };
  observer?: JobObserver;
  /** Longest wait after repeated failures. */
  maxBackoffMs?: number;
}

/**
 * The jobs registry: event listeners that run in every process, and periodic jobs that run
 * only on the leader. Nothing starts while the app is being wired; `start` runs once the app
 * is ready and `stop` on close. A job never overlaps itself; after a failure it waits twice as
 * long each time (up to `maxBackoffMs`), and while the database is down it pauses (no database
 * call) and resumes within a period of the outage probe seeing it back.
 */
export class JobRunner {
  private readonly listeners: Array<{ name: string; start: () => () => void }> = [];
  private readonly jobs: JobDefinition[] = [];
  private readonly stops: Array<() => void> = [];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly failures = new Map<string, number>();
  private readonly firstTurns = new Map<string, { done: Promise<void>; resolve: () => void }>();
  private started = false;
  private stopped = false;

  constructor(private readonly options: JobRunnerOptions) {}

  /** An event subscription started with the app (in every process); `start` returns the unsubscribe. */
  listen(name: string, start: () => () => void): void {
    this.listeners.push({ name, start });
  }

  /** A periodic job, run on the leader only. */
  every(job: JobDefinition): void {
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`job ${job.name} registered twice`);
    this.jobs.push(job);
  }

  get names(): string[] {
    return this.jobs.map((j) => j.name);
  }

  /** Starts the listeners, and the periodic jobs when `timers` (JOBS_ENABLED). */
  start({ timers }: { timers: boolean }): void {
    if (this.started) return;
    this.started = true;
    for (const listener of this.listeners) this.stops.push(listener.start());
    if (!timers) return;
    // Each job's first turn comes at once, so a fresh process has fixtures and periods quickly.
    for (const job of this.jobs) this.schedule(job, 0);
  }

  /** Runs one job now on this process, leader or not (tests). */
  async runNow(name: string): Promise<void> {
    await this.job(name).run();
  }

  /**
   * Resolves once the job's first turn after `start` is over, whether it ran, failed or was
   * skipped (not the leader, database down): the boot waits for the first feed sync this way.
   */
  firstTurn(name: string): Promise<void> {
    return this.firstTurnOf(this.job(name).name).done;
  }

  /** Stops the timers and listeners, and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const stop of this.stops.splice(0)) stop();
    await Promise.allSettled([...this.running.values()]);
    for (const entry of this.firstTurns.values()) entry.resolve();
    await this.options.leadership.close();
  }

  private job(name: string): JobDefinition {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job named ${name}`);
    return job;
  }

  private firstTurnOf(name: string) {
    let entry = this.firstTurns.get(name);
    if (!entry) {
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      entry = { done, resolve };
      this.firstTurns.set(name, entry);
    }
    return entry;
  }

  private schedule(job: JobDefinition, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(job.name);
      const turn = this.turn(job).finally(() => {
        this.running.delete(job.name);
        this.firstTurnOf(job.name).resolve();
      });
      this.running.set(job.name, turn);
    }, delayMs);
    timer.unref();
    this.timers.set(job.name, timer);
  }

  private async turn(job: JobDefinition): Promise<void> {
    const { health, leadership, observer, log } = this.options;
    const maxBackoff = this.options.maxBackoffMs ?? 60_000;
    let next = job.everyMs;
    if (health?.isDown) {
      // Paused: no database call, only a look at the flag, so the job resumes soon after the
      // outage probe sees the database again.
      next = Math.min(job.everyMs, PAUSED_LOOK_MS);
    } else if (await leadership.isLeader()) {
      const started = performance.now();
      try {
        await job.run();
        this.failures.delete(job.name);
        observer?.ran(job.name, 'ok', (performance.now() - started) / 1_000);
      } catch (err) {
        observer?.ran(job.name, 'failed', (performance.now() - started) / 1_000);
        const unreachable = health?.observe(err) ?? false;
        next = this.backoff(job, maxBackoff);
        if (unreachable) log.warn({ job: job.name, retryInMs: next }, 'job paused: database unreachable');
        else log.error({ err, job: job.name, retryInMs: next }, 'job failed');
      }
    }
    this.schedule(job, next);
  }

  /** The wait after the n-th failure in a row: twice the period, doubling, capped. */
  private backoff(job: JobDefinition, maxMs: number): number {
    const count = (this.failures.get(job.name) ?? 0) + 1;
    this.failures.set(job.name, count);
    return Math.min(maxMs, job.everyMs * 2 ** count);
  }
}
