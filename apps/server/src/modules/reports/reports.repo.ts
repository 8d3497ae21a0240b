import { and, count, desc, eq, gte, inArray, lt, sum, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import {
  TRANSFER_LEDGER_TYPES,
  type BettingCategory,
  type BettingStatus,
  type LedgerType,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { LedgerEntryRow } from '../ledger/index.ts';
import { rowsOf } from '../../db/rows.ts';
import { ledgerEntries, wallets } from '../ledger/schema.ts';

export interface Range {
  from: Date;
  to: Date;
}

/**
 * Ledger sums of a member per Shanghai day and type over a range; bets, refunds and payouts
 * also per reference type (which tells sports from lottery).
 */
export async function ledgerSumsByDay(db: Db, memberId: number, range: Range) {
  const result = await db.execute(sql`
    SELECT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day, type,
      CASE WHEN type IN ('bet', 'bet_refund', 'payout', 'settle_correction', 'free_bet', 'cash_out') THEN reference_type END AS reference_type,
      SUM(amount) AS total
    FROM ledger_entries
    WHERE member_id = ${memberId} AND created_at >= ${range.from} AND created_at < ${range.to}
    GROUP BY 1, 2, 3`);
  return rowsOf<{ day: string; type: string; reference_type: string | null; total: string | bigint }>(
    result,
  ).map((r) => ({
    day: r.day,
    type: r.type,
    referenceType: r.reference_type,
    total: BigInt(r.total),
  }));
}

/** The member's settled game rounds (game_records) per Shanghai day of play over a range. */
export async function gameSumsByDay(db: Db, memberId: number, range: Range) {
  const result = await db.execute(sql`
    SELECT to_char(played_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day,
      SUM(bet) AS bets, SUM(payout) AS payouts
    FROM game_records
    WHERE member_id = ${memberId} AND played_at >= ${range.from} AND played_at < ${range.to}
    GROUP BY 1`);
  return rowsOf<{ day: string; bets: string | bigint; payouts: string | bigint }>(result).map((r) => ({
    day: r.day,
    bets: BigInt(r.bets),
    payouts: BigInt(r.payouts),
  }));
}

// ---- Bills ---------------------------------------------------------------------------------

function billWhere(memberId: number, type: LedgerType | undefined, range: Range): SQL | undefined {
  return and(
    eq(ledgerEntries.memberId, memberId),
    type ? eq(ledgerEntries.type, type) : undefined,
    gte(ledgerEntries.createdAt, range.from),
    lt(ledgerEntries.createdAt, range.to),
  );
}

export async function listBills(
  db: Db,
  memberId: number,
  type: LedgerType | undefined,
  range: Range,
  paging: { page: number; perPage: number },
): Promise<{ rows: LedgerEntryRow[]; total: number; income: bigint; expense: bigint; transferNet: bigint }> {
  const where = billWhere(memberId, type, range);
  const transfers = sql`ARRAY[${sql.join(
    TRANSFER_LEDGER_TYPES.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db
      .select({
        n: count(),
        // Moves between the member's own wallets are neither income nor spending (billKind).
        income: sum(
          sql`CASE WHEN ${ledgerEntries.type} <> ALL(${transfers}) AND ${ledgerEntries.amount} > 0 THEN ${ledgerEntries.amount} ELSE 0 END`,
        ).mapWith(BigInt),
        expense: sum(
          sql`CASE WHEN ${ledgerEntries.type} <> ALL(${transfers}) AND ${ledgerEntries.amount} < 0 THEN -${ledgerEntries.amount} ELSE 0 END`,
        ).mapWith(BigInt),
        transferNet: sum(
          sql`CASE WHEN ${ledgerEntries.type} = ANY(${transfers}) THEN ${ledgerEntries.amount} ELSE 0 END`,
        ).mapWith(BigInt),
      })
      .from(ledgerEntries)
      .where(where),
  ]);
  return {
    rows,
    total: totals?.n ?? 0,
    income: totals?.income ?? 0n,
    expense: totals?.expense ?? 0n,
    transferNet: totals?.transferNet ?? 0n,
  };
}

// ---- Betting records -------------------------------------------------------------------------

export interface BetRecordRow {
  category: BettingCategory;
  id: number;
  record_no: string;
  game: string;
  play: string;
  codes: string;
  amount: bigint;
  payout: bigint;
  status: string;
  created_at: Date;
  settled_at: Date | null;
}

export interface BetFilter {
  category?: BettingCategory | undefined;
  status?: BettingStatus | undefined;
  range?: Range;
  /** One record by its table id (with `category`). */
  id?: number;
}

function branches(memberId: number, f: BetFilter): SQL {
  const cond = (alias: string) => {
    const parts = [sql`${sql.raw(alias)}.member_id = ${memberId}`];
    if (f.range) {
      parts.push(sql`${sql.raw(alias)}.created_at >= ${f.range.from}`);
      parts.push(sql`${sql.raw(alias)}.created_at < ${f.range.to}`);
    }
    if (f.status) parts.push(sql`${sql.raw(alias)}.status = ${f.status}`);
    if (f.id !== undefined) parts.push(sql`${sql.raw(alias)}.id = ${f.id}`);
    return sql.join(parts, sql` AND `);
  };
  const sports = sql`SELECT 'sports'::text AS category, o.id, o.order_no AS record_no, o.sport AS game,
      o.pass_type AS play, ''::text AS codes, o.total_amount AS amount, o.payout, o.status, o.created_at, o.settled_at
    FROM orders o WHERE ${cond('o')}`;
  const lottery = sql`SELECT 'lottery'::text AS category, b.id, b.bet_no AS record_no, b.lottery_code AS game,
      b.play_code AS play, b.codes, b.amount, b.payout, b.status, b.created_at, b.settled_at
    FROM lottery_bets b WHERE ${cond('b')}`;
  if (f.category === 'sports') return sports;
  if (f.category === 'lottery') return lottery;
  return sql`${sports} UNION ALL ${lottery}`;
}

interface RawBetRow extends Omit<BetRecordRow, 'amount' | 'payout' | 'created_at' | 'settled_at' | 'id'> {
  id: number | string;
  amount: string | bigint;
  payout: string | bigint;
  created_at: string | Date;
  settled_at: string | Date | null;
}

const toBetRow = (r: RawBetRow): BetRecordRow => ({
  ...r,
  id: Number(r.id),
  amount: BigInt(r.amount),
  payout: BigInt(r.payout),
  created_at: new Date(r.created_at),
  settled_at: r.settled_at === null ? null : new Date(r.settled_at),
});

export async function listBetRecords(
  db: Db,
  memberId: number,
  f: BetFilter,
  paging: { page: number; perPage: number },
): Promise<{ rows: BetRecordRow[]; total: number }> {
  const union = branches(memberId, f);
  const [rows, counted] = await Promise.all([
    db.execute(sql`SELECT * FROM (${union}) r ORDER BY r.created_at DESC, r.category, r.id DESC
      LIMIT ${paging.perPage} OFFSET ${(paging.page - 1) * paging.perPage}`),
    db.execute(sql`SELECT COUNT(*) AS n FROM (${union}) r`),
  ]);
  return {
    rows: rowsOf<RawBetRow>(rows).map(toBetRow),
    total: Number(rowsOf<{ n: string | number }>(counted)[0]?.n ?? 0),
  };
}

export async function findBetRecord(
  db: Db,
  memberId: number,
  category: BettingCategory,
  id: number,
): Promise<BetRecordRow | undefined> {
  const result = await db.execute(sql`${branches(memberId, { category, id })}`);
  const [row] = rowsOf<RawBetRow>(result);
  return row ? toBetRow(row) : undefined;
}

/** Per category and status: count, stakes and payouts. */
export async function betTotals(db: Db, memberId: number, f: BetFilter) {
  const result = await db.execute(sql`
    SELECT r.category, r.status, COUNT(*) AS n, SUM(r.amount) AS amount, SUM(r.payout) AS payout
    FROM (${branches(memberId, f)}) r GROUP BY 1, 2`);
  return rowsOf<{
    category: BettingCategory;
    status: string;
    n: string | number;
    amount: string;
    payout: string;
  }>(result).map((r) => ({
    category: r.category,
    status: r.status,
    n: Number(r.n),
    amount: BigInt(r.amount),
    payout: BigInt(r.payout),
  }));
}

/** Wallet kinds by id (bills name the wallet each entry moved). */
export async function walletKinds(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: wallets.id, kind: wallets.kind })
    .from(wallets)
    .where(inArray(wallets.id, ids));
  return new Map(rows.map((r) => [r.id, r.kind]));
}
