import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  createTestApp,
  databaseNow,
  newMember,
  newOperator,
  TEST_START,
  uniqueIp,
  type TestApp,
} from '../../test/harness.ts';
import { openIsolatedDatabase } from '../../test/isolated-database.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { loginAttempts, sessions } from '../accounts/accounts.table.ts';
import { idempotencyRecords } from '../idempotency/idempotency.table.ts';
import { operatorSessions } from '../operators/operators.table.ts';
import { paymentCallbacks } from '../payments/payments.table.ts';

const HOUR = 3_600_000;
let t: TestApp;
let database: Database;
const clock = new ManualClock(TEST_START);

beforeAll(async () => {
  // Moving the clock a day on would delete other test files' rows on a shared database.
  database = await openIsolatedDatabase();
  t = await createTestApp(
    {
      SESSION_RETENTION_DAYS: '1',
      IDEMPOTENCY_RETENTION_HOURS: '24',
      LOGIN_ATTEMPT_RETENTION_DAYS: '2',
      PAYMENT_CALLBACK_RETENTION_DAYS: '3',
      ADAPTER_CALL_RETENTION_DAYS: '2',
    },
    undefined,
    { database },
    clock,
  );
});
afterAll(async () => {
  await t.close();
  await database.close();
});

async function rows() {
  const { db } = t.database;
  const n = async (q: Promise<Array<{ n: number }>>) => (await q)[0]?.n ?? 0;
  return {
    sessions: await n(db.select({ n: count() }).from(sessions)),
    operatorSessions: await n(db.select({ n: count() }).from(operatorSessions)),
    idempotency: await n(db.select({ n: count() }).from(idempotencyRecords)),
    loginAttempts: await n(db.select({ n: count() }).from(loginAttempts)),
    callbacks: await n(db.select({ n: count() }).from(paymentCallbacks)),
  };
}

describe('housekeeping', () => {
  it('is a job of the registry', () => {
    expect(t.app.services.jobs.names).toContain('housekeeping');
  });

  it('deletes each kind of row only once it has outlived its retention, and never money', async () => {
    // Idempotency records and gateway callbacks are stamped by the database (DEFAULT now()), and
    // housekeeping compares them with the app's clock: start the clock at the database's time.
    clock.set(await databaseNow(t.database));
    const member = await newMember(t.app);
    // A second session, ended by logging out: revoked now.
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { username: member.username, password: member.password },
      remoteAddress: uniqueIp(),
    });
    const second = body<{ token: string }>(login).data.token;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/logout',
          headers: { authorization: `Bearer ${second}` },
        })
      ).statusCode,
    ).toBe(200);
    // A failed login, a money-moving request under an Idempotency-Key, a refused gateway callback.
    await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { username: member.username, password: 'wrong-password' },
      remoteAddress: uniqueIp(),
    });
    await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.post(work, { memberId: member.id, amount: 10_000n, type: 'deposit' }),
    );
    const transfer = await as(t.app, member, {
      method: 'POST',
      url: '/v1/game/lottery/transfer-in',
      payload: { amount: '12.00' },
      headers: { 'idempotency-key': 'housekeeping-0001' },
    });
    expect(body(transfer).code).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/v1/payment-orders/notify/simulator',
      payload: {
        merchant_order_no: 'NOPE',
        trade_no: 'NOPE',
        amount: '1.00',
        status: 'paid',
        timestamp: '1',
        sign: 'bad',
      },
    });
    await newOperator(t.app);
    const before = await rows();
    expect(before).toMatchObject({ sessions: 2, operatorSessions: 1, idempotency: 1, callbacks: 1 });
    expect(before.loginAttempts).toBeGreaterThanOrEqual(3);

    // Nothing is old yet.
    expect(await t.app.services.housekeeping.run()).toEqual({
      sessions: 0,
      operatorSessions: 0,
      idempotencyRecords: 0,
      loginAttempts: 0,
      paymentCallbacks: 0,
      adapterCalls: 0,
      rateCounters: 0,
      partitionsCreated: 0,
      partitionsBlocked: 0,
      monthsArchived: 0,
      monthsPastRetention: 0,
    });

    // A day and an hour on: the revoked session, the idempotency record (24 h) and the abuse
    // counters (registration, failed logins: windows of an hour at most) go; the member's live
    // session, the login attempts (2 days) and the callback (3 days) stay.
    clock.advance(25 * HOUR);
    const dayOn = await t.app.services.housekeeping.run();
    expect(dayOn.rateCounters).toBeGreaterThan(0);
    expect(dayOn).toMatchObject({
      sessions: 1,
      operatorSessions: 0,
      idempotencyRecords: 1,
      loginAttempts: 0,
      paymentCallbacks: 0,
    });
    expect((await as(t.app, member, { method: 'GET', url: '/v1/me' })).statusCode).toBe(200);

    clock.advance(24 * HOUR);
    const third = await t.app.services.housekeeping.run();
    expect(third.loginAttempts).toBe(before.loginAttempts);
    expect(third.paymentCallbacks).toBe(0);
    // The operator's 12-hour session ended more than a day ago.
    expect(third.operatorSessions).toBe(1);

    clock.advance(24 * HOUR);
    expect((await t.app.services.housekeeping.run()).paymentCallbacks).toBe(1);

    // 30 days (the token's lifetime) and the retention day later the live session goes too.
    clock.advance(30 * 24 * HOUR);
    expect((await t.app.services.housekeeping.run()).sessions).toBe(1);
    expect(await rows()).toMatchObject({
      sessions: 0,
      operatorSessions: 0,
      idempotency: 0,
      loginAttempts: 0,
      callbacks: 0,
    });
    // The money stays: the transfer's ledger entries balance as before.
    await expectLedgerBalanced(t);
  });
});
