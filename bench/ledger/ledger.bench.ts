/**
 * Ledger throughput: concurrent members posting debits and credits through the one
 * function that moves money, on PostgreSQL (BENCH_DATABASE_URL, default the local server's
 * `jingcai_bench` database, created if missing) or PGlite (BENCH_DB=pglite).
 * Prints entries per second, p50/p99 latency and the invariant check.
 *
 *   npm run bench:ledger                      # PostgreSQL, 50 members × 200 posts
 *   BENCH_DB=pglite npm run bench:ledger      # embedded PGlite
 *   MEMBERS=100 POSTS=500 npm run bench:ledger
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { inTransaction } from '../../apps/server/src/db/tx.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { EventBus } from '../../apps/server/src/lib/events.ts';
import { members } from '../../apps/server/src/modules/accounts/accounts.table.ts';
import { createWallets, findInvariantViolations } from '../../apps/server/src/modules/ledger/ledger.repo.ts';
import { LedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { emitFigure } from '../report.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 50);
const POSTS = Number(process.env.POSTS ?? 200);
const usePglite = process.env.BENCH_DB === 'pglite';

async function ensureBenchDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

async function open(): Promise<Database> {
  if (usePglite) return openDatabase({ kind: 'pglite' });
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jingcai_bench';
  await ensureBenchDatabase(url);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: MEMBERS + 5 });
  await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await database.db.execute(sql`CREATE SCHEMA public`);
  return database;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const database = await open();
  await database.migrate();
  const { db } = database;
  const ledger = new LedgerService(db, new EventBus(), systemClock);

  const ids: number[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const [row] = await db
      .insert(members)
      .values({
        username: `bench${i}`,
        passwordHash: 'x',
        nickname: `bench${i}`,
        inviteCode: `BENCH${i}`,
        registerType: 'seed',
      })
      .returning({ id: members.id });
    ids.push(row!.id);
    await inTransaction(db, async (work) => {
      await createWallets(work.tx, row!.id, ['main']);
      await ledger.post(work, { memberId: row!.id, amount: 1_000_000n, type: 'adjust' });
    });
  }

  const latencies: number[] = [];
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    ids.map(async (memberId) => {
      for (let i = 0; i < POSTS; i++) {
        const amount = i % 3 === 2 ? 150n : -100n;
        const t0 = performance.now();
        try {
          await inTransaction(db, (work) =>
            ledger.post(work, {
              memberId,
              amount,
              type: amount > 0n ? 'payout' : 'bet',
              reference: { type: 'bench', id: i },
            }),
          );
        } catch {
          refused++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const violations = await findInvariantViolations(db);
  await database.close();

  const total = MEMBERS * POSTS;
  console.log(
    `ledger bench on ${usePglite ? 'PGlite' : 'PostgreSQL'}: ${MEMBERS} concurrent members × ${POSTS} posts`,
  );
  console.log(`  entries:     ${total - refused} posted, ${refused} refused, in ${seconds.toFixed(2)} s`);
  console.log(`  throughput:  ${Math.round(total / seconds)} posts/s`);
  console.log(
    `  latency:     p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
  );
  console.log(`  invariant:   ${violations.length === 0 ? 'balanced' : `${violations.length} VIOLATIONS`}`);
  emitFigure({
    name: 'ledger.post',
    value: total / seconds,
    unit: 'posts/s',
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    anchor: 'pgbench',
    note: `${MEMBERS} members × ${POSTS}, ${refused} refused${violations.length > 0 ? ', INVARIANT VIOLATED' : ''}`,
  });
  if (violations.length > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
