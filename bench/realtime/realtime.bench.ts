/**
 * Realtime benchmark: one server process, SOCKETS (default 5,000) sockets each subscribed to
 * its own private channel, then one balance event to each (a real ledger commit per member).
 * Prints connect time, p50/p99 delivery latency (commit → frame received) and server memory.
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

async function main() {
  const server = fork(path.join(here, 'server.ts'), [], {
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
  console.log(`realtime bench: 1 server process, ${SOCKETS} sockets, each on its own private channel`);
  console.log(
    `  connect+subscribe: ${(connectMs / 1000).toFixed(2)} s for ${sockets.length} sockets (${Math.round(SOCKETS / (connectMs / 1000))}/s)`,
  );
  console.log(
    `  events:            ${received}/${SOCKETS} delivered; ${credited.ms} ms of ledger commits, all delivered in ${Math.round(deliverMs)} ms`,
  );
  console.log(
    `  delivery latency:  p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${latencies.at(-1) ?? 0} ms (commit → frame)`,
  );
  console.log(
    `  server memory:     rss ${mb(baseline.usage.rss)} before sockets → ${mb(connected.usage.rss)} with ${connected.hub.connections} sockets (heap ${mb(baseline.usage.heapUsed)} → ${mb(connected.usage.heapUsed)}); ≈ ${((connected.usage.rss - baseline.usage.rss) / SOCKETS / 1024).toFixed(1)} KB per socket`,
  );

  emitFigure({
    name: 'realtime.connect',
    value: SOCKETS / (connectMs / 1000),
    unit: 'sockets/s',
    note: `${sockets.length} sockets connected and subscribed`,
  });
  emitFigure({
    name: 'realtime.delivery',
    value: pct(latencies, 99),
    unit: 'ms p99',
    p50_ms: pct(latencies, 50),
    p99_ms: pct(latencies, 99),
    note: `${received}/${SOCKETS} delivered, commit → frame`,
  });
  for (const ws of sockets) ws.terminate();
  server.send({ cmd: 'stop' });
  if (received !== SOCKETS) process.exitCode = 1;
}

(process.env.MODE === 'flood' ? floodBench() : main()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
