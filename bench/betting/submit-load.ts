/**
 * The betting bench's load (forked by betting.bench.ts; bench/load.ts): each member submits the
 * same slip in turn until `submits` orders have been sent.
 */
import { keepAlive, recorder, serveLoadJob } from '../load.ts';

export interface SubmitLoadJob {
  base: string;
  tokens: string[];
  submits: number;
  payload: unknown;
}

serveLoadJob(async (job: SubmitLoadJob) => {
  const connections = keepAlive(job.tokens.length);
  const url = new URL('/v1/order/submit', job.base);
  const run = recorder();
  let next = 0;
  await Promise.all(
    job.tokens.map(async (token) => {
      while (next < job.submits) {
        next++;
        await run.call(connections, url, token, job.payload);
      }
    }),
  );
  connections.destroy();
  return run.result();
});
