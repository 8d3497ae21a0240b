import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { ReadReplica } from '../db/replica.ts';
import type { Clock } from '../lib/clock.ts';
import type { EventBus } from '../lib/events.ts';
import type { JobObserver } from '../lib/jobs.ts';
import type { RealtimeHub } from '../modules/realtime/index.ts';
import type { SportsFeed } from '../modules/sports/index.ts';
import type { SelfCheck } from './integrity/self-check.ts';
import { gatewayCallbacksSince, oldestUnsettled, reconcileBacklog } from './ops.repo.ts';

export interface MetricsSources {
  database: Database;
  hub: Pick<RealtimeHub, 'stats'>;
  clock: Clock;
  selfCheck: Pick<SelfCheck, 'state'>;
  /** The reconciliation window of gateway deposits (PAYMENT_RECONCILE_*). */
  reconcile: { afterMs: number; withinMs: number };
  /** The read replica's router, when DATABASE_READ_URL is set. */
  replica?: Pick<ReadReplica, 'status'>;
}

/**
 * The process's own figures (CPU, memory, event-loop lag, GC: prom-client's default metrics),
 * collected once per process. prom-client's GC metric installs a PerformanceObserver that is never
 * disconnected and keeps its registry alive: collected into each app's registry, every app a test
 * process builds stayed reachable through it after closing, whole (about 13 MB each), and each file
 * of a module run started slower than the one before it (1 s of setup at the first, 9 s at the
 * 115th).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

/**
 * The app's Prometheus metrics (prom-client), in a registry of its own per app so several
 * apps in one process (tests) never collide; a scrape adds the process's own figures. Business counters observe committed events, so
 * no module service carries metrics code; lags and pool figures are read at scrape time.
 */
export class Metrics implements JobObserver {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly ledgerPosts: Counter<'type'>;
  private readonly ordersPlaced: Counter;
  private readonly lotteryBetsPlaced: Counter;
  private readonly jobRuns: Counter<'job' | 'outcome'>;
  private readonly jobDuration: Histogram<'job'>;
  private readonly adapterCalls: Counter<'adapter' | 'operation' | 'outcome'>;
  private readonly adapterCallDuration: Histogram<'adapter' | 'operation'>;
  private readonly adapterCallLogDropped: Counter;

  /** The sports feed whose health is reported (watchSportsFeed); the adapters come after the metrics. */
  private sportsFeed: Pick<SportsFeed, 'name' | 'health'> | null = null;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    this.sportsFeedMetrics(sources.clock, registers);
    if (sources.replica) this.replicaMetrics(sources.replica, registers);
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route template and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.ledgerPosts = new Counter({
      name: 'ledger_posts_total',
      help: 'Ledger entries committed, by type',
      labelNames: ['type'],
      registers,
    });
    this.ordersPlaced = new Counter({
      name: 'sports_orders_placed_total',
      help: 'Sports orders placed (committed stake debits)',
      registers,
    });
    this.lotteryBetsPlaced = new Counter({
      name: 'lottery_bets_placed_total',
      help: 'Lottery bets placed (committed stake debits)',
      registers,
    });
    this.jobRuns = new Counter({
      name: 'job_runs_total',
      help: 'Background job runs by outcome (ok, failed)',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'job_duration_seconds',
      help: 'Background job run duration',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    new Gauge({
      name: 'realtime_open_sockets',
      help: 'WebSocket connections open on this process',
      registers,
      collect() {
        this.set(sources.hub.stats().connections);
      },
    });
    new Counter({
      name: 'realtime_limited_total',
      help: 'What the socket limits turned away since start: connections over the per-address limit, frames over the rate, sockets closed for flooding, oversized frames',
      labelNames: ['limit'],
      registers,
      collect() {
        const limited = sources.hub.stats().limited;
        this.reset();
        this.inc({ limit: 'connections' }, limited.connections);
        this.inc({ limit: 'frames' }, limited.frames);
        this.inc({ limit: 'floods' }, limited.floods);
        this.inc({ limit: 'oversized' }, limited.oversized);
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections: in_use, idle, and waiting callers',
      labelNames: ['state'],
      registers,
      collect() {
        const { total, idle, waiting } = sources.database.poolStats();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
    new Gauge({
      name: 'software_integrity_ok',
      help: 'Software self-check against the build manifest: 1 the shipped files match, 0 they differ (or the manifest is unreadable), -1 no manifest to check, by its digest',
      labelNames: ['digest'],
      // A cluster is as sound as its least sound process.
      aggregator: 'min',
      registers,
      collect() {
        const state = sources.selfCheck.state();
        this.reset();
        if (state.status === 'pending') return;
        const value = state.status === 'ok' ? 1 : state.status === 'mismatch' ? 0 : -1;
        this.set({ digest: state.digest ?? '' }, value);
      },
    });
    new Gauge({
      name: 'software_integrity_problem_files',
      help: 'Shipped files that differ from the build manifest (changed, missing or added) at the last self-check',
      aggregator: 'max',
      registers,
      collect() {
        this.set(sources.selfCheck.state().problem_count);
      },
    });
    new Gauge({
      name: 'software_integrity_last_check_timestamp_seconds',
      help: 'When the last software self-check finished (Unix seconds; 0 before the first)',
      aggregator: 'min',
      registers,
      collect() {
        const at = sources.selfCheck.state().checked_at;
        this.set(at ? Date.parse(at) / 1_000 : 0);
      },
    });
    this.adapterCalls = new Counter({
      name: 'adapter_calls_total',
      help: 'HTTP calls (each try) to an outside system by adapter, operation and outcome (ok, refused, invalid, http_error, timeout, network)',
      labelNames: ['adapter', 'operation', 'outcome'],
      registers,
    });
    this.adapterCallDuration = new Histogram({
      name: 'adapter_call_duration_seconds',
      help: 'Duration of one HTTP call to an outside system, answer included',
      labelNames: ['adapter', 'operation'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers,
    });
    this.adapterCallLogDropped = new Counter({
      name: 'adapter_call_log_dropped_total',
      help: 'Call records not written to adapter_calls (queue full or the write refused); the calls themselves went on',
      registers,
    });
    new Gauge({
      name: 'payment_reconcile_backlog',
      help: 'Gateway deposits still pending past PAYMENT_RECONCILE_AFTER_MIN within the reconciliation window: what the order query has yet to settle',
      labelNames: ['gateway'],
      aggregator: 'max',
      registers,
      async collect() {
        this.reset();
        const now = sources.clock.now().getTime();
        const { afterMs, withinMs } = sources.reconcile;
        for (const row of await reconcileBacklog(
          sources.database.db,
          new Date(now - withinMs),
          new Date(now - afterMs),
        ))
          this.set({ gateway: row.gateway ?? '' }, row.n);
      },
    });
    new Gauge({
      name: 'payment_gateway_callbacks_last_hour',
      help: 'Payment gateway notifications (source=notify) and order-query answers of reconciliation (source=query) in the last hour, by what became of them',
      labelNames: ['gateway', 'source', 'outcome'],
      // Every process reads the same rows: the cluster total is the largest, not the sum.
      aggregator: 'max',
      registers,
      async collect() {
        this.reset();
        const since = new Date(sources.clock.now().getTime() - 3_600_000);
        for (const row of await gatewayCallbacksSince(sources.database.db, since))
          this.set({ gateway: row.gateway, source: row.source, outcome: row.outcome }, row.n);
      },
    });
    new Gauge({
      name: 'settlement_lag_seconds',
      help: 'Age of the oldest finished-but-unsettled match and drawn-but-unsettled lottery period (0 when none)',
      labelNames: ['kind'],
      // Every process reads the same rows: the cluster total is the largest, not the sum.
      aggregator: 'max',
      registers,
      async collect() {
        const { match, period } = await oldestUnsettled(sources.database.db);
        const now = sources.clock.now().getTime();
        const age = (at: Date | null) => (at ? Math.max(0, (now - at.getTime()) / 1_000) : 0);
        this.set({ kind: 'sports_match' }, age(match));
        this.set({ kind: 'lottery_period' }, age(period));
      },
    });
  }

  /** Counts committed ledger entries; stake debits tell orders (main wallet) from lottery bets. */
  observe(events: EventBus): () => void {
    return events.on('wallet.changed', (e) => {
      this.ledgerPosts.inc({ type: e.type });
      if (e.type !== 'bet') return;
      if (e.wallet === 'lottery') this.lotteryBetsPlaced.inc();
      else this.ordersPlaced.inc();
    });
  }

  /** Reports a polled sports feed's health (one with `health()`: SPORTS_FEED=sporttery). */
  watchSportsFeed(feed: Pick<SportsFeed, 'name' | 'health'>): void {
    this.sportsFeed = feed;
  }

  /**
   * A polled feed's health: stale or not, the age of its last good pass and its passes by outcome.
   * Only the jobs leader polls: other processes report nothing until their first pass, so the
   * cluster's figures are the leader's (the freshest age, stale if any process is).
   */
  private replicaMetrics(replica: Pick<ReadReplica, 'status'>, registers: Registry[]): void {
    new Gauge({
      name: 'db_replica_lag_seconds',
      help: 'Replay lag of the read replica at its last check (absent while it does not answer)',
      aggregator: 'max',
      registers,
      collect() {
        this.reset();
        const lag = replica.status.lagSeconds;
        if (lag !== null) this.set(lag);
      },
    });
    new Gauge({
      name: 'db_replica_in_use',
      help: 'Whether reads that may lag go to the replica (1) or to the primary (0: lag past DATABASE_READ_MAX_LAG_SECONDS, or the replica does not answer)',
      aggregator: 'min',
      registers,
      collect() {
        this.set(replica.status.inUse ? 1 : 0);
      },
    });
  }

  private sportsFeedMetrics(clock: Clock, registers: Registry[]): void {
    const health = () => {
      const feed = this.sportsFeed;
      const h = feed?.health?.();
      return feed && h && (h.lastGoodAt || h.staleSince) ? { feed: feed.name, ...h } : null;
    };
    new Gauge({
      name: 'sports_feed_stale',
      help: 'Sports feed stale: 1 since a pass failed (a source down or answering garbage) until one reads every source well, else 0',
      labelNames: ['feed'],
      aggregator: 'max',
      registers,
      collect() {
        this.reset();
        const h = health();
        if (h) this.set({ feed: h.feed }, h.staleSince ? 1 : 0);
      },
    });
    new Gauge({
      name: 'sports_feed_last_good_age_seconds',
      help: 'Seconds since the sports feed last read every source well (prices older than its limit take no bets)',
      labelNames: ['feed'],
      aggregator: 'min',
      registers,
      collect() {
        this.reset();
        const h = health();
        if (h?.lastGoodAt)
          this.set({ feed: h.feed }, Math.max(0, (clock.now().getTime() - h.lastGoodAt.getTime()) / 1_000));
      },
    });
    new Counter({
      name: 'sports_feed_polls_total',
      help: 'Sports feed passes by outcome (ok: every source read well; failed: one or more down, refused or not understood)',
      labelNames: ['feed', 'outcome'],
      registers,
      collect() {
        this.reset();
        const h = health();
        if (!h) return;
        this.inc({ feed: h.feed, outcome: 'ok' }, h.polls.ok);
        this.inc({ feed: h.feed, outcome: 'failed' }, h.polls.failed);
      },
    });
  }

  http(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: String(status) }, seconds);
  }

  /** One HTTP call an adapter made (adapters/call-log.ts records each). */
  adapterCall(call: { adapter: string; operation: string; outcome: string; durationMs: number }): void {
    this.adapterCalls.inc({ adapter: call.adapter, operation: call.operation, outcome: call.outcome });
    this.adapterCallDuration.observe(
      { adapter: call.adapter, operation: call.operation },
      call.durationMs / 1_000,
    );
  }

  /** Call records the adapter-call log could not keep. */
  adapterCallRecordsDropped(n: number): void {
    this.adapterCallLogDropped.inc(n);
  }

  ran(job: string, outcome: 'ok' | 'failed', seconds: number): void {
    this.jobRuns.inc({ job, outcome });
    this.jobDuration.observe({ job }, seconds);
  }

  /**
   * The text a scrape gets. In a cluster worker, the primary gathers every worker's metrics
   * (prom-client's AggregatorRegistry over IPC) so one scrape sees the whole machine.
   */
  async text(): Promise<{ contentType: string; body: string }> {
    if (cluster.isWorker && process.send) {
      return { contentType: this.registry.contentType, body: await requestClusterMetrics() };
    }
    const scraped = Registry.merge([processMetrics(), this.registry]);
    return { contentType: this.registry.contentType, body: await scraped.metrics() };
  }

  /** Forgets the app's metrics (the app closes), so nothing the process keeps holds the app. */
  close(): void {
    this.registry.clear();
  }

  /** In a cluster worker: answer the primary's metrics requests with this registry. */
  shareWithCluster(): void {
    if (!cluster.isWorker) return;
    AggregatorRegistry.setRegistries([processMetrics(), this.registry]);
    // The constructor installs prom-client's worker-side listener (once per process).
    new AggregatorRegistry();
  }
}

export const CLUSTER_METRICS_REQUEST = 'jingcai:metrics-request';
export const CLUSTER_METRICS_RESPONSE = 'jingcai:metrics-response';

let nextRequest = 0;

/** Asks the cluster primary for the metrics of every worker, aggregated. */
function requestClusterMetrics(): Promise<string> {
  const id = `${process.pid}:${nextRequest++}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('cluster metrics timed out'));
    }, 6_000);
    function onMessage(message: unknown) {
      const m = message as { type?: string; id?: string; body?: string; error?: string };
      if (m.type !== CLUSTER_METRICS_RESPONSE || m.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.body ?? '');
    }
    process.on('message', onMessage);
    process.send!({ type: CLUSTER_METRICS_REQUEST, id });
  });
}
