import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { historyArchives } from './archive.table.ts';

/** The ledger's monthly partitions (ledger_entries_pYYYYMM), oldest first, with their Beijing month. */
export async function monthPartitions(db: Db): Promise<Array<{ name: string; month: string }>> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'ledger_entries'::regclass AND c.relname ~ '^ledger_entries_p[0-9]{6}$'
      ORDER BY c.relname`),
  );
  return rows.map((r) => ({ name: r.name, month: `${r.name.slice(-6, -2)}-${r.name.slice(-2)}` }));
}

export interface ArchivedEntryRow {
  id: string;
  wallet_id: number;
  member_id: number;
  amount: string;
  balance_before: string;
  balance_after: string;
  type: string;
  reference_type: string | null;
  reference_id: string | null;
  idempotency_key: string | null;
  remark: string;
  created_at: string;
}

/** A partition's entries after `afterId`, in id order, `limit` at a time (every column as text). */
export async function entriesOfPartition(
  db: Db,
  partition: string,
  afterId: bigint,
  limit: number,
): Promise<ArchivedEntryRow[]> {
  return rowsOf<ArchivedEntryRow>(
    await db.execute(sql`
      SELECT id::text AS id, wallet_id, member_id, amount::text AS amount,
        balance_before::text AS balance_before, balance_after::text AS balance_after, type,
        reference_type, reference_id, idempotency_key, remark,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
      FROM ${sql.identifier(partition)} WHERE id > ${afterId.toString()}::bigint
      ORDER BY id LIMIT ${limit}`),
  );
}

/** Rows and amount sum of a partition, read in the archiving transaction. */
export async function partitionTotals(
  tx: Tx,
  partition: string,
): Promise<{ rows: bigint; amountSum: bigint }> {
  const [row] = rowsOf<{ rows: string; amount_sum: string }>(
    await tx.execute(sql`
      SELECT count(*)::text AS rows, COALESCE(SUM(amount), 0)::text AS amount_sum
      FROM ${sql.identifier(partition)}`),
  );
  return { rows: BigInt(row?.rows ?? '0'), amountSum: BigInt(row?.amount_sum ?? '0') };
}

/**
 * Folds a partition into the carried facts, before it goes: each wallet's sum and last entry
 * (months are archived oldest first, so a later month's last entry replaces the earlier one's),
 * and each member's first deposit (the oldest archived one stays) and lifetime sums, counted as
 * the agents' totals count them.
 */
export async function foldPartition(tx: Tx, partition: string): Promise<void> {
  const p = sql.identifier(partition);
  await tx.execute(sql`
    INSERT INTO ledger_archived_wallets (wallet_id, member_id, amount_sum, last_entry_id, last_balance_after)
    SELECT DISTINCT ON (e.wallet_id) e.wallet_id, e.member_id,
      SUM(e.amount) OVER (PARTITION BY e.wallet_id), e.id, e.balance_after
    FROM ${p} e ORDER BY e.wallet_id, e.id DESC
    ON CONFLICT (wallet_id) DO UPDATE SET
      amount_sum = ledger_archived_wallets.amount_sum + excluded.amount_sum,
      last_entry_id = excluded.last_entry_id,
      last_balance_after = excluded.last_balance_after`);
  await tx.execute(sql`
    INSERT INTO ledger_archived_members
      (member_id, first_deposit_entry_id, first_deposit_at, first_deposit_amount, deposit, withdraw, bet, payout, bonus)
    SELECT t.member_id, f.id, f.created_at, f.amount, t.deposit, t.withdraw, t.bet, t.payout, t.bonus
    FROM (
      SELECT e.member_id,
        COALESCE(SUM(e.amount) FILTER (WHERE e.type = 'deposit'), 0) AS deposit,
        COALESCE(-SUM(e.amount) FILTER (WHERE e.type = 'withdraw_paid'), 0) AS withdraw,
        COALESCE(-SUM(e.amount) FILTER (WHERE e.type IN ('bet', 'bet_refund')), 0) AS bet,
        COALESCE(SUM(e.amount) FILTER (WHERE e.type IN ('payout', 'free_bet', 'cash_out')), 0) AS payout,
        COALESCE(SUM(e.amount) FILTER (WHERE e.type IN ('bonus', 'invite_reward', 'vip_bonus', 'rebate', 'prize_boost', 'red_packet')), 0) AS bonus
      FROM ${p} e GROUP BY e.member_id
    ) t
    LEFT JOIN LATERAL (
      SELECT e.id, e.created_at, e.amount FROM ${p} e JOIN wallets w ON w.id = e.wallet_id
      WHERE e.member_id = t.member_id AND e.type = 'deposit' AND e.amount > 0 AND w.kind = 'main'
      ORDER BY e.id LIMIT 1
    ) f ON true
    ON CONFLICT (member_id) DO UPDATE SET
      first_deposit_entry_id = COALESCE(ledger_archived_members.first_deposit_entry_id, excluded.first_deposit_entry_id),
      first_deposit_at = COALESCE(ledger_archived_members.first_deposit_at, excluded.first_deposit_at),
      first_deposit_amount = COALESCE(ledger_archived_members.first_deposit_amount, excluded.first_deposit_amount),
      deposit = ledger_archived_members.deposit + excluded.deposit,
      withdraw = ledger_archived_members.withdraw + excluded.withdraw,
      bet = ledger_archived_members.bet + excluded.bet,
      payout = ledger_archived_members.payout + excluded.payout,
      bonus = ledger_archived_members.bonus + excluded.bonus`);
}

/** Detaches a partition and drops it (its rows are in the archive file and folded). */
export async function dropPartition(tx: Tx, partition: string): Promise<void> {
  // Waits at most this long for bets in flight to let go of the parent; else the next run tries again.
  await tx.execute(sql`SET LOCAL lock_timeout = '5s'`);
  await tx.execute(sql`ALTER TABLE ledger_entries DETACH PARTITION ${sql.identifier(partition)}`);
  await tx.execute(sql`DROP TABLE ${sql.identifier(partition)}`);
}

/** Records an archived month in the catalogue (history_archives). */
export async function catalogueArchive(tx: Tx, values: typeof historyArchives.$inferInsert): Promise<void> {
  await tx.insert(historyArchives).values(values);
}
