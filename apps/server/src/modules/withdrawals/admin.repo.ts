import { sql } from '../../db/sql.ts';
import type { Db } from '../../db/client.ts';
import { queueFilters, where, type Paging, type QueueFilter } from '../../db/filters.ts';
import { rowsOf } from '../../db/rows.ts';

/** The withdrawal queue of the console, with any payment waiting in 复核. */
export async function pageWithdrawals(db: Db, q: QueueFilter & { id?: number | undefined }) {
  const w = where([
    ...queueFilters({ ...q, method: undefined }, 'x', ['x.order_no', 'x.account', 'm.username']),
    ...(q.id ? [sql`x.id = ${q.id}`] : []),
  ]);
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT x.id, x.order_no, x.member_id, m.username, x.amount, x.fee, x.usdt_cents, x.wallet_type, x.wallet_name,
        x.holder_name, x.account, x.status, x.reason, op.name AS operator_name, x.created_at, x.decided_at,
        x.tx_id, x.chain_note,
        (SELECT c.id FROM control_changes c WHERE c.target_type = 'withdrawal' AND c.target_id = x.id::text
           AND c.status = 'pending' ORDER BY c.id DESC LIMIT 1) AS pending_change_id
      FROM withdrawals x JOIN members m ON m.id = x.member_id LEFT JOIN operators op ON op.id = x.operator_id
      ${w} ORDER BY x.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute(sql`SELECT COUNT(*) AS n FROM withdrawals x JOIN members m ON m.id = x.member_id ${w}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows),
    total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0),
  };
}

/** Refused withdrawal-account bindings (another member holds the account), newest first. */
export async function pageWalletConflicts(db: Db, q: Paging & { keyword?: string | undefined }) {
  const like = q.keyword ? `%${q.keyword}%` : null;
  const w = like
    ? sql`WHERE m.username ILIKE ${like} OR o.username ILIKE ${like} OR c.account LIKE ${like}`
    : sql``;
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT c.id, c.member_id, m.username, c.owner_id, o.username AS owner_username, c.type, c.account, c.created_at
      FROM user_wallet_conflicts c JOIN members m ON m.id = c.member_id JOIN members o ON o.id = c.owner_id
      ${w} ORDER BY c.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute(sql`
      SELECT COUNT(*) AS n FROM user_wallet_conflicts c
      JOIN members m ON m.id = c.member_id JOIN members o ON o.id = c.owner_id ${w}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows),
    total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0),
  };
}
