/**
 * `npm run bench`: the anchors, then every product benchmark, then one table.
 *
 *  A. pgbench running bench/anchors/wallet.sql (one transaction: SELECT … FOR UPDATE of a wallet,
 *     UPDATE its balance, INSERT a history row), 50 clients, on its own database
 *     `jingcai_bench_anchor`: the database's own rate for one money write. pgbench is installed
 *     from Debian (`postgresql-client`, `postgresql-contrib`) when missing and we are root.
 *  B. a bare Fastify `GET /hello` (bench/anchors/hello.ts, its own process) under autocannon with
 *     50 connections: what this machine's Node and loopback serve when the handler does nothing.
 *  Then each bench/<name>/<name>.bench.ts as a child process with BENCH_RESULT_FILE set; each
 *  appends its key figures as JSON lines (bench/report.ts). A bench that fails or times out is
 *  reported as such and the run goes on.
 *
 * Prints figure | value | p99 | anchor | anchor value | ratio and writes the same to
 * bench/results/<ISO time>.json. Money writes are held against A, HTTP reads against B.
 *
 *   npm run bench                 about 10 minutes on 2 cores
 *   BENCH_QUICK=1 npm run bench   a smoke run (tiny sizes, short durations), under ~2 minutes
 *   BENCH_ONLY=ledger,reads       only these product benches (the anchors always run)
 *   BENCH_DATABASE_URL=postgres://user:pw@host:port/db   another server (default 127.0.0.1:5432, postgres)
 *
 * Imports nothing from apps/: it must start and report even when the server does not build.
 */
import { spawn, spawnSync, fork, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { perItemBytes, perItemMs, postgresCpuMs, reapedChildrenCpuMs, walBytes } from './cpu.ts';
import type { AnchorKind, Figure } from './report.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const QUICK = process.env.BENCH_QUICK === '1';
const CLIENTS = 50;
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jingcai_bench';
const ANCHOR_DB = 'jingcai_bench_anchor';

const SIZES = QUICK
  ? { pgbenchSeconds: 5, walletRows: 1_000, helloSeconds: 3, helloWarmup: 1, benchTimeoutS: 180 }
  : { pgbenchSeconds: 30, walletRows: 10_000, helloSeconds: 10, helloWarmup: 3, benchTimeoutS: 900 };

interface Bench {
  name: string;
  /** Its folder and file (`<script>/<script>.bench.ts`) when not the name. */
  script?: string;
  /** Its file under bench/ when it is not `<script>/<script>.bench.ts` (e.g. `promotions/cash-out.bench.ts`). */
  file?: string;
  /** Environment for the default run and for BENCH_QUICK=1 (null: not run by BENCH_QUICK=1 unless named in BENCH_ONLY). */
  env: Record<string, string>;
  quick: Record<string, string> | null;
}

/** In the order they run. The default sizes are each bench's own (its README figures). */
const BENCHES: Bench[] = [
  // Anchor A's own transaction behind a bare Fastify POST: the floor under every money write here.
  { name: 'floor', env: {}, quick: { MEMBERS: '10', REQUESTS: '200', WARMUP: '50' } },
  { name: 'ledger', env: {}, quick: { MEMBERS: '10', POSTS: '20' } },
  { name: 'betting', env: {}, quick: { MEMBERS: '10', SUBMITS: '50', LEGS: '1000', WARMUP: '20' } },
  // The same submits on the quick start's embedded PGlite (its p99 goal: under 1 s at 50 members).
  {
    name: 'betting-pglite',
    script: 'betting',
    env: { BENCH_DB: 'pglite', SUBMITS: '1000' },
    quick: { BENCH_DB: 'pglite', MEMBERS: '10', SUBMITS: '50', WARMUP: '20' },
  },
  { name: 'lottery', env: {}, quick: { MEMBERS: '10', BETS: '50', SETTLE_BETS: '1000' } },
  { name: 'payments', env: {}, quick: { ORDERS: '100', MEMBERS: '20', CONCURRENCY: '16' } },
  // 易支付: MD5-signed GET notifications beside the simulator's, and 1,000 lost ones found by query.
  {
    name: 'epay',
    file: 'payments/epay.bench.ts',
    env: {},
    quick: { ORDERS: '100', MEMBERS: '20', CONCURRENCY: '16', RECONCILE: '100' },
  },
  // 红包雨: 1,000 members tap one rain of 800 packets at once.
  { name: 'promotions', env: {}, quick: { MEMBERS: '60', COUNT: '40', CONCURRENCY: '16' } },
  // 提前结算: open 3串4 orders priced again and again over HTTP, beside the engine alone.
  {
    name: 'cash-out',
    file: 'promotions/cash-out.bench.ts',
    env: {},
    quick: { MEMBERS: '10', ORDERS: '20', QUOTES: '200', CONCURRENCY: '16' },
  },
  // 合买: 50 members buying shares of one plan; settling a plan of 1,000 holders.
  {
    name: 'syndicates',
    file: 'promotions/syndicates.bench.ts',
    env: {},
    quick: { MEMBERS: '10', HOLDERS: '100', CONCURRENCY: '10' },
  },
  // SMS codes: 忘记密码 for 500 verified numbers at once, then each reset by its code.
  { name: 'sms', file: 'accounts/sms.bench.ts', env: {}, quick: { MEMBERS: '30', CONCURRENCY: '8' } },
  { name: 'games', env: {}, quick: { MEMBERS: '10', SPINS: '50', PENDING: '20' } },
  { name: 'reads', env: { DURATION_S: '10' }, quick: { DURATION_S: '2', WARMUP_S: '1' } },
  // The built member app (apps/web/dist, or WEB_DIST) in Chromium on a throttled phone.
  { name: 'web', env: { RUNS: '3' }, quick: { RUNS: '1' } },
  // These two start servers of their own (a PGlite app; `npm start` twice): a minute or more
  // before any figure, so the smoke run leaves them out (BENCH_ONLY=realtime,workers runs them small).
  { name: 'realtime', env: { SOCKETS: '5000' }, quick: null },
  // A socket flood (100 sockets × 400 frames, 1,000 connections from one address) beside GET
  // /v1/notices: its p99 held against the same probe without the flood (issue 37, point 7).
  { name: 'realtime-flood', script: 'realtime', env: { MODE: 'flood' }, quick: null },
  { name: 'workers', env: { DURATION_S: '10' }, quick: null },
];

const QUICK_ONLY: Record<string, Record<string, string>> = {
  realtime: { SOCKETS: '200' },
  workers: { DURATION_S: '2', WARMUP_S: '1' },
};

interface Anchor {
  kind: AnchorKind;
  label: string;
  value: number | null;
  unit: string;
  p99_ms?: number;
  latency_avg_ms?: number;
  /** pgbench: CPU ms per transaction of the local PostgreSQL server and of pgbench itself. */
  db_cpu_ms_per_tx?: number;
  client_cpu_ms_per_tx?: number;
  /** pgbench: bytes of write-ahead log per transaction, the write volume a money write is read against. */
  wal_bytes_per_tx?: number;
  /** Why there is no value, or how it was measured. */
  note: string;
}

interface BenchRun {
  name: string;
  status: 'ok' | 'failed' | 'timeout' | 'skipped';
  seconds: number;
  error?: string;
  figures: Figure[];
}

interface Row {
  figure: string;
  value: number | null;
  unit: string;
  p99_ms: number | null;
  anchor: string | null;
  anchor_value: number | null;
  ratio_pct: number | null;
  note: string;
}

const log = (line = '') => console.log(line);

function dbUrl(database: string): string {
  return Object.assign(new URL(BASE_URL), { pathname: `/${database}` }).toString();
}

async function query(database: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: dbUrl(database), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** PostgreSQL reachable at BENCH_DATABASE_URL (or 127.0.0.1:5432); as root, try to start a stopped local cluster once. */
async function ensurePostgres(): Promise<string | null> {
  const probe = () =>
    query('postgres', 'SELECT version() AS v').then(
      (r) => String((r.rows[0] as { v: string }).v),
      () => null,
    );
  let version = await probe();
  const local = ['127.0.0.1', 'localhost'].includes(new URL(BASE_URL).hostname);
  if (version === null && local && process.getuid?.() === 0 && existsSync('/etc/postgresql')) {
    for (const v of readdirSync('/etc/postgresql')) {
      log(`PostgreSQL not answering: pg_ctlcluster ${v} main start`);
      spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', v, 'main', 'start'], { stdio: 'inherit' });
    }
    version = await probe();
  }
  return version;
}

function hasPgbench(): boolean {
  return spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** pgbench on PATH, installed from Debian's packages when we may; otherwise why not. */
function ensurePgbench(): string | null {
  if (hasPgbench()) return null;
  const how = 'apt-get install -y postgresql-client postgresql-contrib';
  if (process.getuid?.() !== 0) return `pgbench is not installed: run \`sudo ${how}\` (Debian) and re-run`;
  log(`pgbench not found: ${how}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', 'postgresql-client', 'postgresql-contrib'], {
      stdio: 'inherit',
      env,
    }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    install();
  }
  return hasPgbench() ? null : `pgbench still missing after \`${how}\``;
}

/** Anchor A: the wallet transaction through pgbench on its own database. */
async function pgbenchAnchor(postgres: string | null): Promise<Anchor> {
  const anchor: Anchor = {
    kind: 'pgbench',
    label: 'pgbench wallet tx',
    value: null,
    unit: 'tx/s',
    note: `bench/anchors/wallet.sql, ${CLIENTS} clients, -j 2, ${SIZES.pgbenchSeconds} s, ${SIZES.walletRows} wallets`,
  };
  if (postgres === null)
    return { ...anchor, note: `skipped: PostgreSQL not reachable at ${dbUrl('postgres')}` };
  const missing = ensurePgbench();
  if (missing) return { ...anchor, note: `skipped: ${missing}` };

  await query('postgres', `DROP DATABASE IF EXISTS ${ANCHOR_DB} WITH (FORCE)`);
  await query('postgres', `CREATE DATABASE ${ANCHOR_DB}`);
  await query(
    ANCHOR_DB,
    `CREATE TABLE bench_wallets (id integer PRIMARY KEY, balance bigint NOT NULL);
     CREATE TABLE bench_wallet_history (
       id bigserial PRIMARY KEY, wallet_id integer NOT NULL REFERENCES bench_wallets (id),
       amount bigint NOT NULL, created_at timestamptz NOT NULL);
     INSERT INTO bench_wallets SELECT g, 100000000 FROM generate_series(1, ${SIZES.walletRows}) g;`,
  );
  await query(ANCHOR_DB, 'VACUUM ANALYZE bench_wallets');
  const url = new URL(BASE_URL);
  const dbBefore = postgresCpuMs();
  const clientBefore = reapedChildrenCpuMs();
  // The log position is the cluster's: asked of `postgres`, the database that outlives the run.
  const wal = () => walBytes((text) => query('postgres', text));
  const walBefore = await wal();
  const result = spawnSync(
    'pgbench',
    [
      '-n',
      '-f',
      path.join(here, 'anchors', 'wallet.sql'),
      '-D',
      `rows=${SIZES.walletRows}`,
      '-c',
      String(CLIENTS),
      '-j',
      '2',
      '-T',
      String(SIZES.pgbenchSeconds),
      ANCHOR_DB,
    ],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        PGHOST: url.hostname,
        PGPORT: url.port || '5432',
        PGUSER: decodeURIComponent(url.username) || 'postgres',
        ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
      },
    },
  );
  const walAfter = await wal();
  await query('postgres', `DROP DATABASE IF EXISTS ${ANCHOR_DB} WITH (FORCE)`).catch(() => undefined);
  // The transactions pgbench counted, for the CPU each cost the server and the client.
  const done = /number of transactions actually processed: (\d+)/.exec(result.stdout);
  const txs = done ? Number(done[1]) : 0;
  const dbCpu = perItemMs(dbBefore, postgresCpuMs(), txs);
  const clientCpu = perItemMs(clientBefore, reapedChildrenCpuMs(), txs);
  const walPer = perItemBytes(walBefore, walAfter, txs);
  const tps = /tps = ([\d.]+)/.exec(result.stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(result.stdout);
  if (result.status !== 0 || !tps) {
    return { ...anchor, note: `failed: ${(result.stderr || result.stdout).trim().split('\n').at(-1)}` };
  }
  return {
    ...anchor,
    value: Number(tps[1]),
    ...(latency ? { latency_avg_ms: Number(latency[1]) } : {}),
    ...(dbCpu !== null ? { db_cpu_ms_per_tx: dbCpu } : {}),
    ...(clientCpu !== null ? { client_cpu_ms_per_tx: clientCpu } : {}),
    ...(walPer !== null ? { wal_bytes_per_tx: walPer } : {}),
  };
}

/** Anchor B: bare Fastify hello in a child process, autocannon from this one. */
async function helloAnchor(): Promise<Anchor> {
  const anchor: Anchor = {
    kind: 'hello',
    label: 'Fastify GET /hello',
    value: null,
    unit: 'req/s',
    note: `bare Fastify in its own process, autocannon ${CLIENTS} connections, ${SIZES.helloSeconds} s`,
  };
  const child = fork(path.join(here, 'anchors', 'hello.ts'), [], {
    cwd: here,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve(m.port));
      child.once('exit', (code) => reject(new Error(`hello server exited ${code}`)));
    });
    const url = `http://127.0.0.1:${port}/hello`;
    await autocannon({ url, connections: CLIENTS, duration: SIZES.helloWarmup });
    const r = await autocannon({ url, connections: CLIENTS, duration: SIZES.helloSeconds });
    if (r.non2xx + r.errors > 0)
      return { ...anchor, note: `failed: ${r.non2xx} non-2xx, ${r.errors} errors` };
    return { ...anchor, value: r.requests.average, p99_ms: r.latency.p99 };
  } catch (err) {
    return { ...anchor, note: `failed: ${String(err)}` };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ cmd: 'stop' });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }
}

/** The bench child running now: Ctrl-C on the runner ends its whole group (it is detached). */
let running: ChildProcess | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (running?.pid) {
      try {
        process.kill(-running.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    process.exit(130);
  });
}

/** One product bench as a child (its own process group, so a timeout ends its servers too). */
async function runBench(bench: Bench, dir: string): Promise<BenchRun> {
  const resultFile = path.join(dir, `${bench.name}.jsonl`);
  const script = bench.script ?? bench.name;
  const file = path.join(here, bench.file ?? path.join(script, `${script}.bench.ts`));
  const started = performance.now();
  const tail: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: here,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...(QUICK ? (bench.quick ?? QUICK_ONLY[bench.name]) : bench.env),
      BENCH_RESULT_FILE: resultFile,
    },
  });
  const relay = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let partial = '';
    stream?.on('data', (d: Buffer) => {
      const lines = (partial + d.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        out.write(`  │ ${line}\n`);
        if (line.trim()) tail.push(line.trim());
        if (tail.length > 40) tail.shift();
      }
    });
  };
  running = child;
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }, SIZES.benchTimeoutS * 1000);
  const code = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('exit', (c) => resolve(c));
  });
  clearTimeout(timer);
  running = null;
  // Whatever it left running in its group (a forked server) goes with it.
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    /* already gone */
  }
  const figures: Figure[] = existsSync(resultFile)
    ? readFileSync(resultFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Figure)
    : [];
  const seconds = (performance.now() - started) / 1000;
  if (timedOut)
    return { name: bench.name, status: 'timeout', seconds, error: `over ${SIZES.benchTimeoutS} s`, figures };
  if (code !== 0) {
    const error = tail.findLast((l) => /error|fail|cannot|violation|mismatch/i.test(l)) ?? tail.at(-1) ?? '';
    return {
      name: bench.name,
      status: 'failed',
      seconds,
      error: `exit ${code}: ${error.slice(0, 160)}`,
      figures,
    };
  }
  return { name: bench.name, status: 'ok', seconds, figures };
}

function buildRows(anchors: Anchor[], runs: BenchRun[]): Row[] {
  const byKind = new Map(anchors.map((a) => [a.kind, a]));
  const rows: Row[] = anchors.map((a) => ({
    figure: `anchor: ${a.label}`,
    value: a.value,
    unit: a.unit,
    p99_ms: a.p99_ms ?? null,
    anchor: null,
    anchor_value: null,
    ratio_pct: null,
    note:
      a.value === null
        ? a.note
        : `${a.note}${a.latency_avg_ms ? `, latency avg ${a.latency_avg_ms} ms` : ''}${cpuNote(a)}`,
  }));
  for (const run of runs) {
    for (const f of run.figures) {
      const a = f.local ?? (f.anchor ? byKind.get(f.anchor) : undefined);
      rows.push({
        figure: f.name,
        value: f.value,
        unit: f.unit,
        p99_ms: f.p99_ms ?? null,
        anchor: a ? a.label : null,
        anchor_value: a?.value ?? null,
        ratio_pct: a?.value ? (f.value / a.value) * 100 : null,
        note: f.note ?? '',
      });
    }
    if (run.status !== 'ok') {
      rows.push({
        figure: `${run.name} (${run.status.toUpperCase()})`,
        value: null,
        unit: '',
        p99_ms: null,
        anchor: null,
        anchor_value: null,
        ratio_pct: null,
        note: run.error ?? '',
      });
    }
  }
  return rows;
}

/** The anchor's CPU per transaction, database and client, when measured: the figure a product bench's CPU per request is read against. */
function cpuNote(a: Anchor): string {
  const parts = [
    a.db_cpu_ms_per_tx !== undefined ? `database CPU ${a.db_cpu_ms_per_tx} ms/tx` : '',
    a.client_cpu_ms_per_tx !== undefined ? `pgbench CPU ${a.client_cpu_ms_per_tx} ms/tx` : '',
    a.wal_bytes_per_tx !== undefined ? `WAL ${a.wal_bytes_per_tx} B/tx` : '',
  ].filter(Boolean);
  return parts.length ? `; ${parts.join(', ')}` : '';
}

function fmt(n: number | null, unit = ''): string {
  if (n === null) return '—';
  const digits = Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2;
  return `${n.toLocaleString('en-US', { maximumFractionDigits: digits })}${unit ? ` ${unit}` : ''}`;
}

/** A Markdown table: the first column left-aligned, the others right-aligned. */
function printMarkdown(header: string[], cells: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    `| ${c.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join(' | ')} |`;
  log(line(header));
  log(`|${widths.map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':')).join('|')}|`);
  for (const c of cells) log(line(c));
}

function printTable(rows: Row[]): void {
  const header = ['figure', 'value', 'p99', 'anchor', 'anchor value', 'ratio'];
  const cells = rows.map((r) => [
    r.figure,
    fmt(r.value, r.unit),
    r.p99_ms === null ? '—' : `${fmt(r.p99_ms)} ms`,
    r.anchor ?? '—',
    r.anchor ? fmt(r.anchor_value) : '—',
    r.ratio_pct === null ? '—' : `${r.ratio_pct.toFixed(r.ratio_pct < 10 ? 1 : 0)} %`,
  ]);
  printMarkdown(header, cells);
  const notes = rows.filter((r) => r.note);
  if (notes.length) {
    log();
    for (const r of notes) log(`  ${r.figure}: ${r.note}`);
  }
}

/**
 * A money write's costs beside one pgbench transaction's (anchor A), per request. The rate ratio
 * of the main table is bounded by what a request costs the cores everything shares:
 * `machine_pct` = (pgbench's database + client CPU) / (server + database + load CPU). With the
 * server on other cores or hosts (WORKERS, more instances), only the database's share remains:
 * `database_pct` = pgbench's database CPU / the request's database CPU. `wal_x` is how many
 * pgbench transactions' worth of WAL the request wrote.
 */
interface CostRow {
  figure: string;
  server_cpu_ms: number | null;
  load_cpu_ms: number | null;
  db_cpu_ms: number | null;
  wal_bytes: number | null;
  machine_pct: number | null;
  database_pct: number | null;
  wal_x: number | null;
}

function buildCostRows(anchor: Anchor, runs: BenchRun[]): CostRow[] {
  const rows: CostRow[] = [];
  const anchorDb = anchor.db_cpu_ms_per_tx;
  const anchorAll = anchorDb === undefined ? undefined : anchorDb + (anchor.client_cpu_ms_per_tx ?? 0);
  for (const f of runs.flatMap((r) => r.figures)) {
    const c = f.costs;
    if (!c || f.anchor !== 'pgbench') continue;
    const all =
      c.server_cpu_ms !== undefined && c.db_cpu_ms !== undefined
        ? c.server_cpu_ms + c.db_cpu_ms + (c.load_cpu_ms ?? 0)
        : undefined;
    rows.push({
      figure: f.name,
      server_cpu_ms: c.server_cpu_ms ?? null,
      load_cpu_ms: c.load_cpu_ms ?? null,
      db_cpu_ms: c.db_cpu_ms ?? null,
      wal_bytes: c.wal_bytes ?? null,
      machine_pct: anchorAll !== undefined && all ? (anchorAll / all) * 100 : null,
      database_pct: anchorDb !== undefined && c.db_cpu_ms ? (anchorDb / c.db_cpu_ms) * 100 : null,
      wal_x:
        anchor.wal_bytes_per_tx && c.wal_bytes !== undefined ? c.wal_bytes / anchor.wal_bytes_per_tx : null,
    });
  }
  return rows;
}

function printCostTable(anchor: Anchor, rows: CostRow[]): void {
  if (!rows.length) return;
  log(
    `\n== what a money write costs, per request, beside one pgbench transaction (database ${fmt(anchor.db_cpu_ms_per_tx ?? null)} ms, pgbench ${fmt(anchor.client_cpu_ms_per_tx ?? null)} ms, WAL ${fmt(anchor.wal_bytes_per_tx ?? null)} B)`,
  );
  const header = [
    'figure',
    'server CPU',
    'load CPU',
    'database CPU',
    'WAL',
    'WAL × tx',
    'ceiling here',
    'database ceiling',
  ];
  const ms = (n: number | null) => (n === null ? '—' : `${fmt(n)} ms`);
  const pct = (n: number | null) => (n === null ? '—' : `${Math.round(n)} %`);
  const cells = rows.map((r) => [
    r.figure,
    ms(r.server_cpu_ms),
    ms(r.load_cpu_ms),
    ms(r.db_cpu_ms),
    r.wal_bytes === null ? '—' : `${fmt(r.wal_bytes)} B`,
    r.wal_x === null ? '—' : `${fmt(r.wal_x)} ×`,
    pct(r.machine_pct),
    pct(r.database_pct),
  ]);
  printMarkdown(header, cells);
  log(
    '  ceiling here: the highest ratio to pgbench this machine allows at these costs, server, database and load sharing its cores;',
  );
  log(
    '  database ceiling: the same with the server and the load on other cores (only the database CPU counts).',
  );
}

async function main() {
  const startedAt = new Date();
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  log(
    `npm run bench${QUICK ? ' (BENCH_QUICK=1: smoke sizes, figures not comparable)' : ''} — ${os.cpus().length} cores, ` +
      `load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, node ${process.version}`,
  );

  const postgres = await ensurePostgres();
  log(
    postgres ? `PostgreSQL: ${postgres.split(',')[0]}` : `PostgreSQL: not reachable at ${dbUrl('postgres')}`,
  );

  log(`\n== anchor A: pgbench wallet transaction (${SIZES.pgbenchSeconds} s)`);
  const a = await pgbenchAnchor(postgres).catch((err: unknown): Anchor => ({
    kind: 'pgbench',
    label: 'pgbench wallet tx',
    value: null,
    unit: 'tx/s',
    note: `failed: ${String(err)}`,
  }));
  log(
    a.value === null
      ? `  ${a.note}`
      : `  ${fmt(a.value)} tx/s (latency avg ${a.latency_avg_ms ?? '?'} ms${cpuNote(a)})`,
  );

  log(`\n== anchor B: bare Fastify GET /hello (${SIZES.helloSeconds} s)`);
  const b = await helloAnchor();
  log(b.value === null ? `  ${b.note}` : `  ${fmt(b.value)} req/s, p99 ${b.p99_ms} ms`);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'jingcai-bench-'));
  const runs: BenchRun[] = [];
  for (const bench of BENCHES) {
    if (only && !only.includes(bench.name)) continue;
    if (QUICK && bench.quick === null && !only) {
      runs.push({
        name: bench.name,
        status: 'skipped',
        seconds: 0,
        error: `not in BENCH_QUICK=1 (starts its own servers); BENCH_QUICK=1 BENCH_ONLY=${bench.name} runs it small`,
        figures: [],
      });
      continue;
    }
    log(`\n== ${bench.name}`);
    const run = await runBench(bench, dir);
    log(`  → ${run.status} in ${run.seconds.toFixed(1)} s${run.error ? ` (${run.error})` : ''}`);
    runs.push(run);
  }
  rmSync(dir, { recursive: true, force: true });

  const rows = buildRows([a, b], runs);
  const finishedAt = new Date();
  log(`\n== results (${((finishedAt.getTime() - startedAt.getTime()) / 1000).toFixed(0)} s)`);
  printTable(rows);
  const costs = buildCostRows(a, runs);
  printCostTable(a, costs);

  const resultsDir = path.join(here, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const out = path.join(
    resultsDir,
    `${startedAt
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replace(/:/g, '-')}.json`,
  );
  writeFileSync(
    out,
    JSON.stringify(
      {
        started_at: startedAt.toISOString(),
        finished_at: finishedAt.toISOString(),
        quick: QUICK,
        machine: { cores: os.cpus().length, load_at_start: os.loadavg(), node: process.version, postgres },
        anchors: [a, b],
        benches: runs.map(({ name, status, seconds, error }) => ({ name, status, seconds, error })),
        rows,
        costs,
      },
      null,
      2,
    ) + '\n',
  );
  log(`\nwritten: ${path.relative(process.cwd(), out)}`);
  // A skipped anchor (no pgbench and not root) is reported, not an error; a failure is.
  const anchorFailed = [a, b].some((x) => x.note.startsWith('failed'));
  if (runs.some((r) => r.status === 'failed' || r.status === 'timeout') || anchorFailed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
