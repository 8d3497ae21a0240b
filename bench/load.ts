/**
 * Load from a child process, for the HTTP benches (betting, lottery, games): the parent forks a
 * `*-load.ts` file with a job (`runLoadChild`); the child drives the server over keep-alive
 * HTTP/1.1, one connection per member (`Connections`, `recorder`), and answers one `LoadResult`
 * over IPC (`serveLoadJob`). So a figure measures the server, not a client sharing its event loop.
 */
import { fork, type Serializable } from 'node:child_process';
import { connect, type Socket } from 'node:net';
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

/**
 * Keep-alive HTTP/1.1 connections to the server, at most one per client (`keepAlive`). Each POST
 * is written as one buffer and its answer read by its Content-Length: the load shares the
 * machine's cores with the server and the database, and `node:http`'s client cost 0.3–0.4 ms of
 * CPU per request (pgbench's client, anchor A's counterpart, 0.06 ms per transaction).
 */
export class Connections {
  private readonly idle: Socket[] = [];
  private readonly all = new Set<Socket>();

  constructor(private readonly clients: number) {}

  /** One JSON POST, with the member's token when there is one; rejects on anything but a JSON answer. */
  async post(url: URL, token: string | null, body: string): Promise<Answer> {
    const socket = this.idle.pop() ?? (await this.connect(url));
    const payload = Buffer.from(body);
    const head =
      `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\n` +
      (token ? `Authorization: Bearer ${token}\r\n` : '') +
      '\r\n';
    const answer = readAnswer(socket);
    socket.write(Buffer.concat([Buffer.from(head), payload]));
    try {
      const { text, keep } = await answer;
      if (keep) this.idle.push(socket);
      else this.drop(socket);
      return JSON.parse(text) as Answer;
    } catch (err) {
      this.drop(socket);
      throw err;
    }
  }

  destroy(): void {
    for (const socket of this.all) socket.destroy();
    this.all.clear();
    this.idle.length = 0;
  }

  private drop(socket: Socket): void {
    this.all.delete(socket);
    socket.destroy();
  }

  private connect(url: URL): Promise<Socket> {
    if (this.all.size >= this.clients) throw new Error(`more than ${this.clients} requests at once`);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: url.hostname, port: Number(url.port || 80) }, () => {
        socket.off('error', reject);
        resolve(socket);
      });
      socket.setNoDelay(true);
      socket.once('error', reject);
      this.all.add(socket);
    });
  }
}

/**
 * The body of the next answer on `socket`, as text (answers must have a Content-Length), and
 * whether the connection stays open for the next request.
 */
function readAnswer(socket: Socket): Promise<{ text: string; keep: boolean }> {
  return new Promise((resolve, reject) => {
    let buffered: Buffer = Buffer.alloc(0);
    let bodyStart = -1;
    let length = 0;
    let keep = true;
    const done = () => {
      socket.off('data', onData);
      socket.off('error', fail);
      socket.off('close', closed);
    };
    const fail = (err: Error) => {
      done();
      reject(err);
    };
    const closed = () => fail(new Error('the server closed the connection before answering'));
    const onData = (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      if (bodyStart < 0) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.subarray(0, end).toString('latin1');
        const found = /\r\ncontent-length: *(\d+)/i.exec(head);
        if (!found) return fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
        bodyStart = end + 4;
        length = Number(found[1]);
        keep = !/\r\nconnection: *close/i.test(head);
      }
      if (buffered.length < bodyStart + length) return;
      done();
      resolve({ text: buffered.toString('utf8', bodyStart, bodyStart + length), keep });
    };
    socket.on('data', onData);
    socket.once('error', fail);
    socket.once('close', closed);
  });
}

/** Keep-alive connections for `clients` members sending one request at a time each. */
export const keepAlive = (clients: number) => new Connections(clients);

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
      connections: Connections,
      url: URL,
      token: string | null,
      body: unknown,
      ok = (a: Answer) => a.code === 200,
    ) {
      const t0 = performance.now();
      const answer = await connections.post(url, token, JSON.stringify(body));
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
