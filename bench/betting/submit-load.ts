/**
 * The betting bench's load generator, in a process of its own (forked by betting.bench.ts), so
 * the figure measures the server and not the client sharing its event loop (as the reads bench
 * runs autocannon in a child). One keep-alive connection per member; each member submits in turn
 * until `submits` orders have been sent. Answers one `SubmitLoadResult` over IPC and exits.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface SubmitLoadJob {
  base: string;
  tokens: string[];
  submits: number;
  payload: unknown;
}

export interface SubmitLoadResult {
  seconds: number;
  /** Milliseconds per submit, in completion order. */
  latencies: number[];
  failures: number;
  firstFailure: string | null;
}

function post(
  agent: Agent,
  url: URL,
  token: string,
  body: string,
): Promise<{ code: number; message: string }> {
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
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number; message: string });
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

async function run(job: SubmitLoadJob): Promise<SubmitLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.tokens.length });
  const url = new URL('/v1/order/submit', job.base);
  const body = JSON.stringify(job.payload);
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    job.tokens.map(async (token) => {
      while (next < job.submits) {
        next++;
        const t0 = performance.now();
        const answer = await post(agent, url, token, body);
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

process.once('message', (job: SubmitLoadJob) => {
  run(job).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
