/**
 * The lottery bench's load (forked by lottery.bench.ts; bench/load.ts): each member places 六合彩
 * 特码 bets (one random number each) in turn until `bets` have been sent.
 */
import { randomInt } from 'node:crypto';
import { keepAlive, recorder, serveLoadJob } from '../load.ts';

export interface BetLoadJob {
  base: string;
  tokens: string[];
  bets: number;
  /** The 六合彩 period to bet on. */
  expect: string;
}

serveLoadJob(async (job: BetLoadJob) => {
  const connections = keepAlive(job.tokens.length);
  const url = new URL('/v1/liujiu/bet/create', job.base);
  const run = recorder();
  let next = 0;
  await Promise.all(
    job.tokens.map(async (token) => {
      while (next < job.bets) {
        next++;
        await run.call(connections, url, token, {
          lottery_code: 'lhc',
          expect: job.expect,
          bets: [{ play_code: 'lhc_tm', bet_codes: String(1 + randomInt(49)), multiple: 1 }],
        });
      }
    }),
  );
  connections.destroy();
  return run.result();
});
