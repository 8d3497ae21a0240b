import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import { CLUSTER_REALTIME_MESSAGE } from '../modules/realtime/index.ts';
import { CLUSTER_METRICS_REQUEST, CLUSTER_METRICS_RESPONSE } from './metrics.ts';

/** A worker exits with this when it refuses to start (configuration): restarting cannot help. */
export const EXIT_REFUSED = 78;

export interface PrimaryOptions {
  workers: number;
  /** Told once every worker listens for the first time. */
  onListening?: () => void;
  log?: (line: string) => void;
}

/**
 * WORKERS=N: the primary forks N server processes that share the port (node:cluster balances
 * connections) and PostgreSQL. It holds no app: it hands every worker one realtime secret when
 * APP_SECRET is unset, relays realtime broadcasts between workers (so a socket on one hears
 * what another caused without Redis), gathers their metrics for /metrics, restarts a worker that
 * dies (backing off), and stops them all on SIGTERM. Jobs need no help: the workers elect one
 * leader through the PostgreSQL advisory lock, as separate machines do.
 */
export function runPrimary(options: PrimaryOptions): void {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const env: Record<string, string> = {};
  // Channel signatures made by one worker must verify on another.
  if (!process.env.APP_SECRET) env.APP_SECRET = randomBytes(24).toString('hex');
  const aggregator = new AggregatorRegistry();
  let stopping = false;
  let restartDelayMs = 1_000;
  const listening = new Set<number>();
  let announced = false;

  const bornAt = new Map<number, number>();
  const fork = (): Worker => {
    const worker = cluster.fork(env);
    bornAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('message', (worker, message: unknown) => {
    const m = message as { type?: string; id?: string } | null;
    if (m?.type === CLUSTER_REALTIME_MESSAGE) {
      for (const w of Object.values(cluster.workers ?? {})) if (w?.isConnected()) w.send(m);
    } else if (m?.type === CLUSTER_METRICS_REQUEST) {
      aggregator.clusterMetrics().then(
        (body) => worker.send({ type: CLUSTER_METRICS_RESPONSE, id: m.id, body }),
        (err: Error) => worker.send({ type: CLUSTER_METRICS_RESPONSE, id: m.id, error: err.message }),
      );
    }
  });

  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    if (!announced && listening.size >= options.workers) {
      announced = true;
      options.onListening?.();
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    const lived = Date.now() - (bornAt.get(worker.id) ?? Date.now());
    bornAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (code === EXIT_REFUSED) {
      log(`worker ${worker.process.pid} refused to start; stopping`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      setTimeout(() => process.exit(1), 10_000).unref();
      return;
    }
    // A crash loop backs off; a worker that ran a while resets the delay.
    if (lived > 60_000) restartDelayMs = 1_000;
    const delay = restartDelayMs;
    restartDelayMs = Math.min(delay * 2, 30_000);
    log(`worker ${worker.process.pid} exited (${signal ?? code}); restarting in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < options.workers; i++) fork();
}
