import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_DRAW_SEED_KEY } from './keys.ts';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /**
   * What it printed on stderr alone: its lines are whole even when a log line on stdout was written
   * in two parts around them, as a loaded machine's pipe can do.
   */
  stderr(): string;
  /** Its JSON log lines (pino), parsed. */
  logs(): Array<Record<string, unknown>>;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts `server.ts` (as `npm start` would, through tsx) with this environment on a free port, on
 * `env.HOST` when given (another loopback address stands for another machine).
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const host = env.HOST ?? '127.0.0.1';
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      DRAW_SEED_KEY: TEST_DRAW_SEED_KEY,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let errors = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => {
    text += d.toString();
    errors += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    base: `http://${host}:${port}`,
    output: () => text,
    stderr: () => errors,
    logs: () =>
      text
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Resolves once the server has printed its banner (a cluster primary prints it when every
 * worker listens) and answers /readyz 200; fails at once with its output if it exits.
 */
export async function waitReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited (${server.child.exitCode}): ${server.output()}`);
    if (server.output().includes('is running at')) {
      const res = await fetch(`${server.base}/readyz`).catch(() => null);
      if (res?.status === 200) return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready after ${timeoutMs} ms: ${server.output()}`);
}
