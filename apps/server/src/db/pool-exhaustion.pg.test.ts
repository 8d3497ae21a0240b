import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from './tx.ts';
import { as, createTestApp, newMember, type TestApp } from '../test/harness.ts';
import { createFreshPostgres, type FreshPostgres } from '../test/isolated-database.ts';
import { openDatabase, type Database } from './client.ts';
import { isDatabaseBusy, isDatabaseUnavailable, PoolExhausted } from './errors.ts';
import { rowsOf } from './rows.ts';

/**
 * A pool smaller than the requests in flight is the design (DB_POOL_SIZE): callers wait in its
 * queue. One that waits out the connect timeout there met a working database and a busy
 * process, and must hear 503 busy, with no outage declared; a connection that cannot be opened
 * at all is still an outage.
 */

/**
 * How long a caller waits in the queue, and how long opening the connection may take: long enough
 * for a loaded machine to open one (setup and the app's own calls go through this pool too), short
 * enough for the tests that wait it out.
 */
const WAIT_MS = 2_000;

let fresh: FreshPostgres;
let database: Database;
let t: TestApp;

/**
 * Opens the pool's one connection, retrying while it cannot be opened in time (a loaded machine):
 * each test then starts with it idle in the pool, so what times out is the queue, never the connect.
 */
async function warm(): Promise<void> {
  const deadline = performance.now() + 60_000;
  for (;;) {
    try {
      await database.db.execute(sql`SELECT 1`);
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || performance.now() > deadline) throw err;
    }
  }
}

beforeAll(async () => {
  fresh = await createFreshPostgres('pool_exhaustion');
  // Migrated through a connection of its own, with no short limit.
  const setup = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 1 });
  await setup.migrate();
  await setup.close();
  database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 1, connectTimeoutMs: WAIT_MS });
  await warm();
  t = await createTestApp({}, undefined, { database });
}, 120_000);

beforeEach(warm, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
  await fresh?.drop();
});

/** Holds the pool's only connection in an open transaction until the returned release is called. */
async function holdTheOnlyConnection(): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const tx = database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1`);
    held();
    await released;
  });
  await holding;
  return {
    release: async () => {
      release();
      await tx;
    },
  };
}

describe('a pool with no connection free', () => {
  it('rejects a waiter that timed out in its queue as PoolExhausted: busy, not unavailable', async () => {
    const hold = await holdTheOnlyConnection();
    const err = await database.db.execute(sql`SELECT 1`).then(
      () => null,
      (e: unknown) => e,
    );
    await hold.release();
    expect(err).toBeInstanceOf(Error);
    // Drizzle may wrap the driver's error; the class is found through `cause` either way.
    const inner = err instanceof PoolExhausted ? err : (err as { cause?: unknown }).cause;
    expect(inner).toBeInstanceOf(PoolExhausted);
    expect(isDatabaseBusy(err)).toBe(true);
    expect(isDatabaseUnavailable(err)).toBe(false);
    // The connection came back: the next caller is served.
    expect(rowsOf(await database.db.execute(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
  });

  it('answers a money move 503 服务器繁忙 with nothing written and no outage, then serves it', async () => {
    const member = await newMember(t.app);
    await inTransaction(database.db, (work) =>
      t.app.services.ledger.post(work, { memberId: member.id, amount: 10_000n, type: 'deposit' }),
    );
    const entries = async () =>
      rowsOf<{ n: number }>(
        await database.db.execute(
          sql`SELECT count(*)::int AS n FROM ledger_entries WHERE member_id = ${member.id}`,
        ),
      )[0];
    const move = () =>
      as(t.app, member, {
        method: 'POST',
        url: '/v1/game/lottery/transfer-in',
        payload: { amount: '1.00' },
        headers: { 'idempotency-key': 'pool-busy-1' },
      });
    const hold = await holdTheOnlyConnection();
    const busy = await move();
    await hold.release();
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ code: 503, message: '服务器繁忙，请稍后再试', data: null });
    expect(busy.headers['retry-after']).toBe('2');
    expect(t.app.services.dbHealth.isDown).toBe(false);
    expect(await entries()).toEqual({ n: 1 }); // the deposit alone

    // The same key once a connection is free: the move is made, once.
    const later = await move();
    expect(later.statusCode).toBe(200);
    expect(await entries()).toEqual({ n: 3 }); // main out, lottery in
    expect((await move()).statusCode).toBe(200);
    expect(await entries()).toEqual({ n: 3 });
  });

  it('still calls a connection that cannot be opened in time unavailable', async () => {
    // A peer that accepts the socket and never answers the startup message.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const mute = await openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${port}/none`,
      poolSize: 1,
      connectTimeoutMs: WAIT_MS,
      preparedStatements: false,
    });
    try {
      const err = await mute.db.execute(sql`SELECT 1`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(isDatabaseBusy(err)).toBe(false);
    } finally {
      for (const socket of sockets) socket.destroy();
      await mute.close();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
