/**
 * SMS codes under a crowd (issue 40), on PostgreSQL, the simulator as the provider:
 *
 *  1. 忘记密码: CODES requests for MEMBERS members' verified numbers (each number once, every
 *     request from its own address), CONCURRENCY in flight. Each is limited under its number's
 *     advisory lock, recorded with the HMAC of its code and handed to the provider. Prints codes
 *     per second beside pgbench's transaction (anchor), and checks one record per request.
 *  2. 重置密码: each of those codes answered right, CONCURRENCY in flight: the try counted, the code
 *     used, the password hashed (scrypt) and every session ended in one transaction. Prints resets
 *     per second, checks every code used once and every password changed.
 *
 *   BENCH_ONLY=sms npm run bench
 */
import { performance } from 'node:perf_hooks';
import { TERMS_VERSION } from '@app/shared';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { BENCH_POOL, benchConfig, freshPostgres, percentile } from '../lib.ts';
import { emitFigure } from '../report.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 500);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);

type App = Awaited<ReturnType<typeof buildApp>>;

async function pooled(n: number, parallel: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

const phoneOf = (i: number) => `139${String(i).padStart(8, '0')}`;
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function timed(n: number, call: (i: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  await pooled(n, CONCURRENCY, async (i) => {
    const t0 = performance.now();
    if (!(await call(i))) failed += 1;
    latencies.push(performance.now() - t0);
  });
  latencies.sort((a, b) => a - b);
  return { rate: n / ((performance.now() - started) / 1000), latencies, failed };
}

async function main() {
  const database = await freshPostgres(BENCH_POOL);
  const app: App = await buildApp({
    config: benchConfig({ SMS_DAILY_PER_IP: '10000', SMS_DAILY_PER_PHONE: '1000' }),
    database,
    logger: false,
  });
  await app.ready();

  // Members with verified numbers (registered through the API, the number verified in SQL).
  await pooled(MEMBERS, 16, async (i) => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: {
        username: `sms${String(i).padStart(6, '0')}`,
        password: 'bench1234',
        accept_terms: true,
        terms_version: TERMS_VERSION,
      },
      remoteAddress: addressOf(i),
    });
    if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  });
  await database.db.execute(
    sql`UPDATE members SET mobile = '139' || lpad(substr(username, 4), 8, '0'), mobile_verified_at = now() WHERE username LIKE 'sms%'`,
  );
  await app.services.appConfig.updateAppInfo({ sms_open: 1 });

  // ---- 1. codes sent ----
  const sent = await timed(MEMBERS, async (i) => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/forgot-password',
      payload: { phone: phoneOf(i) },
      remoteAddress: addressOf(i),
    });
    return res.statusCode === 200;
  });
  await app.services.verification.idle();
  const codes = rowsOf<{ phone: string; code: string }>(
    await database.db.execute(
      sql`SELECT phone, shown_code AS code FROM sms_codes WHERE status = 'sent' ORDER BY id`,
    ),
  );
  const exact = codes.length === MEMBERS && sent.failed === 0;
  emitFigure({
    name: 'sms.codes_sent',
    value: sent.rate,
    unit: 'codes/s',
    p50_ms: percentile(sent.latencies, 50),
    p99_ms: percentile(sent.latencies, 99),
    anchor: 'pgbench',
    note: `${MEMBERS} numbers once each, ${CONCURRENCY} in flight, simulator provider${exact ? '' : `, MISMATCH: ${codes.length} sent, ${sent.failed} refused`}`,
  });
  console.log(
    `codes sent: ${Math.round(sent.rate)}/s, p99 ${Math.round(percentile(sent.latencies, 99))} ms, ${codes.length} recorded`,
  );

  // ---- 2. passwords reset by those codes ----
  const byPhone = new Map(codes.map((c) => [c.phone, c.code]));
  const reset = await timed(MEMBERS, async (i) => {
    const phone = phoneOf(i);
    const res = await app.inject({
      method: 'POST',
      url: '/v1/reset-password',
      payload: { phone, code: byPhone.get(phone), password: 'reset1234', password_confirmation: 'reset1234' },
      remoteAddress: addressOf(i),
    });
    return res.statusCode === 200;
  });
  const [used] = rowsOf<{ n: number }>(
    await database.db.execute(sql`SELECT count(*)::int AS n FROM sms_codes WHERE used_at IS NOT NULL`),
  );
  const resetExact = used!.n === MEMBERS && reset.failed === 0;
  emitFigure({
    name: 'sms.password_resets',
    value: reset.rate,
    unit: 'resets/s',
    p50_ms: percentile(reset.latencies, 50),
    p99_ms: percentile(reset.latencies, 99),
    anchor: 'pgbench',
    note: `code checked and used, scrypt hash, every session ended, ${CONCURRENCY} in flight${resetExact ? '' : `, MISMATCH: ${used!.n} used, ${reset.failed} refused`}`,
  });
  console.log(
    `resets: ${Math.round(reset.rate)}/s, p99 ${Math.round(percentile(reset.latencies, 99))} ms, ${used!.n} codes used`,
  );

  await app.close();
  await database.close();
  if (!exact || !resetExact) process.exitCode = 1;
}

void main();
