import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { readManifest, verifyManifest, type Verification } from './manifest.ts';

export interface SelfCheckConfig {
  /** The build's manifest (apps/server/dist/integrity.json); none when running from source. */
  manifest: string | undefined;
  /** The folder the manifest's paths are relative to (the repository or image root). */
  root: string;
  /** refuse: a mismatch takes the process out of service (/readyz 503); alert: it only reports. */
  onMismatch: 'refuse' | 'alert';
  everyMs: number;
}

/**
 * ok: the files match the manifest. mismatch: a file changed, went missing or was added, or the
 * manifest is unreadable. unverified: no manifest (running from source, as in development and
 * tests). pending: the first check has not finished.
 */
export type SelfCheckStatus = 'ok' | 'mismatch' | 'unverified' | 'pending';

export interface SelfCheckState {
  status: SelfCheckStatus;
  digest: string | null;
  version: string | null;
  built_at: string | null;
  checked_at: string | null;
  next_at: string | null;
  duration_ms: number | null;
  files: number;
  bytes: number;
  /** The first few paths that differ, with how each differs. */
  problems: Array<{ path: string; problem: 'changed' | 'missing' | 'added' | 'manifest' }>;
  problem_count: number;
}

const SHOWN_PROBLEMS = 20;

const NOT_CHECKED: SelfCheckState = {
  status: 'pending',
  digest: null,
  version: null,
  built_at: null,
  checked_at: null,
  next_at: null,
  duration_ms: null,
  files: 0,
  bytes: 0,
  problems: [],
  problem_count: 0,
};

/**
 * GLI-33's software authentication: at start and every 24 hours, each process hashes the files it
 * runs and serves (server bundle, migrations, member app, console) and compares them with the
 * manifest written at build time. The outcome is in /readyz, /metrics and the console's dashboard.
 */
export class SelfCheck {
  private current: SelfCheckState = { ...NOT_CHECKED };
  private running: Promise<SelfCheckState> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: SelfCheckConfig,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  state(): SelfCheckState {
    return this.current;
  }

  /**
   * Whether this process should stay out of service: under `refuse`, while its files differ from
   * the manifest, and until the first check has said they do not (hashing ~25 MB takes a second).
   */
  refusesService(): boolean {
    if (this.config.onMismatch !== 'refuse') return false;
    return this.current.status === 'mismatch' || this.current.status === 'pending';
  }

  /** Checks now (one check at a time: a caller during a check gets its outcome). */
  run(): Promise<SelfCheckState> {
    this.running ??= this.check().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Checks when the last one is `everyMs` old on this process's clock. */
  async runIfDue(): Promise<SelfCheckState> {
    const next = this.current.next_at ? Date.parse(this.current.next_at) : 0;
    return this.clock.now().getTime() >= next ? this.run() : this.current;
  }

  /**
   * The first check, in the background (the app listens meanwhile; /readyz says `pending`), then a
   * look every minute whether the next is due (timers unref'd).
   */
  start(): void {
    void this.run();
    this.timer = setInterval(() => void this.runIfDue(), Math.min(60_000, this.config.everyMs));
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async check(): Promise<SelfCheckState> {
    const startedAt = this.clock.now();
    const started = performance.now();
    const base = {
      checked_at: startedAt.toISOString(),
      next_at: new Date(startedAt.getTime() + this.config.everyMs).toISOString(),
    };
    if (!this.config.manifest) return this.settle({ ...NOT_CHECKED, ...base, status: 'unverified' });
    try {
      const manifest = await readManifest(this.config.manifest);
      if (!manifest) return this.settle({ ...NOT_CHECKED, ...base, status: 'unverified' });
      const found = await verifyManifest(this.config.root, manifest);
      return this.settle({
        ...base,
        status: found.ok ? 'ok' : 'mismatch',
        digest: manifest.digest,
        version: manifest.version,
        built_at: manifest.built_at,
        duration_ms: Math.round(performance.now() - started),
        files: found.files,
        bytes: found.bytes,
        ...problemsOf(found),
      });
    } catch (err) {
      const problem = err instanceof Error ? err.message : String(err);
      this.log.error({ err, manifest: this.config.manifest }, 'integrity manifest unreadable');
      return this.settle({
        ...NOT_CHECKED,
        ...base,
        status: 'mismatch',
        duration_ms: Math.round(performance.now() - started),
        problems: [{ path: `${this.config.manifest} (${problem})`, problem: 'manifest' }],
        problem_count: 1,
      });
    }
  }

  private settle(next: SelfCheckState): SelfCheckState {
    const was = this.current.status;
    this.current = next;
    const facts = { digest: next.digest, files: next.files, problems: next.problems, ms: next.duration_ms };
    if (next.status === 'mismatch')
      this.log.error(facts, 'software self-check: shipped files differ from the build manifest');
    else if (next.status === 'unverified' && was === 'pending')
      this.log.warn('software self-check: no build manifest');
    else if (next.status === 'ok') this.log.info(facts, 'software self-check passed');
    return next;
  }
}

function problemsOf(found: Verification): Pick<SelfCheckState, 'problems' | 'problem_count'> {
  const all = [
    ...found.changed.map((p) => ({ path: p, problem: 'changed' as const })),
    ...found.missing.map((p) => ({ path: p, problem: 'missing' as const })),
    ...found.added.map((p) => ({ path: p, problem: 'added' as const })),
  ];
  return { problems: all.slice(0, SHOWN_PROBLEMS), problem_count: all.length };
}
