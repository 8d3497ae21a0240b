/**
 * Realtime benchmark: one server process, SOCKETS (default 5,000) sockets each subscribed to
 * its own private channel, then one balance event to each (a real ledger commit per member).
 * Prints connect time, p50/p99 delivery latency (commit → frame received) and server memory,
 * each beside its anchor measured in the same run: a bare `ws` server (bare-ws.ts) carrying the
 * same sockets and events with nothing else to do.
 *
 *   npm run bench:realtime            SOCKETS=1000 npm run bench:realtime
 *   SOCKETS=500 REALTIME_ACTIVITY_TIMEOUT_S=1 REALTIME_PONG_TIMEOUT_MS=300 npm run bench:realtime
 *     (the server pings idle sockets early: every socket must answer, as pusher-js does, or lose its event)
 *   MODE=flood npm run bench:realtime   the socket flood of issue 37 and GET /v1/notices p99 (flood.ts)
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { privateUserChannel } from '@app/shared';
import { signSubscription } from '../../apps/server/src/modules/realtime/pusher-protocol.ts';
import { emitFigure } from '../report.ts';
import { floodBench } from './flood.ts';

const SOCKETS = Number(process.env.SOCKETS ?? 5000);
const APP_KEY = 'jingcai-key';
const APP_SECRET = randomBytes(16).toString('hex');
const here = path.dirname(fileURLToPath(import.meta.url));

interface Ready {
  cmd: 'ready';
  port: number;
  ids: number[];
  memory: NodeJS.MemoryUsage;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface SocketRun {
  connectMs: number;
  sockets: number;
  received: number;
  creditMs: number;
  deliverMs: number;
  /** Sorted, ms from the event's stamp to its frame here. */
  latencies: number[];
  baseline: NodeJS.MemoryUsage;
  connected: NodeJS.MemoryUsage;
  connections: number;
}

/**
 * One server process (`script`: the product's server.ts or the bare-ws anchor), SOCKETS sockets
 * connected and subscribed to their members' private channels in waves, then one event each.
 */
async function runSockets(script: string): Promise<SocketRun> {
  const server = fork(path.join(here, script), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, SOCKETS: String(SOCKETS), APP_SECRET },
  });
  const nextMessage = <T>(cmd: string) =>
    new Promise<T>((resolve) => {
      const listener = (m: { cmd: string }) => {
        if (m.cmd === cmd) {
          server.off('message', listener);
          resolve(m as T);
        }
      };
      server.on('message', listener);
    });
  const ready = await nextMessage<Ready>('ready');
  server.send({ cmd: 'memory' });
  const baseline = await nextMessage<{ usage: NodeJS.MemoryUsage }>('memory');
  const url = `ws://127.0.0.1:${ready.port}/app/${APP_KEY}?protocol=7&client=bench&version=1`;

  const latencies: number[] = [];
  let received = 0;
  let allReceived: () => void = () => {};
  const done = new Promise<void>((resolve) => (allReceived = resolve));

  // Connect and subscribe in waves so the connect time measures the server, not a SYN flood.
  const connectStarted = performance.now();
  const sockets: WebSocket[] = [];
  const wave = 250;
  for (let i = 0; i < ready.ids.length; i += wave) {
    await Promise.all(
      ready.ids.slice(i, i + wave).map(
        (memberId) =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(url);
            sockets.push(ws);
            const channel = privateUserChannel(memberId);
            ws.on('error', reject);
            ws.on('message', (raw: Buffer) => {
              const frame = JSON.parse(raw.toString()) as { event: string; data: string };
              if (frame.event === 'pusher:connection_established') {
                const socketId = (JSON.parse(frame.data) as { socket_id: string }).socket_id;
                const auth = signSubscription(APP_KEY, APP_SECRET, socketId, channel);
                ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
              } else if (frame.event === 'pusher_internal:subscription_succeeded') {
                resolve();
              } else if (frame.event === 'pusher:ping') {
                // As pusher-js does: a socket that leaves the server's ping unanswered is closed,
                // and a run slower than the activity timeout would lose its later events.
                ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
              } else if (frame.event === 'balance.changed') {
                latencies.push(Date.now() - (JSON.parse(frame.data) as { timestamp: number }).timestamp);
                if (++received === ready.ids.length) allReceived();
              }
            });
          }),
      ),
    );
  }
  const connectMs = performance.now() - connectStarted;

  server.send({ cmd: 'memory' });
  const connected = await nextMessage<{ usage: NodeJS.MemoryUsage; hub: { connections: number } }>('memory');

  const creditStarted = performance.now();
  server.send({ cmd: 'credit' });
  const credited = await nextMessage<{ ms: number }>('credited');
  // unref: once all are delivered this timer must not keep the process 60 s longer.
  await Promise.race([done, new Promise((r) => setTimeout(r, 60_000).unref())]);
  const deliverMs = performance.now() - creditStarted;
  latencies.sort((a, b) => a - b);
  for (const ws of sockets) ws.terminate();
  server.send({ cmd: 'stop' });
  return {
    connectMs,
    sockets: sockets.length,
    received,
    creditMs: credited.ms,
    deliverMs,
    latencies,
    baseline: baseline.usage,
    connected: connected.usage,
    connections: connected.hub.connections,
  };
}

const perSocketKb = (r: SocketRun) => (r.connected.rss - r.baseline.rss) / SOCKETS / 1024;
const ratio = (a: number, b: number) => `${Math.round((a / b) * 100)} %`;
const fixed = (digits: number) =>
  new Intl.NumberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
const seconds = (ms: number) => fixed(2).format(ms / 1000);
const kb = (value: number) => fixed(1).format(value);

async function main() {
  const run = await runSockets('server.ts');
  // The anchor, in the same run: a bare `ws` server carrying the same sockets and events.
  const bare = await runSockets('bare-ws.ts');
  const rate = (r: SocketRun) => SOCKETS / (r.connectMs / 1000);

  console.log(`realtime bench: 1 server process, ${SOCKETS} sockets, each on its own private channel`);
  console.log(
    `  connect+subscribe: ${seconds(run.connectMs)} s for ${run.sockets} sockets (${Math.round(rate(run))}/s); bare ws ${Math.round(rate(bare))}/s (${ratio(rate(run), rate(bare))})`,
  );
  console.log(
    `  events:            ${run.received}/${SOCKETS} delivered; ${run.creditMs} ms of ledger commits, all delivered in ${Math.round(run.deliverMs)} ms; bare ws sent ${bare.received}/${SOCKETS} in ${bare.creditMs} ms`,
  );
  console.log(
    `  delivery latency:  p50 ${pct(run.latencies, 50)} ms, p99 ${pct(run.latencies, 99)} ms, max ${run.latencies.at(-1) ?? 0} ms (commit → frame); bare ws p50 ${pct(bare.latencies, 50)} ms, p99 ${pct(bare.latencies, 99)} ms (send → frame)`,
  );
  console.log(
    `  server memory:     rss ${mb(run.baseline.rss)} before sockets → ${mb(run.connected.rss)} with ${run.connections} sockets (heap ${mb(run.baseline.heapUsed)} → ${mb(run.connected.heapUsed)}); ≈ ${kb(perSocketKb(run))} KB per socket; bare ws ≈ ${kb(perSocketKb(bare))} KB`,
  );

  emitFigure({
    name: 'realtime.connect',
    value: rate(run),
    unit: 'sockets/s',
    local: { label: 'bare ws', value: rate(bare) },
    note: `${run.sockets} sockets connected and subscribed; bare ws ${Math.round(rate(bare))}/s`,
  });
  emitFigure({
    name: 'realtime.delivery',
    value: pct(run.latencies, 99),
    unit: 'ms p99',
    p50_ms: pct(run.latencies, 50),
    p99_ms: pct(run.latencies, 99),
    local: { label: 'bare ws', value: pct(bare.latencies, 99) },
    note: `${run.received}/${SOCKETS} delivered, commit → frame; bare ws p99 ${pct(bare.latencies, 99)} ms (send → frame)`,
  });
  emitFigure({
    name: 'realtime.memory_per_socket',
    value: Math.round(perSocketKb(run) * 10) / 10,
    unit: 'KB',
    local: { label: 'bare ws', value: Math.round(perSocketKb(bare) * 10) / 10 },
    note: `server rss growth over ${SOCKETS} sockets`,
  });
  if (run.received !== SOCKETS || bare.received !== SOCKETS) process.exitCode = 1;
}

(process.env.MODE === 'flood' ? floodBench() : main()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
