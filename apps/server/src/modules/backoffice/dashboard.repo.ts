import { sql } from '../../db/sql.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** Members whose app reported in within the window. */
export async function onlineCount(db: Db, since: Date): Promise<number> {
  const result = await db.execute(sql`
    SELECT COUNT(*) AS n FROM member_presence
    WHERE status = 'online' AND COALESCE(last_heartbeat_at, updated_at) >= ${since}`);
  return Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0);
}

/** The queues an operator works through. */
export async function pendingCounts(db: Db) {
  const result = await db.execute(sql`
    SELECT
      (SELECT COUNT(*) FROM payment_orders WHERE status = 'confirming') AS deposits,
      (SELECT COUNT(*) FROM withdrawals WHERE status = 'pending') AS withdrawals_review,
      (SELECT COUNT(*) FROM withdrawals WHERE status = 'approved') AS withdrawals_pay,
      (SELECT COUNT(*) FROM activity_applications WHERE status = 'pending') AS activity_applications,
      (SELECT COUNT(*) FROM agent_applications WHERE status = 'pending') AS agent_applications,
      (SELECT COUNT(*) FROM manual_adjustments WHERE status = 'pending') AS adjustments,
      (SELECT COUNT(*) FROM control_changes WHERE status = 'pending') AS approvals`);
  const r = rowsOf<Record<string, string | number>>(result)[0] ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    deposits: n('deposits'),
    withdrawals_review: n('withdrawals_review'),
    withdrawals_pay: n('withdrawals_pay'),
    activity_applications: n('activity_applications'),
    agent_applications: n('agent_applications'),
    adjustments: n('adjustments'),
    approvals: n('approvals'),
  };
}
