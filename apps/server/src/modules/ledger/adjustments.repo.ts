import { type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import { members } from '../accounts/schema.ts';
import { manualAdjustments, type ManualAdjustmentRow } from './adjustments.table.ts';
import { rowsOf } from '../../db/rows.ts';
import { dayBetween, type Paging } from '../../db/filters.ts';

/** Whether the member an adjustment names exists. */
export async function memberExists(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: members.id }).from(members).where(eq(members.id, id));
  return !!row;
}

export async function insertAdjustment(
  tx: Tx,
  values: {
    memberId: number;
    amount: bigint;
    reason: string;
    needsApproval: boolean;
    makerId: number;
    createdAt: Date;
  },
): Promise<ManualAdjustmentRow> {
  const [row] = await tx
    .insert(manualAdjustments)
    .values({ ...values, needsApproval: values.needsApproval ? 1 : 0 })
    .returning();
  return row!;
}

export async function lockAdjustment(tx: Tx, id: number): Promise<ManualAdjustmentRow | undefined> {
  const [row] = await tx.select().from(manualAdjustments).where(eq(manualAdjustments.id, id)).for('update');
  return row;
}

export async function decideAdjustment(
  tx: Tx,
  id: number,
  changes: Pick<ManualAdjustmentRow, 'status' | 'checkerId' | 'checkerReason' | 'decidedAt'> & {
    ledgerEntryId?: bigint | null;
  },
): Promise<void> {
  await tx.update(manualAdjustments).set(changes).where(eq(manualAdjustments.id, id));
}

export interface AdjustmentOut {
  id: number;
  member_id: number;
  username: string;
  amount: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  needs_approval: number;
  maker_id: number;
  maker_name: string;
  checker_id: number | null;
  checker_name: string | null;
  checker_reason: string | null;
  balance_after: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

const select = sql`
  SELECT j.id, j.member_id, m.username, j.amount, j.reason, j.status, j.needs_approval, j.maker_id, mk.name AS maker_name,
    j.checker_id, ck.name AS checker_name, j.checker_reason,
    (SELECT balance_after FROM ledger_entries e WHERE e.id = j.ledger_entry_id) AS balance_after,
    j.created_at, j.decided_at
  FROM manual_adjustments j
  JOIN members m ON m.id = j.member_id
  JOIN operators mk ON mk.id = j.maker_id
  LEFT JOIN operators ck ON ck.id = j.checker_id`;

export async function findAdjustment(db: Db | Tx, id: number): Promise<AdjustmentOut | undefined> {
  return rowsOf<AdjustmentOut>(await db.execute(sql`${select} WHERE j.id = ${id}`))[0];
}

export async function pageAdjustments(
  db: Db,
  q: Paging & {
    status?: string | undefined;
    member_id?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const parts: SQL[] = [];
  if (q.status) parts.push(sql`j.status = ${q.status}`);
  if (q.member_id) parts.push(sql`j.member_id = ${q.member_id}`);
  parts.push(...dayBetween(sql`j.created_at`, q.from, q.to));
  const w = parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
  const [rows, total] = await Promise.all([
    db.execute(
      sql`${select} ${w} ORDER BY j.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
    ),
    db.execute(sql`SELECT COUNT(*) AS n FROM manual_adjustments j ${w}`),
  ]);
  return { rows: rowsOf<AdjustmentOut>(rows), total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0) };
}
