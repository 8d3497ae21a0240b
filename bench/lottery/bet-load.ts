/**
 * The lottery bench's load generator, in a process of its own (forked by lottery.bench.ts), so the
 * figure measures the server and not a client sharing its event loop. One keep-alive connection
 * per member; each member places 六合彩 特码 bets (one random number each) in turn until `bets`
 * have been sent. Answers one `BetLoadResult` over IPC and exits.
 */
import { randomInt } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface BetLoadJob {
  base: string;
  tokens: string[];
  bets: number;
  /** The 六合彩 period to bet on. */
  expect: string;
}

export interface BetLoadResult {
  seconds: number;
  /** Milliseconds per bet create, in completion order. */
  latencies: number[];
  failures: number;
  firstFailure: string | null;
}

export function postJson(
  agent: Agent,
  url: URL,
  token: string,
  body: string,
): Promise<{ code: number; message: string; data: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(
              JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
                code: number;
                message: string;
                data: unknown;
              },
            );
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function run(job: BetLoadJob): Promise<BetLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.tokens.length });
  const url = new URL('/v1/liujiu/bet/create', job.base);
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    job.tokens.map(async (token) => {
      while (next < job.bets) {
        next++;
        const body = JSON.stringify({
          lottery_code: 'lhc',
          expect: job.expect,
          bets: [{ play_code: 'lhc_tm', bet_codes: String(1 + randomInt(49)), multiple: 1 }],
        });
        const t0 = performance.now();
        const answer = await postJson(agent, url, token, body);
        latencies.push(performance.now() - t0);
        if (answer.code !== 200) {
          failures++;
          firstFailure ??= answer.message;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { seconds, latencies, failures, firstFailure };
}

process.once('message', (job: BetLoadJob) => {
  run(job).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
