import { and, count, desc, eq, gte, inArray, lt, lte, sum, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { BonusType, RebateCategory, RebateGroup, RebateStatus } from '@app/shared';
import type { BetTableSpec, RebateSource } from './rebate-sources.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { BonusLogRow } from '../bonus/index.ts';
import {
  rebateItems,
  rebateRecords,
  vipUpgrades,
  type RebateItemRow,
  type RebateRecordRow,
  type VipUpgradeRow,
} from './rewards.table.ts';
import { rowsOf } from '../../db/rows.ts';
import { bonusLogs } from '../bonus/schema.ts';

export interface Paging {
  page: number;
  perPage: number;
}

// ---- Rebates --------------------------------------------------------------------------------

export interface RebateFilter {
  category?: RebateCategory | undefined;
  status?: RebateStatus | undefined;
  fromDay?: string;
  toDay?: string;
}

function rebateWhere(memberId: number, f: RebateFilter): SQL | undefined {
  return and(
    eq(rebateRecords.memberId, memberId),
    f.category ? eq(rebateRecords.category, f.category) : undefined,
    f.status ? eq(rebateRecords.status, f.status) : undefined,
    f.fromDay ? gte(rebateRecords.betDate, f.fromDay) : undefined,
    f.toDay ? lte(rebateRecords.betDate, f.toDay) : undefined,
  );
}

export async function listRebates(
  db: Db,
  memberId: number,
  f: RebateFilter,
  paging: Paging,
): Promise<{ rows: RebateRecordRow[]; total: number }> {
  const where = rebateWhere(memberId, f);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(rebateRecords)
      .where(where)
      .orderBy(desc(rebateRecords.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ n: count() }).from(rebateRecords).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function findRebate(db: Db, memberId: number, id: number): Promise<RebateRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(rebateRecords)
    .where(and(eq(rebateRecords.id, id), eq(rebateRecords.memberId, memberId)));
  return row;
}

export async function itemsOf(db: Db, recordId: number): Promise<RebateItemRow[]> {
  return db.select().from(rebateItems).where(eq(rebateItems.recordId, recordId)).orderBy(rebateItems.id);
}

/** Sums per category and status over a filter. */
export async function rebateTotals(db: Db, memberId: number, f: RebateFilter) {
  const rows = await db
    .select({
      category: rebateRecords.category,
      status: rebateRecords.status,
      n: count(),
      amount: sum(rebateRecords.amount).mapWith(BigInt),
      validBet: sum(rebateRecords.validBet).mapWith(BigInt),
      bets: sum(rebateRecords.betCount).mapWith(Number),
    })
    .from(rebateRecords)
    .where(rebateWhere(memberId, f))
    .groupBy(rebateRecords.category, rebateRecords.status);
  return rows.map((r) => ({ ...r, amount: r.amount ?? 0n, validBet: r.validBet ?? 0n, bets: r.bets ?? 0 }));
}

/** Writes one record per group with the bets it covers (a bet already covered fails the unique index). */
export async function insertRebates(
  tx: Tx,
  memberId: number,
  vipLevel: number,
  groups: RebateGroup[],
): Promise<RebateRecordRow[]> {
  const out: RebateRecordRow[] = [];
  for (const g of groups) {
    const [record] = await tx
      .insert(rebateRecords)
      .values({
        memberId,
        category: g.category,
        betDate: g.day,
        vipLevel,
        rateBp: g.rateBp,
        validBet: g.validBet,
        betCount: g.bets.length,
        amount: g.amount,
      })
      .returning();
    await tx.insert(rebateItems).values(
      g.bets.map((b) => ({
        recordId: record!.id,
        category: b.category,
        betId: b.betId,
        betNo: b.betNo,
        amount: b.amount,
        settledAt: b.settledAt,
      })),
    );
    out.push(record!);
  }
  return out;
}

/** Owner and status of the given records (ids of other members are simply absent). */
export async function rebateStatuses(tx: Tx, memberId: number, ids: number[]) {
  return tx
    .select({ id: rebateRecords.id, status: rebateRecords.status })
    .from(rebateRecords)
    .where(and(eq(rebateRecords.memberId, memberId), inArray(rebateRecords.id, ids)));
}

/**
 * Locks the member's claimable records (all, or these ids). A concurrent claim waits here and
 * then no longer sees the rows the first one claimed.
 */
export async function lockClaimable(tx: Tx, memberId: number, ids?: number[]): Promise<RebateRecordRow[]> {
  return tx
    .select()
    .from(rebateRecords)
    .where(
      and(
        eq(rebateRecords.memberId, memberId),
        eq(rebateRecords.status, 'claimable'),
        ids ? inArray(rebateRecords.id, ids) : undefined,
      ),
    )
    .orderBy(rebateRecords.id)
    .for('update');
}

export async function markClaimed(
  tx: Tx,
  id: number,
  ledgerEntryId: bigint,
  now: Date,
): Promise<RebateRecordRow> {
  const [row] = await tx
    .update(rebateRecords)
    .set({ status: 'claimed', claimedAt: now, ledgerEntryId })
    .where(and(eq(rebateRecords.id, id), eq(rebateRecords.status, 'claimable')))
    .returning();
  if (!row) throw new Error(`rebate record ${id} was not claimable`);
  return row;
}

// ---- Bonus logs ------------------------------------------------------------------------------

export interface BonusFilter {
  type?: BonusType | undefined;
  from?: Date;
  to?: Date;
}

function bonusWhere(memberId: number, f: BonusFilter): SQL | undefined {
  return and(
    eq(bonusLogs.memberId, memberId),
    f.type ? eq(bonusLogs.type, f.type) : undefined,
    f.from ? gte(bonusLogs.createdAt, f.from) : undefined,
    f.to ? lt(bonusLogs.createdAt, f.to) : undefined,
  );
}

export async function listBonusLogs(
  db: Db,
  memberId: number,
  f: BonusFilter,
  paging: Paging,
): Promise<{ rows: BonusLogRow[]; total: number }> {
  const where = bonusWhere(memberId, f);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(bonusLogs)
      .where(where)
      .orderBy(desc(bonusLogs.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ n: count() }).from(bonusLogs).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function findBonusLog(db: Db, memberId: number, id: number): Promise<BonusLogRow | undefined> {
  const [row] = await db
    .select()
    .from(bonusLogs)
    .where(and(eq(bonusLogs.id, id), eq(bonusLogs.memberId, memberId)));
  return row;
}

export async function bonusTotalsByType(db: Db, memberId: number, f: BonusFilter) {
  const rows = await db
    .select({ type: bonusLogs.type, n: count(), total: sum(bonusLogs.amount).mapWith(BigInt) })
    .from(bonusLogs)
    .where(bonusWhere(memberId, f))
    .groupBy(bonusLogs.type);
  return rows.map((r) => ({ ...r, total: r.total ?? 0n }));
}

// ---- VIP -------------------------------------------------------------------------------------

export async function insertVipUpgrade(
  tx: Tx,
  row: { memberId: number; fromLevel: number; level: number; bonus: bigint; bonusLogId: number | null },
): Promise<void> {
  await tx.insert(vipUpgrades).values(row).onConflictDoNothing();
}

export async function vipUpgradesOf(db: Db, memberId: number): Promise<VipUpgradeRow[]> {
  return db
    .select()
    .from(vipUpgrades)
    .where(eq(vipUpgrades.memberId, memberId))
    .orderBy(desc(vipUpgrades.level));
}

/** Members whose figures reach a level above the one they hold (what the sweep promotes). */
export async function membersBelowTheirLevel(
  db: Db,
  levels: ReadonlyArray<{ level: number; minPaysum: bigint; minTotalgame: bigint }>,
  limit: number,
): Promise<number[]> {
  const reached = sql.join(
    levels
      .filter((l) => l.level > 0)
      .map(
        (l) => sql`(vip_level < ${l.level} AND paysum >= ${l.minPaysum} AND totalgame >= ${l.minTotalgame})`,
      ),
    sql` OR `,
  );
  const result = await db.execute(sql`SELECT id FROM members WHERE ${reached} ORDER BY id LIMIT ${limit}`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

// ---- rebate sources -------------------------------------------------------------------------

interface RebatableBetRow {
  id: number;
  bet_no: string;
  amount: string | bigint;
  settled_at: string | Date;
}

/**
 * A source over a table with `id` and `member_id` columns, the spec's bet number, amount and
 * settlement columns and, unless every row is a settled bet, a `status` column. A bet with no
 * stake (a free round) is not a valid bet.
 */
/**
 * The rebate source over a bets table (modules/rewards/rebate-sources.ts describes the tables).
 */
export function betTableSource(spec: BetTableSpec): RebateSource {
  const t = sql.raw(spec.table);
  const settledAt = sql.raw(`b.${spec.settledAt ?? 'settled_at'}`);
  const amount = sql.raw(`b.${spec.amount}`);
  const valid = spec.validStatuses
    ? sql`b.status IN (${sql.join(
        spec.validStatuses.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql`TRUE`;
  const only = spec.onlyWhere ? sql.raw(`AND ${spec.onlyWhere}`) : sql``;
  const uncovered = sql`${valid} AND ${settledAt} IS NOT NULL AND ${amount} > 0 ${only}
    AND NOT EXISTS (SELECT 1 FROM rebate_items ri WHERE ri.category = ${spec.category} AND ri.bet_id = b.id)`;
  return {
    category: spec.category,
    async uncovered(db, memberId, limit, settledBefore) {
      const result = await db.execute(sql`
        SELECT b.id, b.${sql.raw(spec.betNo)} AS bet_no, ${amount} AS amount, ${settledAt} AS settled_at
        FROM ${t} b
        WHERE b.member_id = ${memberId} AND ${uncovered}
          ${settledBefore ? sql`AND ${settledAt} < ${settledBefore}` : sql``}
        ORDER BY b.id
        LIMIT ${limit}`);
      return rowsOf<RebatableBetRow>(result).map((r) => ({
        category: spec.category,
        betId: Number(r.id),
        betNo: r.bet_no,
        amount: BigInt(r.amount),
        settledAt: new Date(r.settled_at),
      }));
    },
    async membersWithUncovered(db, settledBefore, afterMemberId, limit) {
      const result = await db.execute(sql`
        SELECT DISTINCT b.member_id FROM ${t} b
        WHERE b.member_id > ${afterMemberId} AND ${uncovered} AND ${settledAt} < ${settledBefore}
        ORDER BY b.member_id
        LIMIT ${limit}`);
      return rowsOf<{ member_id: number }>(result).map((r) => Number(r.member_id));
    },
  };
}

/** What a VIP check decides on: the member's level and figures (undefined for no member). */
export async function vipFiguresOf(
  db: Db,
  memberId: number,
): Promise<{ vipLevel: number; paysum: bigint; totalgame: bigint } | undefined> {
  const [row] = rowsOf<{ vip_level: number; paysum: string; totalgame: string }>(
    await db.execute(sql`
      SELECT vip_level, paysum::text AS paysum, totalgame::text AS totalgame FROM members WHERE id = ${memberId}`),
  );
  return row
    ? { vipLevel: Number(row.vip_level), paysum: BigInt(row.paysum), totalgame: BigInt(row.totalgame) }
    : undefined;
}
