import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('pgArray', () => {
  it('reads back as the same values in the database, whatever the text holds', async () => {
    const texts = [
      'plain',
      '',
      'NULL',
      'a "quoted" word',
      'back\\slash \\" both',
      '{braces}, commas',
      '  spaces  ',
      '您的注单 B000000000001 已中奖，派奖 4.00 元已到账。',
      null,
    ];
    const [row] = rowsOf<{ texts: Array<string | null>; ints: number[]; bigs: string[] }>(
      await t.database.db.execute(sql`
        SELECT ${pgArray(texts)}::text[] AS texts, ${pgArray([1, -2, 2147483647])}::int[] AS ints,
               (${pgArray([0n, 9_007_199_254_740_993n, -5n])}::bigint[])::text[] AS bigs`),
    );
    expect(row?.texts).toEqual(texts);
    expect(row?.ints).toEqual([1, -2, 2147483647]);
    expect(row?.bigs).toEqual(['0', '9007199254740993', '-5']);
  });

  it('is an empty array for no values', async () => {
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT cardinality(${pgArray([])}::int[]) AS n`),
    );
    expect(Number(row?.n)).toBe(0);
  });
});
