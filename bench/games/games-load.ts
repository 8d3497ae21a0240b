/**
 * The games bench's load generator, in a process of its own (forked by games.bench.ts), so the
 * figures measure the server and not a client sharing its event loop. One keep-alive connection
 * per member (or game session). Two jobs:
 * - transfers: each member in 100.00 then out everything, `rounds` times, one after another;
 * - spins: demo slot rounds of 1.00, each session in turn, until `spins` have been sent.
 * Answers one `GamesLoadResult` over IPC and exits.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export type GamesLoadJob =
  | { kind: 'transfers'; base: string; tokens: string[]; rounds: number }
  | { kind: 'spins'; base: string; sessions: string[]; spins: number };

export interface GamesLoadResult {
  seconds: number;
  /** Milliseconds per request, in completion order. */
  latencies: number[];
  failures: number;
  firstFailure: string | null;
}

type Answer = { code: number; message: string; data: Record<string, unknown> | null };

function post(agent: Agent, url: URL, token: string | null, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer);
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

async function run(job: GamesLoadJob): Promise<GamesLoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const timed = async (agent: Agent, url: URL, token: string | null, body: unknown, completed: boolean) => {
    const t0 = performance.now();
    const answer = await post(agent, url, token, JSON.stringify(body));
    latencies.push(performance.now() - t0);
    if (answer.code !== 200 || (completed && answer.data?.status !== 'completed')) {
      failures++;
      firstFailure ??= `${answer.code} ${answer.message}`;
    }
  };
  const started = performance.now();
  if (job.kind === 'transfers') {
    const agent = new Agent({ keepAlive: true, maxSockets: job.tokens.length });
    const url = new URL('/v1/game/ng/transfer', job.base);
    await Promise.all(
      job.tokens.map(async (token) => {
        for (let round = 0; round < job.rounds; round++) {
          await timed(agent, url, token, { type: 'in', amount: '100' }, true);
          await timed(agent, url, token, { type: 'out', amount: 0 }, true);
        }
      }),
    );
    agent.destroy();
  } else {
    const agent = new Agent({ keepAlive: true, maxSockets: job.sessions.length });
    const url = new URL('/games/demo/api/play', job.base);
    let next = 0;
    await Promise.all(
      job.sessions.map(async (session) => {
        while (next < job.spins) {
          next++;
          await timed(agent, url, null, { session, bet: '1.00' }, false);
        }
      }),
    );
    agent.destroy();
  }
  return { seconds: (performance.now() - started) / 1000, latencies, failures, firstFailure };
}

process.once('message', (job: GamesLoadJob) => {
  run(job).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
