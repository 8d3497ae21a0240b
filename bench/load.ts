/**
 * Load from a child process, for the HTTP benches (betting, lottery, games): the parent forks a
 * `*-load.ts` file with a job (`runLoadChild`); the child drives the server over keep-alive
 * `node:http`, one connection per member (`postJson`, `recorder`), and answers one `LoadResult`
 * over IPC (`serveLoadJob`). So a figure measures the server, not a client sharing its event loop.
 */
import { fork, type Serializable } from 'node:child_process';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoadResult {
  seconds: number;
  /** Milliseconds per request, in completion order. */
  latencies: number[];
  failures: number;
  firstFailure: string | null;
  /** CPU milliseconds the load child itself used over the job (user + system). */
  loadCpuMs: number;
}

/** What a job's run records; the child adds the CPU it used (serveLoadJob). */
export type RecordedRun = Omit<LoadResult, 'loadCpuMs'>;

export interface Answer {
  code: number;
  message: string;
  data: Record<string, unknown> | null;
}

/** A keep-alive agent with a connection for each of `clients`. */
export const keepAlive = (clients: number) => new Agent({ keepAlive: true, maxSockets: clients });

/** One JSON POST, with the member's token when there is one. */
export function postJson(agent: Agent, url: URL, token: string | null, body: string): Promise<Answer> {
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

/**
 * Times requests and counts failures: `call` posts and records, `ok` decides what counts as a
 * success (default: code 200); `result()` closes the run.
 */
export function recorder() {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const started = performance.now();
  return {
    async call(
      agent: Agent,
      url: URL,
      token: string | null,
      body: unknown,
      ok = (a: Answer) => a.code === 200,
    ) {
      const t0 = performance.now();
      const answer = await postJson(agent, url, token, JSON.stringify(body));
      latencies.push(performance.now() - t0);
      if (!ok(answer)) {
        failures++;
        firstFailure ??= `${answer.code} ${answer.message}`;
      }
    },
    result: (): RecordedRun => ({
      seconds: (performance.now() - started) / 1000,
      latencies,
      failures,
      firstFailure,
    }),
  };
}

/** In the child: runs the job the parent sends, answers its result and exits. */
export function serveLoadJob<J>(run: (job: J) => Promise<RecordedRun>): void {
  process.once('message', (job: J) => {
    const cpu = process.cpuUsage();
    run(job).then(
      (result) => {
        const used = process.cpuUsage(cpu);
        const answer: LoadResult = { ...result, loadCpuMs: (used.user + used.system) / 1000 };
        process.send?.(answer, () => process.exit(0));
      },
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}

/** In the parent: forks `file` (a `*-load.ts`), sends it the job and waits for its result. */
export function runLoadChild<J extends Serializable>(file: string, job: J): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(file, [], { stdio: 'inherit' });
    let result: LoadResult | undefined;
    child.once('message', (message: LoadResult) => (result = message));
    child.on('error', reject);
    child.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`${file} exited ${code} without a result`)),
    );
    child.send(job);
  });
}
