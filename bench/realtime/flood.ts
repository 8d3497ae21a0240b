/**
 * The socket flood of issue 37 (point 7) against a real server process, and what it does to the
 * API: `GET /v1/notices` p99 while the flood runs, beside the same probe without it (the anchor,
 * measured in the same run, before and after the flood).
 *
 *   MODE=flood npm run bench:realtime
 *   MODE=flood DURATION_S=5 npm run bench:realtime
 *   MODE=flood REALTIME_MAX_CONNECTIONS_PER_ADDRESS=0 REALTIME_MAX_MESSAGES_PER_S=0 \
 *     REALTIME_MAX_FRAME_BYTES=1048576 npm run bench:realtime     (the socket limits off)
 *
 * The server is `apps/server/src/server.ts` as `npm start` runs it (embedded PGlite in a
 * temporary DATA_DIR, demo data, no background jobs, the overload guard off so that a stalled
 * event loop shows as latency and not as 503s), on 127.0.0.1 with the product's socket limits
 * unless REALTIME_* variables (or DATABASE_URL) in this environment say otherwise. The probe is
 * open-loop: one GET every PROBE_INTERVAL_MS (10) from this process, whatever the earlier ones
 * are doing, so a stall counts against every request it delays. The flood comes from a child
 * (flood-load.ts): rounds of FLOODERS (100) sockets × MESSAGES (400) frames plus CONNECTS (1,000)
 * connection attempts from the one address, repeated for the whole flood phase. Phases: a warm-up
 * (250 honest sockets that subscribe and ping, as a server in service has seen, and 3 s of
 * probes), then the anchor, the flood and the anchor again, DURATION_S (10) each. Exits 1 if a
 * probe failed or the flood p99 is not under GOAL_MS (200). Loopback only; about a minute.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { percentile } from '../lib.ts';
import { emitFigure } from '../report.ts';
import type { FloodStats } from './flood-load.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(here, '../../apps/server/src/server.ts');
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const PROBE_INTERVAL_MS = Number(process.env.PROBE_INTERVAL_MS ?? 10);
const GOAL_MS = Number(process.env.GOAL_MS ?? 200);
const PROBE_PATH = '/v1/notices';
const APP_KEY = 'jingcai-key';
const SHAPE = `${process.env.FLOODERS ?? 100} sockets × ${process.env.MESSAGES ?? 400} frames + ${process.env.CONNECTS ?? 1000} connects from one address`;

interface Probe {
  latencies: number[];
  failures: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  // BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile of the whole run there on exit.
  const profile = process.env.BENCH_CPU_PROFILE;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      SEED_DEMO: 'true',
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

/** /proc/<pid>/stat user + system time in ms (Linux), or null. */
async function cpuMsOf(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

/**
 * A server in service has sockets: before the anchor, WARM_SOCKETS honest clients connect,
 * subscribe to a public channel, ping and leave, so the flood meets compiled code as it would.
 */
async function warmSockets(url: string, count: number): Promise<void> {
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(url);
          ws.on('error', reject);
          ws.on('message', (raw: Buffer) => {
            const frame = JSON.parse(raw.toString()) as { event: string };
            if (frame.event === 'pusher:connection_established')
              ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'matches.live' } }));
            else if (frame.event === 'pusher_internal:subscription_succeeded')
              ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
            else if (frame.event === 'pusher:pong') ws.close();
          });
          ws.on('close', () => resolve());
        }),
    ),
  );
}

/** GET PROBE_PATH every PROBE_INTERVAL_MS for `seconds`, open-loop; latencies of the 200 answers. */
async function probe(base: string, seconds: number): Promise<Probe> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const result: Probe = { latencies: [], failures: 0 };
  const inFlight: Promise<void>[] = [];
  const url = new URL(PROBE_PATH, base);
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(url, { agent, timeout: 30_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          const took = performance.now() - started;
          if (res.statusCode === 200) result.latencies.push(took);
          else result.failures++;
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        result.failures++;
        resolve();
      });
    });
  const ends = performance.now() + seconds * 1000;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (performance.now() >= ends) {
        clearInterval(timer);
        resolve();
        return;
      }
      inFlight.push(one());
    }, PROBE_INTERVAL_MS);
  });
  await Promise.all(inFlight);
  agent.destroy();
  result.latencies.sort((a, b) => a - b);
  return result;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const summary = (p: Probe) =>
  `p50 ${ms(percentile(p.latencies, 50))}, p99 ${ms(percentile(p.latencies, 99))}, max ${ms(p.latencies.at(-1) ?? 0)} ` +
  `(${p.latencies.length} answers${p.failures ? `, ${p.failures} failed` : ''})`;
const table = (t: Record<string, number>) =>
  Object.entries(t)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} × ${v.toLocaleString('en-US')}`)
    .join(', ') || '—';

export async function floodBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jingcai-flood-'));
  let server: ChildProcess | null = null;
  let load: ChildProcess | null = null;
  try {
    const started = await startServer(dataDir);
    server = started.child;
    const { base } = started;
    load = fork(path.join(here, 'flood-load.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const loadChild = load;
    const next = <T>(cmd: string) =>
      new Promise<T>((resolve, reject) => {
        loadChild.on('message', (m: { cmd: string }) => m.cmd === cmd && resolve(m as T));
        loadChild.once('exit', (code) => reject(new Error(`flood child exited ${code}`)));
      });
    await next('ready');

    console.log(
      `realtime flood bench: server.ts on 127.0.0.1 (PGlite), GET ${PROBE_PATH} every ${PROBE_INTERVAL_MS} ms, ${DURATION_S} s a phase`,
    );
    const socketUrl = `${base.replace(/^http/, 'ws')}/app/${APP_KEY}?protocol=7&client=bench&version=1`;
    for (let i = 0; i < 5; i++) await warmSockets(socketUrl, 50);
    await probe(base, Math.min(3, DURATION_S));
    const cpu0 = await cpuMsOf(server.pid);
    const before = await probe(base, DURATION_S);
    const cpu1 = await cpuMsOf(server.pid);
    const stopped = next<{ stats: FloodStats }>('stopped');
    load.send({ cmd: 'start', url: socketUrl });
    const during = await probe(base, DURATION_S);
    load.send({ cmd: 'stop' });
    const { stats } = await stopped;
    const cpu2 = await cpuMsOf(server.pid);
    const after = await probe(base, DURATION_S);

    const cpuShare = (a: number | null, b: number | null) =>
      a === null || b === null ? '' : `; server CPU ${Math.round((b - a) / (DURATION_S * 10))} % of a core`;
    console.log(`  anchor, no flood:  ${summary(before)}${cpuShare(cpu0, cpu1)}`);
    console.log(`  during the flood:  ${summary(during)}${cpuShare(cpu1, cpu2)}`);
    console.log(`  anchor, after:     ${summary(after)}`);
    console.log(
      `  flood:             ${stats.rounds} rounds of ${SHAPE}; ${stats.attempts.toLocaleString('en-US')} connection attempts, ` +
        `${stats.established.toLocaleString('en-US')} established; ${stats.sent.toLocaleString('en-US')} frames sent; ${stats.errors} socket errors`,
    );
    console.log(`  answers:           ${table(stats.answers)}`);
    console.log(`  close codes:       ${table(stats.closes)}`);

    const floodP99 = percentile(during.latencies, 99);
    const anchorP99 = percentile(before.latencies, 99);
    console.log(
      `  GET ${PROBE_PATH} p99 during the flood ${ms(floodP99)} beside ${ms(anchorP99)} without it ` +
        `(${(floodP99 / anchorP99).toFixed(1)} ×); goal < ${GOAL_MS} ms: ${floodP99 < GOAL_MS ? 'met' : 'NOT MET'}`,
    );
    emitFigure({
      name: 'realtime.flood_notices_p99',
      value: floodP99,
      unit: 'ms p99',
      p50_ms: percentile(during.latencies, 50),
      p99_ms: floodP99,
      local: { label: `GET ${PROBE_PATH} p99 without the flood`, value: anchorP99 },
      note:
        `${stats.rounds} flood rounds (${SHAPE}); ` + `closes ${table(stats.closes)}; goal < ${GOAL_MS} ms`,
    });
    if (during.failures + before.failures + after.failures > 0 || floodP99 >= GOAL_MS) process.exitCode = 1;
  } finally {
    if (load && load.exitCode === null) load.kill('SIGKILL');
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
