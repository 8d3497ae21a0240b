/**
 * GET load from autocannon's CLI in a child process, for the read figures: the load and the server
 * each have a process, as the hello anchor of `npm run bench` has. Requests carry a phone's
 * `Accept-Encoding`, so answers travel as the app receives them.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * What the 竞彩足球 screen asks for: one play type, the first page of 30, as
 * apps/web/src/features/sports/queries.ts `useBetListQuery` does.
 */
export const FOOTBALL_SCREEN_PATH = '/v1/football/matches?betType=winDrawLose&page=1&per_page=30';

/** What Chromium on a phone sends. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
}

/** `connections` keep-alive connections sending GET `url` for `seconds`; autocannon's JSON result. */
export function cannon(url: string, seconds: number, connections: number): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        AUTOCANNON,
        '-j',
        '-c',
        String(connections),
        '-d',
        String(seconds),
        '-H',
        `accept-encoding=${ACCEPT_ENCODING}`,
        url,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out) as CannonResult);
      } catch {
        reject(new Error(`autocannon exited ${code}: ${out.slice(0, 500)}`));
      }
    });
  });
}
