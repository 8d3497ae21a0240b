import { sql as drizzleSql, SQL } from 'drizzle-orm';
import { integer, PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sql } from './sql.ts';

const dialect = new PgDialect();
const built = (query: ReturnType<typeof drizzleSql>) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
};
const things = pgTable('things', { id: integer('id').primaryKey(), name: text('name') });

/** The same call site run twice, as a repository function is: the kept text is used the second time. */
const wallet = (amount: bigint, member: number, kind: string, at: Date, note: string | null) =>
  sql`UPDATE wallets SET balance = balance + ${amount}::bigint, updated_at = ${at}
      WHERE member_id = ${member} AND kind = ${kind} AND note IS NOT DISTINCT FROM ${note}`;
const walletByDrizzle = (amount: bigint, member: number, kind: string, at: Date, note: string | null) =>
  drizzleSql`UPDATE wallets SET balance = balance + ${amount}::bigint, updated_at = ${at}
      WHERE member_id = ${member} AND kind = ${kind} AND note IS NOT DISTINCT FROM ${note}`;

describe('sql (drizzle template with its text kept)', () => {
  it('builds the text and parameters drizzle builds, the first time and from the kept text after', () => {
    const at = new Date('2026-11-28T00:00:00Z');
    const runs: Array<[bigint, number, string, Date, string | null]> = [
      [5n, 1, 'main', at, null],
      [-300n, 42, 'lottery', at, '备注 $1'],
    ];
    for (const args of runs) {
      // Plain values: the kept text, not drizzle's builder.
      expect(Object.getPrototypeOf(wallet(...args))).not.toBe(SQL.prototype);
      expect(built(wallet(...args))).toEqual(built(walletByDrizzle(...args)));
    }
    expect(built(sql`SELECT 1`)).toEqual({ text: 'SELECT 1', params: [] });
    expect(built(sql`${'only'}`)).toEqual(built(drizzleSql`${'only'}`));
  });

  it('folds constant fragments (sql.raw, templates without values) into the kept text, by their text', () => {
    const columns = sql.raw('p.id, p.number');
    const pick = (raw: ReturnType<typeof sql.raw>, extra: boolean) =>
      sql`SELECT ${raw} FROM periods p WHERE p.code = ${'lhc'} ${extra ? sql`AND p.open` : sql``} LIMIT ${5}`;
    const pickByDrizzle = (raw: ReturnType<typeof sql.raw>, extra: boolean) =>
      drizzleSql`SELECT ${raw} FROM periods p WHERE p.code = ${'lhc'} ${extra ? drizzleSql`AND p.open` : drizzleSql``} LIMIT ${5}`;
    for (const [raw, extra] of [
      [columns, false],
      [columns, true],
      [sql.raw('p.status'), true],
      [columns, false],
    ] as const) {
      const ours = pick(raw, extra);
      expect(Object.getPrototypeOf(ours)).not.toBe(SQL.prototype);
      expect(built(ours)).toEqual(built(pickByDrizzle(raw, extra)));
    }
    expect(built(pick(sql.raw('p.status'), true))).toEqual({
      text: 'SELECT p.status FROM periods p WHERE p.code = $1 AND p.open LIMIT $2',
      params: ['lhc', 5],
    });
    // A template made only of fragments is itself a fragment.
    const where = sql`WHERE ${sql.raw('a')} = 1`;
    expect(built(sql`SELECT * FROM t ${where} AND b = ${2}`)).toEqual({
      text: 'SELECT * FROM t WHERE a = 1 AND b = $1',
      params: [2],
    });
  });

  it('leaves columns, tables, nested statements, arrays and undefined to drizzle', () => {
    const nested = sql`id = ${7}`;
    const cases = [
      [
        sql`SELECT ${things.name} FROM ${things} WHERE ${nested}`,
        drizzleSql`SELECT ${things.name} FROM ${things} WHERE ${drizzleSql`id = ${7}`}`,
      ],
      [
        sql`SELECT * FROM things WHERE id IN ${[1, 2, 3]} AND name = ${'x'}`,
        drizzleSql`SELECT * FROM things WHERE id IN ${[1, 2, 3]} AND name = ${'x'}`,
      ],
      [sql`SELECT ${undefined} ${1}`, drizzleSql`SELECT ${undefined} ${1}`],
    ] as const;
    for (const [ours, theirs] of cases) {
      expect(Object.getPrototypeOf(ours)).toBe(SQL.prototype);
      expect(built(ours)).toEqual(built(theirs));
    }
  });

  it('numbers a kept statement nested after another’s parameters as drizzle does', () => {
    const inner = sql`name = ${'a'} AND id > ${3}`;
    expect(built(drizzleSql`SELECT * FROM things WHERE id <> ${9} AND ${inner} LIMIT ${10}`)).toEqual({
      text: 'SELECT * FROM things WHERE id <> $1 AND name = $2 AND id > $3 LIMIT $4',
      params: [9, 'a', 3, 10],
    });
  });

  it('follows append and inlineParams, which change what the kept text says', () => {
    const appended = sql`SELECT * FROM things WHERE id = ${1}`.append(drizzleSql` AND name = ${'b'}`);
    expect(built(appended)).toEqual({
      text: 'SELECT * FROM things WHERE id = $1 AND name = $2',
      params: [1, 'b'],
    });
    expect(built(sql`SELECT ${5}, ${"it's"}`.inlineParams())).toEqual({
      text: "SELECT 5, 'it''s'",
      params: [],
    });
  });

  it('keeps drizzle’s helpers (raw, join, empty)', () => {
    expect(built(sql.join([sql`a = ${1}`, sql.raw('b = 2')], sql` AND `))).toEqual({
      text: 'a = $1 AND b = 2',
      params: [1],
    });
    expect(built(sql.empty())).toEqual({ text: '', params: [] });
  });
});
