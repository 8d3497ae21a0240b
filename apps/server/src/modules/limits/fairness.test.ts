import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, type Clock } from '../../lib/clock.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  uniqueIp,
  uniqueUsername,
  type TestApp,
} from '../../test/harness.ts';
import { loginAttempts } from '../accounts/accounts.table.ts';
import { addWallet, deposit, setPaymentPassword } from '../payments/testing.ts';
import { paymentPasswordFailures } from '../withdrawals/withdrawals.table.ts';

const MINUTE = 60_000;
const clock = new ManualClock(new Date('2026-11-26T04:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  // Bursts of 50 logins from one address stay under the per-route request limit.
  t = await createTestApp(
    { DEPOSIT_TURNOVER_MULTIPLE: '0', PUBLIC_POST_PER_MINUTE: '1000' },
    undefined,
    undefined,
    clock,
  );
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string, url = '/v1/login') =>
  t.app.inject({ method: 'POST', url, payload: { username, password }, remoteAddress });
const operatorLogin = (username: string, password: string, remoteAddress: string) =>
  login(username, password, remoteAddress, '/admin/v1/auth/login');

const tally = (answers: ReadonlyArray<{ statusCode: number }>) => {
  const codes: Record<number, number> = {};
  for (const { statusCode } of answers) codes[statusCode] = (codes[statusCode] ?? 0) + 1;
  return codes;
};

/** Wrong passwords the server actually checked for this login name (each one is recorded). */
async function checkedWrongLogins(username: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.username, username), eq(loginAttempts.success, false)));
  return row!.n;
}

async function checkedWrongPaymentPasswords(memberId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(paymentPasswordFailures)
    .where(eq(paymentPasswordFailures.memberId, memberId));
  return row!.n;
}

async function withdrawer() {
  const m = await newMember(t.app);
  await deposit(t, m, '5000', 'bank');
  await setPaymentPassword(t, m);
  const { id } = await addWallet(t, m);
  const withdraw = (payment_password: string) =>
    as(t.app, m, {
      method: 'POST',
      url: '/v1/withdraws',
      payload: { wallet_id: id, amount: '100', payment_password },
    });
  return { m, withdraw };
}

const setPayment = (m: Parameters<typeof as>[1], old_payment_password: string, payment_password = '246801') =>
  as(t.app, m, {
    method: 'POST',
    url: '/v1/user/set-payment-password',
    payload: { payment_password, payment_password_confirmation: payment_password, old_payment_password },
  });

describe('a right answer is never refused because other attempts are in flight', () => {
  it('12 concurrent right logins from one address all sign in, and the account stays open there', async () => {
    const m = await newMember(t.app);
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(m.username, m.password, ip)));
    expect(tally(answers)).toEqual({ 200: 12 });
    expect((await login(m.username, m.password, ip)).statusCode).toBe(200);
  });

  it('10 concurrent right operator logins all sign in', async () => {
    const username = uniqueUsername('op');
    await t.app.services.operators.create({ username, password: 'op-secret-1', name: '值班', role: 'admin' });
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => operatorLogin(username, 'op-secret-1', ip)),
    );
    expect(tally(answers)).toEqual({ 200: 10 });
  });

  it('10 concurrent withdrawals with the right payment password: none is refused by the limit', async () => {
    const { m, withdraw } = await withdrawer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => withdraw('135790')));
    // VIP 0 may withdraw 3 times a day: the other 7 are refused by that rule, after the password.
    expect(tally(answers)).toEqual({ 200: 3, 422: 7 });
    for (const r of answers.filter((a) => a.statusCode === 422))
      expect(body(r).message).toBe('今日提现次数已用完（每日3次）');
    // And the member is not locked: the payment password still opens set-payment-password.
    expect((await setPayment(m, '135790')).statusCode).toBe(200);
  });

  it('10 concurrent set-payment-password with the right old one all succeed', async () => {
    const m = await newMember(t.app);
    await setPaymentPassword(t, m);
    const answers = await Promise.all(Array.from({ length: 10 }, () => setPayment(m, '135790')));
    expect(tally(answers)).toEqual({ 200: 10 });
  });

  it('10 concurrent password changes with the right old password all pass its check', async () => {
    const m = await newMember(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        as(t.app, m, {
          method: 'POST',
          url: '/v1/user/profile',
          payload: { old_password: m.password, password: 'new12345', password_confirmation: 'new12345' },
        }),
      ),
    );
    // Each one changes the password and ends the member's other sessions, so a request that
    // starts after another's change may find its own session ended (401), but none is a 429.
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(0);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThan(0);
  });
});

describe('a burst of wrong answers is limited like a sequence', () => {
  it('50 concurrent wrong logins: exactly 5 are checked, 45 refused without a check', async () => {
    const m = await newMember(t.app);
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => login(m.username, 'wrong999', ip)));
    expect(tally(answers)).toEqual({ 401: 5, 429: 45 });
    expect(await checkedWrongLogins(m.username)).toBe(5);
    // Five real failures lock this account here: even the right password waits the window out.
    expect((await login(m.username, m.password, ip)).statusCode).toBe(429);
    expect((await login(m.username, m.password, uniqueIp())).statusCode).toBe(200);
  });

  it('50 concurrent wrong payment passwords: exactly 5 are checked; then even the right one waits', async () => {
    const { m, withdraw } = await withdrawer();
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw('000000')));
    expect(tally(answers)).toEqual({ 422: 5, 429: 45 });
    expect(await checkedWrongPaymentPasswords(m.id)).toBe(5);
    for (const r of answers.filter((a) => a.statusCode === 429))
      expect(body(r).message).toBe('支付密码错误次数过多，请15分钟后再试');
    expect((await withdraw('135790')).statusCode).toBe(429);
    clock.advance(15 * MINUTE);
    expect((await withdraw('135790')).statusCode).toBe(200);
  });

  it('50 concurrent wrong old payment passwords: 5 checked, 45 refused', async () => {
    const m = await newMember(t.app);
    await setPaymentPassword(t, m);
    const answers = await Promise.all(Array.from({ length: 50 }, () => setPayment(m, '000000')));
    expect(tally(answers)).toEqual({ 422: 5, 429: 45 });
  });

  it('with one failure left, 10 concurrent right logins all sign in (they take the last slot in turn)', async () => {
    const m = await newMember(t.app);
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await login(m.username, 'wrong999', ip)).statusCode).toBe(401);
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(m.username, m.password, ip)));
    expect(tally(answers)).toEqual({ 200: 10 });
  });
});

describe('an address many members share (NAT): its failures do not lock out a member who signed in there before', () => {
  it('after 25 failures with random usernames, a member known there signs in; one never seen there is refused', async () => {
    const ip = uniqueIp();
    const regular = await newMember(t.app);
    expect((await login(regular.username, regular.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 25; i++) await login(uniqueUsername(), 'wrong999', ip);
    expect((await login(regular.username, regular.password, ip)).statusCode).toBe(200);
    const stranger = await newMember(t.app);
    const refused = await login(stranger.username, stranger.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toMatch(/^登录失败次数过多，请\d+分钟后再试$/);
    // The known member is still limited per account from that address.
    for (let i = 0; i < 5; i++) expect((await login(regular.username, 'wrong999', ip)).statusCode).toBe(401);
    expect((await login(regular.username, regular.password, ip)).statusCode).toBe(429);
  });

  it('the same for operators', async () => {
    const ip = uniqueIp();
    const username = uniqueUsername('op');
    await t.app.services.operators.create({ username, password: 'op-secret-1', name: '值班', role: 'admin' });
    expect((await operatorLogin(username, 'op-secret-1', ip)).statusCode).toBe(200);
    for (let i = 0; i < 25; i++) await operatorLogin(uniqueUsername('op'), 'nope-nope', ip);
    expect((await operatorLogin(username, 'op-secret-1', ip)).statusCode).toBe(200);
    const other = uniqueUsername('op');
    await t.app.services.operators.create({
      username: other,
      password: 'op-secret-2',
      name: '值班',
      role: 'finance',
    });
    expect((await operatorLogin(other, 'op-secret-2', ip)).statusCode).toBe(429);
  });
});

const counterStores: Array<{ store: string; env: Record<string, string> }> = [
  { store: 'the database', env: {} },
  { store: 'Redis', env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } },
];

describe.each(counterStores)('two servers counting in $store', ({ env }) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // The clock stands still, and a wait on it lasts one turn of the event loop: an attempt
    // whose slots the other server holds looks again until their checks end (never past a deadline).
    const manual = new ManualClock(new Date('2026-11-26T04:00:00Z'));
    const clock: Clock = { now: () => manual.now(), sleep: () => new Promise((r) => setImmediate(r)) };
    const shared = {
      ...env,
      REDIS_PREFIX: `limits-${randomBytes(4).toString('hex')}`,
      APP_SECRET: randomBytes(16).toString('hex'),
      PUBLIC_POST_PER_MINUTE: '1000',
    };
    a = await createTestApp(shared, undefined, undefined, clock);
    b = await createTestApp(shared, undefined, { database: a.database }, clock);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const loginAt = (server: TestApp, username: string, password: string, remoteAddress: string) =>
    server.app.inject({ method: 'POST', url: '/v1/login', payload: { username, password }, remoteAddress });

  it('12 right logins at once, half on each server: all sign in', async () => {
    const m = await newMember(a.app);
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => loginAt(i % 2 ? a : b, m.username, m.password, ip)),
    );
    expect(tally(answers)).toEqual({ 200: 12 });
  });

  it('50 wrong logins at once, half on each server: exactly 5 are checked', async () => {
    const m = await newMember(a.app);
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => loginAt(i % 2 ? a : b, m.username, 'wrong999', ip)),
    );
    expect(tally(answers)).toEqual({ 401: 5, 429: 45 });
    const [row] = await a.database.db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, m.username), eq(loginAttempts.success, false)));
    expect(row!.n).toBe(5);
  });
});
