import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import {
  controlChanges,
  soloMoneyMoves,
  type ControlChangeRow,
  type ControlChangeStatus,
} from './dual-control.table.ts';
import { rowsOf } from '../../db/rows.ts';

/** 分 this operator moved alone for this member on this Shanghai day. */
export async function soloMovedOn(
  tx: Tx,
  operatorId: number,
  memberId: number,
  day: string,
): Promise<bigint> {
  const [row] = rowsOf<{ total: string | null }>(
    await tx.execute(
      sql`SELECT COALESCE(SUM(amount), 0) AS total FROM solo_money_moves
          WHERE operator_id = ${operatorId} AND member_id = ${memberId} AND day = ${day}`,
    ),
  );
  return BigInt(row?.total ?? 0);
}

/** The operator who moved this reference alone for this member, if one did. */
export async function soloMoveOf(tx: Tx, reference: string, memberId: number): Promise<number | null> {
  const [row] = await tx
    .select({ operatorId: soloMoneyMoves.operatorId })
    .from(soloMoneyMoves)
    .where(and(eq(soloMoneyMoves.reference, reference), eq(soloMoneyMoves.memberId, memberId)));
  return row?.operatorId ?? null;
}

export async function insertSoloMove(
  tx: Tx,
  values: {
    operatorId: number;
    memberId: number;
    day: string;
    amount: bigint;
    kind: string;
    reference: string;
    createdAt: Date;
  },
): Promise<void> {
  await tx.insert(soloMoneyMoves).values(values);
}

export async function insertChange(
  tx: Tx,
  values: Omit<typeof controlChanges.$inferInsert, 'id' | 'status'>,
): Promise<ControlChangeRow> {
  const [row] = await tx.insert(controlChanges).values(values).returning();
  return row!;
}

export async function lockChange(tx: Tx, id: number): Promise<ControlChangeRow | undefined> {
  const [row] = await tx.select().from(controlChanges).where(eq(controlChanges.id, id)).for('update');
  return row;
}

export async function decideChange(
  tx: Tx,
  id: number,
  values: {
    status: ControlChangeStatus;
    checkerId: number | null;
    checkerReason: string | null;
    decidedAt: Date;
  },
): Promise<void> {
  await tx.update(controlChanges).set(values).where(eq(controlChanges.id, id));
}

/** The pending change of this kind on this target, if one waits already (one at a time per target). */
export async function pendingOn(
  tx: Tx,
  kind: string,
  targetType: string,
  targetId: string,
): Promise<ControlChangeRow | undefined> {
  const [row] = await tx
    .select()
    .from(controlChanges)
    .where(
      and(
        eq(controlChanges.kind, kind),
        eq(controlChanges.targetType, targetType),
        eq(controlChanges.targetId, targetId),
        eq(controlChanges.status, 'pending'),
      ),
    );
  return row;
}

/** A pending change of any kind on this target, locked. */
export async function pendingOnTarget(
  tx: Tx,
  targetType: string,
  targetId: string,
): Promise<ControlChangeRow | undefined> {
  const [row] = await tx
    .select()
    .from(controlChanges)
    .where(
      and(
        eq(controlChanges.targetType, targetType),
        eq(controlChanges.targetId, targetId),
        eq(controlChanges.status, 'pending'),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

export interface ChangeOut extends ControlChangeRow {
  makerName: string;
  checkerName: string | null;
}

const select = sql`
  SELECT c.*, mk.name AS maker_name, ck.name AS checker_name
  FROM control_changes c
  JOIN operators mk ON mk.id = c.maker_id
  LEFT JOIN operators ck ON ck.id = c.checker_id`;

interface RawChange {
  id: number;
  kind: string;
  permission: string;
  target_type: string;
  target_id: string;
  summary: string;
  payload: unknown;
  before: unknown;
  after: unknown;
  status: ControlChangeStatus;
  maker_id: number;
  maker_reason: string;
  checker_id: number | null;
  checker_reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
  maker_name: string;
  checker_name: string | null;
}

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);

function toOut(r: RawChange): ChangeOut {
  return {
    id: Number(r.id),
    kind: r.kind,
    permission: r.permission,
    targetType: r.target_type,
    targetId: r.target_id,
    summary: r.summary,
    payload: json(r.payload),
    before: json(r.before),
    after: json(r.after),
    status: r.status,
    makerId: Number(r.maker_id),
    makerReason: r.maker_reason,
    checkerId: r.checker_id === null ? null : Number(r.checker_id),
    checkerReason: r.checker_reason,
    createdAt: date(r.created_at),
    decidedAt: r.decided_at === null ? null : date(r.decided_at),
    makerName: r.maker_name,
    checkerName: r.checker_name,
  };
}

export async function findChange(db: Db | Tx, id: number): Promise<ChangeOut | undefined> {
  const [row] = rowsOf<RawChange>(await db.execute(sql`${select} WHERE c.id = ${id}`));
  return row && toOut(row);
}

export async function pageChanges(
  db: Db,
  q: { page: number; per_page: number; status?: ControlChangeStatus | undefined; kind?: string | undefined },
): Promise<{ rows: ChangeOut[]; total: number }> {
  const parts: SQL[] = [];
  if (q.status) parts.push(sql`c.status = ${q.status}`);
  if (q.kind) parts.push(sql`c.kind = ${q.kind}`);
  const where = parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
  const [rows, total] = await Promise.all([
    db.execute(
      sql`${select} ${where} ORDER BY c.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
    ),
    db.execute(sql`SELECT COUNT(*) AS n FROM control_changes c ${where}`),
  ]);
  return {
    rows: rowsOf<RawChange>(rows).map(toOut),
    total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0),
  };
}

export async function countPending(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await db.execute(sql`SELECT COUNT(*) AS n FROM control_changes WHERE status = 'pending'`),
  );
  return Number(row?.n ?? 0);
}
