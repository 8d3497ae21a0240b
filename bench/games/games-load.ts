/**
 * The games bench's load (forked by games.bench.ts; bench/load.ts). Two jobs:
 * - transfers: each member in 100.00 then out everything, `rounds` times, one after another;
 * - spins: demo slot rounds of 1.00, each session in turn, until `spins` have been sent.
 */
import { keepAlive, recorder, serveLoadJob, type Answer } from '../load.ts';

export type GamesLoadJob =
  | { kind: 'transfers'; base: string; tokens: string[]; rounds: number }
  | { kind: 'spins'; base: string; sessions: string[]; spins: number };

const completed = (a: Answer) => a.code === 200 && a.data?.status === 'completed';

serveLoadJob(async (job: GamesLoadJob) => {
  const run = recorder();
  if (job.kind === 'transfers') {
    const connections = keepAlive(job.tokens.length);
    const url = new URL('/v1/game/ng/transfer', job.base);
    await Promise.all(
      job.tokens.map(async (token) => {
        for (let round = 0; round < job.rounds; round++) {
          await run.call(connections, url, token, { type: 'in', amount: '100' }, completed);
          await run.call(connections, url, token, { type: 'out', amount: 0 }, completed);
        }
      }),
    );
    connections.destroy();
  } else {
    const connections = keepAlive(job.sessions.length);
    const url = new URL('/games/demo/api/play', job.base);
    let next = 0;
    await Promise.all(
      job.sessions.map(async (session) => {
        while (next < job.spins) {
          next++;
          await run.call(connections, url, null, { session, bet: '1.00' });
        }
      }),
    );
    connections.destroy();
  }
  return run.result();
});
