/**
 * The floor under every money write of the product, on this machine: anchor A's own transaction
 * (bench/anchors/wallet.sql: lock a wallet row, change its balance, append a history row) behind
 * the thinnest HTTP server that can carry it: a bare Fastify (no plugins, no logger, no
 * validation library, no auth), `pg` with named prepared statements and a pool of the product's
 * size, 50 clients from a load child (bench/load.ts). Two shapes:
 *
 *  - `floor.http_wallet`: the statements pgbench sends, one round trip each
 *    (BEGIN, SELECT … FOR UPDATE, UPDATE, INSERT, COMMIT);
 *  - `floor.http_wallet_1rt`: the same change as one statement in one round trip (a CTE that
 *    updates the balance and appends the row, committed on its own), the least any HTTP money
 *    write can ask of the database.
 *
 * Held against pgbench like the product's money writes, with the same costs per request (server,
 * database, load CPU, WAL): what Node, HTTP and the driver cost before the product does anything.
 * A product write that does more (validation, a session, an order and its legs, the ledger's
 * history and indexes) cannot pass this ratio on the same machine.
 *
 *   npm run floor -w @app/bench          REQUESTS=20000 POOL=20 npm run floor -w @app/bench
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { BENCH_POOL, percentile } from '../lib.ts';
import { costSuffix, measureLoad, walBytes } from '../cpu.ts';
import { emitFigure } from '../report.ts';
import { runLoadChild } from '../load.ts';
import type { FloorLoadJob } from './floor-load.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = Number(process.env.MEMBERS ?? 50);
const REQUESTS = Number(process.env.REQUESTS ?? 15_000);
const WARMUP = Number(process.env.WARMUP ?? 1_000);
const WALLETS = Number(process.env.WALLETS ?? 10_000);

const DATABASE_URL = (() => {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jingcai_bench');
  url.pathname = '/jingcai_bench_floor';
  return url;
})();

const LOCK = {
  name: 'floor_lock',
  text: 'SELECT balance FROM bench_wallets WHERE id = $1 FOR UPDATE',
};
const UPDATE = {
  name: 'floor_update',
  text: 'UPDATE bench_wallets SET balance = balance + $2 WHERE id = $1',
};
const INSERT = {
  name: 'floor_insert',
  text: 'INSERT INTO bench_wallet_history (wallet_id, amount, created_at) VALUES ($1, $2, now())',
};
const ONE_STATEMENT = {
  name: 'floor_one',
  text: `WITH changed AS (
           UPDATE bench_wallets SET balance = balance + $2 WHERE id = $1 RETURNING id, balance
         )
         INSERT INTO bench_wallet_history (wallet_id, amount, created_at)
         SELECT id, $2, now() FROM changed RETURNING (SELECT balance FROM changed)`,
};

interface Change {
  wallet_id: number;
  amount: number;
}

function isChange(body: unknown): body is Change {
  const b = body as Partial<Change> | null;
  return (
    typeof b === 'object' && b !== null && Number.isSafeInteger(b.wallet_id) && Number.isSafeInteger(b.amount)
  );
}

async function prepareTables(): Promise<void> {
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS jingcai_bench_floor WITH (FORCE)');
  await admin.query('CREATE DATABASE jingcai_bench_floor');
  await admin.end();
  const client = new pg.Client({ connectionString: DATABASE_URL.toString() });
  await client.connect();
  // The tables of anchor A (bench/run.ts), with as many wallets.
  await client.query(`
    CREATE TABLE bench_wallets (id integer PRIMARY KEY, balance bigint NOT NULL);
    CREATE TABLE bench_wallet_history (
      id bigserial PRIMARY KEY, wallet_id integer NOT NULL REFERENCES bench_wallets (id),
      amount bigint NOT NULL, created_at timestamptz NOT NULL);
    INSERT INTO bench_wallets SELECT g, 100000000 FROM generate_series(1, ${WALLETS}) g;`);
  await client.query('VACUUM ANALYZE bench_wallets');
  await client.end();
}

async function main() {
  await prepareTables();
  const pool = new pg.Pool({ connectionString: DATABASE_URL.toString(), max: BENCH_POOL });
  // An idle connection the database drops (the DROP DATABASE at the end) is not a failure.
  pool.on('error', () => undefined);
  const app = Fastify({ logger: false });
  const reject = { code: 422, message: '参数错误', data: null };

  app.post('/tx', async (request, reply) => {
    if (!isChange(request.body)) return reply.code(422).send(reject);
    const { wallet_id: id, amount } = request.body;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ balance: string }>({ ...LOCK, values: [id] });
      await client.query({ ...UPDATE, values: [id, amount] });
      await client.query({ ...INSERT, values: [id, amount] });
      await client.query('COMMIT');
      return {
        code: 200,
        message: 'ok',
        data: { balance: String(BigInt(rows[0]!.balance) + BigInt(amount)) },
      };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  });
  app.post('/tx1', async (request, reply) => {
    if (!isChange(request.body)) return reply.code(422).send(reject);
    const { wallet_id: id, amount } = request.body;
    const { rows } = await pool.query<{ balance: string }>({ ...ONE_STATEMENT, values: [id, amount] });
    return { code: 200, message: 'ok', data: { balance: rows[0]!.balance } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  const walDb = new pg.Client({ connectionString: DATABASE_URL.toString() });
  await walDb.connect();
  const wal = () => walBytes((text) => walDb.query(text));

  const load = (route: string, requests: number) =>
    runLoadChild(path.join(here, 'floor-load.ts'), {
      url: base + route,
      clients: CLIENTS,
      requests,
      wallets: WALLETS,
    } satisfies FloorLoadJob);

  console.log(
    `floor bench on PostgreSQL: anchor A's transaction behind a bare Fastify POST, ${CLIENTS} clients, pool ${BENCH_POOL}`,
  );
  const run = async (label: string, figure: string, route: string) => {
    if (WARMUP > 0) await load(route, WARMUP);
    const {
      result: { seconds, latencies, failures, firstFailure },
      serverCpuMs: cpuMs,
      costs: perRequest,
    } = await measureLoad(REQUESTS, wal, () => load(route, REQUESTS));
    const costs = costSuffix(perRequest, '/request');
    if (firstFailure !== null) console.error(`  first failure: ${firstFailure}`);
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `  ${label.padEnd(34)} ${Math.round(REQUESTS / seconds)} requests/s, p50 ${Math.round(p50)} ms, p99 ${Math.round(p99)} ms (${REQUESTS} requests, ${failures} failed; server CPU ${cpuMs} ms/request${costs})`,
    );
    emitFigure({
      name: figure,
      value: REQUESTS / seconds,
      unit: 'requests/s',
      p50_ms: p50,
      p99_ms: p99,
      anchor: 'pgbench',
      costs: perRequest,
      note: `anchor A's transaction behind a bare Fastify POST (${label}), ${CLIENTS} clients, pool ${BENCH_POOL}, ${REQUESTS} requests, ${failures} failed; server CPU ${cpuMs} ms${costs}`,
    });
    if (failures > 0) process.exitCode = 1;
  };
  await run('5 statements (as pgbench sends)', 'floor.http_wallet', '/tx');
  await run('1 statement, 1 round trip', 'floor.http_wallet_1rt', '/tx1');

  // Every change landed once: the balances moved by exactly what the history holds.
  const { rows } = await walDb.query<{ drift: string }>(`
    SELECT (SELECT sum(balance) FROM bench_wallets) - ${WALLETS}::bigint * 100000000
           - (SELECT coalesce(sum(amount), 0) FROM bench_wallet_history) AS drift`);
  const drift = rows[0]?.drift ?? 'unknown';
  console.log(`  balances against history: ${drift === '0' ? 'consistent' : `DRIFT ${drift}`}`);
  if (drift !== '0') process.exitCode = 1;
  await walDb.end();
  await app.close();
  await pool.end();
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS jingcai_bench_floor WITH (FORCE)');
  await admin.end();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
