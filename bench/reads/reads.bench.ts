/**
 * Public read benchmark on PostgreSQL (`jingcai_bench_reads`): the app in this process with the
 * feed simulator's matches synced in, loaded over HTTP by autocannon from a child process (so the
 * load and the server each have a process, as the hello anchor of `npm run bench` has).
 * Prints req/s, p50/p99 and the body size of each path. Requests carry a phone's
 * `Accept-Encoding: gzip, deflate, br`, so answers travel as the app receives them.
 *
 * Two paths: what the 竞彩足球 screen asks for (`FOOTBALL_SCREEN_PATH`), and the whole list with
 * every market (the SPEC's call without parameters).
 *
 *   npm run reads -w @app/bench        (DURATION_S, WARMUP_S, CONNECTIONS to change the load)
 */
import { get } from 'node:http';
import { buildApp } from '../../apps/server/src/app.ts';
import { benchConfig, freshPostgres } from '../lib.ts';
import { emitFigure } from '../report.ts';
import { ACCEPT_ENCODING, cannon, FOOTBALL_SCREEN_PATH } from '../cannon.ts';

const DURATION_S = Number(process.env.DURATION_S ?? 10);
const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PATHS: Array<[string, string]> = [
  ['reads.football_matches', FOOTBALL_SCREEN_PATH],
  ['reads.football_matches_all', '/v1/football/matches'],
];

/** Bytes of the answer as sent to a phone (node:http leaves the body encoded). */
function wireBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? '') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function main() {
  process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/jingcai_bench_reads';
  const database = await freshPostgres(20);
  const config = benchConfig({
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.services.feedSync.tick(new Date());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;

  console.log(`public reads on PostgreSQL: ${CONNECTIONS} connections, ${DURATION_S} s each (autocannon)`);
  try {
    for (const [name, path] of PATHS) {
      // fetch decodes what it receives: the body's size as JSON, then its size on the wire.
      const sample = await fetch(base + path);
      const bytes = (await sample.arrayBuffer()).byteLength;
      if (sample.status !== 200) throw new Error(`GET ${path} answered ${sample.status}`);
      const wire = await wireBytes(base + path);
      await cannon(base + path, WARMUP_S, CONNECTIONS);
      const r = await cannon(base + path, DURATION_S, CONNECTIONS);
      const bad = r.non2xx + r.errors;
      console.log(
        `  GET ${path}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms ` +
          `(${r.requests.total} requests, body ${Math.round(bytes / 1024)} KB, ` +
          `${wire.encoding ? `${Math.round((wire.bytes / 1024) * 10) / 10} KB ${wire.encoding} on the wire` : 'not compressed'}` +
          `${bad ? `, ${bad} non-2xx/errors` : ''})`,
      );
      emitFigure({
        name,
        value: r.requests.average,
        unit: 'req/s',
        p50_ms: r.latency.p50,
        p99_ms: r.latency.p99,
        anchor: 'hello',
        note: `GET ${path}, body ${Math.round(bytes / 1024)} KB (${Math.round((wire.bytes / 1024) * 10) / 10} KB ${wire.encoding || 'identity'})${bad ? `, ${bad} non-2xx/errors` : ''}`,
      });
      if (bad) process.exitCode = 1;
    }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
