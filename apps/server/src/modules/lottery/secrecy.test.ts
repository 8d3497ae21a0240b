/**
 * Draw secrecy from an insider's seat (docs/decisions/016-draw-secrecy.md): someone who reads
 * the whole database, but does not hold DRAW_SEED_KEY, cannot compute the open code of a period
 * that has not been drawn.
 */
import { createHash, createHmac } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitment, deriveOpenCode, findLottery, LOTTERIES } from '@app/shared';
import { ManualClock } from '../../lib/clock.ts';
import { body, createTestApp, newMember, TEST_START, type TestApp } from '../../test/harness.ts';
import { deriveSeed } from './draw-seed.ts';
import { lotteryPeriods } from './lottery.table.ts';
import { fundLottery, openPeriod, placeBets, seedKeyOf, tick } from './testing.ts';
import { rowsOf } from '../../db/rows.ts';

let t: TestApp;
const clock = new ManualClock(TEST_START);
beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, clock);
});
afterAll(() => t.close());

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** Every row of every table, as JSON text: what a database dump gives an insider. */
async function dumpDatabase(): Promise<string[]> {
  const tables = rowsOf<{ table_schema: string; table_name: string }>(
    await t.database.db.execute(sql`
      SELECT table_schema, table_name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`),
  );
  expect(tables.map((r) => r.table_name)).toEqual(
    expect.arrayContaining(['lottery_periods', 'lottery_bets', 'app_settings', 'ledger_entries']),
  );
  const rows: string[] = [];
  for (const { table_schema, table_name } of tables) {
    const name = sql.raw(`"${table_schema}"."${table_name}"`);
    const dumped = rowsOf<{ row: string }>(
      await t.database.db.execute(sql`SELECT to_jsonb(x)::text AS row FROM ${name} x`),
    );
    rows.push(...dumped.map((r) => r.row));
  }
  return rows;
}

/** Every value in the rows (strings, numbers, booleans, nested), and every hex run inside a string. */
function valuesOf(rows: string[]): Set<string> {
  const values = new Set<string>();
  const walk = (v: unknown): void => {
    if (v === null || v === undefined) return;
    if (typeof v === 'object') {
      for (const item of Object.values(v as Record<string, unknown>)) walk(item);
      return;
    }
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    values.add(text);
    values.add(text.toLowerCase());
    for (const run of text.match(/[0-9a-fA-F]{32,}/g) ?? []) values.add(run.toLowerCase());
  };
  for (const row of rows) walk(JSON.parse(row));
  return values;
}

describe('draw secrecy', () => {
  it('leaves nothing in the database from which an undrawn period’s open code can be computed', async () => {
    // Periods of every lottery, with bets on one, and one period drawn (its seed now public).
    const codes = LOTTERIES.map((l) => l.code);
    const period = await openPeriod(t, 'k3_1m');
    await tick(t, codes);
    const m = await newMember(t.app);
    await fundLottery(t, m, 10_000n);
    expect(
      body(await placeBets(t, m, 'k3_1m', period.number, [{ play_code: 'k3_hz', bet_codes: '4,10' }])).code,
    ).toBe(200);
    await tick(t, ['k3_1m'], period.drawAt);
    await tick(t, codes, period.drawAt);

    const undrawn = await t.database.db
      .select()
      .from(lotteryPeriods)
      .where(inArray(lotteryPeriods.status, ['pending', 'open', 'closed']));
    expect(undrawn.length).toBeGreaterThan(codes.length);
    expect(new Set(undrawn.map((p) => p.lotteryCode)).size).toBe(codes.length);
    // The seed column is empty until the draw.
    for (const p of undrawn) expect(p.seed).toBeNull();
    const drawnSeeds = (await t.database.db.select().from(lotteryPeriods))
      .filter((p) => p.status === 'drawn')
      .map((p) => p.seed);
    expect(drawnSeeds.length).toBeGreaterThan(0);

    // Every value stored anywhere, tried as a seed, and every hex value tried as the key: none
    // gives an undrawn period's commitment (which the open code would need).
    const values = valuesOf(await dumpDatabase());
    for (const p of undrawn) {
      values.add(`${p.lotteryCode}:${p.number}`);
      values.add(p.createdAt.toISOString());
    }
    expect(values.size).toBeGreaterThan(200);
    // The dump does reach the seed column: the drawn period's (public) seed is among the values.
    for (const seed of drawnSeeds) expect(values.has(seed!)).toBe(true);
    const commitments = new Set(undrawn.map((p) => p.commitment));
    const found: string[] = [];
    for (const value of values) if (commitments.has(sha256(value))) found.push(`seed ${value}`);
    const hexValues = [...values].filter((v) => /^[0-9a-f]{32,}$/.test(v) && v.length % 2 === 0);
    expect(hexValues.length).toBeGreaterThan(undrawn.length);
    for (const value of hexValues) {
      for (const key of [Buffer.from(value, 'hex'), Buffer.from(value, 'utf8')]) {
        for (const p of undrawn) {
          const seed = createHmac('sha256', key).update(`${p.lotteryCode}:${p.number}`).digest('hex');
          if (sha256(seed) === p.commitment) found.push(`key ${value}`);
        }
      }
    }
    expect(found).toEqual([]);

    // The key itself is nowhere in the database, in hex or base64.
    const key = seedKeyOf(t);
    expect(values.has(key.toString('hex'))).toBe(false);
    for (const text of values) expect(text.includes(key.toString('base64'))).toBe(false);

    // Only the key holder derives each undrawn period's seed, and with it its open code.
    for (const p of undrawn) {
      const seed = deriveSeed(key, p.lotteryCode, p.number);
      expect(commitment(seed)).toBe(p.commitment);
      expect(values.has(seed)).toBe(false);
      expect(deriveOpenCode(findLottery(p.lotteryCode)!.family, seed, p.number)).toMatch(/^\d+(,\d+)*$/);
    }
  });
});
