/**
 * The floor bench's load (forked by floor.bench.ts; bench/load.ts): `clients` connections each
 * post one wallet change at a time, a random wallet and amount each, as pgbench's clients do,
 * until `requests` have been sent.
 */
import { randomInt } from 'node:crypto';
import { keepAlive, recorder, serveLoadJob } from '../load.ts';

export interface FloorLoadJob {
  url: string;
  clients: number;
  requests: number;
  wallets: number;
}

serveLoadJob(async (job: FloorLoadJob) => {
  const connections = keepAlive(job.clients);
  const url = new URL(job.url);
  const run = recorder();
  let next = 0;
  await Promise.all(
    Array.from({ length: job.clients }, async () => {
      while (next < job.requests) {
        next++;
        await run.call(connections, url, null, {
          wallet_id: 1 + randomInt(job.wallets),
          amount: randomInt(-100, 101),
        });
      }
    }),
  );
  connections.destroy();
  return run.result();
});
