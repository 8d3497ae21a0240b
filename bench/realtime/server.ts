/**
 * The server side of the realtime benchmark, in its own process so its memory is its own:
 * a real app (in-memory PGlite) with N members inserted directly, listening on a free port.
 * The parent drives it over IPC: `credit` posts one ledger entry per member (each commit
 * pushes balance.changed), `memory` reports this process's memory.
 */
import { BENCH_LIMITS } from '../lib.ts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { inTransaction } from '../../apps/server/src/db/tx.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';

const members = Number(process.env.SOCKETS ?? 5000);

async function main() {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await database.db.execute(sql`
    INSERT INTO members (username, password_hash, nickname, invite_code, register_type)
    SELECT 'bench' || g, 'x', 'bench' || g, 'B' || g, 'seed' FROM generate_series(1, ${members}) g`);
  await database.db.execute(sql`INSERT INTO wallets (member_id, kind) SELECT id, 'main' FROM members`);
  const ids = {
    rows: rowsOf<{ id: number }>(await database.db.execute(sql`SELECT id FROM members ORDER BY id`)),
  };

  const config = loadConfig({
    ...BENCH_LIMITS,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    APP_SECRET: process.env.APP_SECRET ?? '',
    // Every socket of the bench comes from 127.0.0.1: no limit on sockets per address.
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
    // A short activity timeout makes a small run cross the server's ping and pong, as a long run does.
    ...(process.env.REALTIME_ACTIVITY_TIMEOUT_S
      ? { REALTIME_ACTIVITY_TIMEOUT_S: process.env.REALTIME_ACTIVITY_TIMEOUT_S }
      : {}),
    ...(process.env.REALTIME_PONG_TIMEOUT_MS
      ? { REALTIME_PONG_TIMEOUT_MS: process.env.REALTIME_PONG_TIMEOUT_MS }
      : {}),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;

  process.on('message', (message: { cmd: string }) => {
    void (async () => {
      if (message.cmd === 'credit') {
        const started = Date.now();
        for (const { id } of ids.rows) {
          await inTransaction(database.db, (work) =>
            app.services.ledger.post(work, { memberId: id, amount: 100n, type: 'deposit' }),
          );
        }
        process.send?.({ cmd: 'credited', ms: Date.now() - started });
      } else if (message.cmd === 'memory') {
        global.gc?.();
        process.send?.({ cmd: 'memory', usage: process.memoryUsage(), hub: app.services.hub.stats() });
      } else if (message.cmd === 'stop') {
        await app.close();
        await database.close();
        process.exit(0);
      }
    })();
  });
  process.send?.({ cmd: 'ready', port, ids: ids.rows.map((r) => r.id), memory: process.memoryUsage() });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
