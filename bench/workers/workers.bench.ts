/**
 * GET /v1/notices requests/s from one server process (WORKERS=1) and from a cluster of two
 * (WORKERS=2), each started as `npm start` would start it, on PostgreSQL, loaded by autocannon
 * from this process. Prints both figures and their ratio in one run.
 *
 *   npm run bench:workers            (BENCH_DATABASE_URL, DURATION_S, CONNECTIONS to change the load)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freshPostgres } from '../lib.ts';
import { emitFigure } from '../report.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(here, '../../apps/server/src/server.ts');
const DURATION_S = Number(process.env.DURATION_S ?? 15);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
const URL_PATH = '/v1/notices';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

async function start(workers: number, databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      WORKERS: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Requests only: the background jobs would take a share of the cores at random moments.
      JOBS_ENABLED: 'false',
      SEED_DEMO: 'true',
      // The bench measures throughput, not the overload guard.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    if (out.includes('is running at')) {
      const res = await fetch(`${base}/readyz`).catch(() => null);
      if (res?.status === 200) return { child, base };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start: ${out}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function load(base: string) {
  // A short warm-up (JIT, pool connections), then the measured run.
  await autocannon({ url: base + URL_PATH, connections: CONNECTIONS, duration: WARMUP_S });
  const result = await autocannon({ url: base + URL_PATH, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

const database = await freshPostgres(2);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jingcai_bench';
await database.close();

const figures: Record<number, Awaited<ReturnType<typeof load>>> = {};
for (const workers of [1, 2]) {
  const server = await start(workers, url);
  try {
    figures[workers] = await load(server.base);
  } finally {
    await stop(server.child);
  }
  const f = figures[workers];
  console.log(
    `WORKERS=${workers}: ${f.rps.toFixed(0)} req/s on GET ${URL_PATH} (${f.total} requests, ${CONNECTIONS} connections, ${DURATION_S} s; p50 ${f.p50} ms, p99 ${f.p99} ms)`,
  );
  emitFigure({
    name: `workers.notices.w${workers}`,
    value: f.rps,
    unit: 'req/s',
    p50_ms: f.p50,
    p99_ms: f.p99,
    anchor: 'hello',
    note: `GET ${URL_PATH}, WORKERS=${workers}, ${CONNECTIONS} connections, server in a child process`,
  });
}
const one = figures[1]!;
const two = figures[2]!;
console.log(
  `WORKERS=2 vs WORKERS=1: ${two.rps.toFixed(0)} / ${one.rps.toFixed(0)} req/s = ${(two.rps / one.rps).toFixed(2)}× ` +
    '(autocannon runs on the same cores as the server)',
);
