import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { AgentApplicationStatus, AgentRecordCategory } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { agentApplications, type AgentApplicationRow } from './agents.table.ts';
import { rowsOf } from '../../db/rows.ts';
import { members } from '../accounts/schema.ts';

export type NewAgentApplication = typeof agentApplications.$inferInsert;

const big = (v: string | null | undefined) => BigInt(v ?? '0');

// ---- applications ---------------------------------------------------------------------------

export async function insertApplication(db: Db, row: NewAgentApplication): Promise<AgentApplicationRow> {
  const [inserted] = await db.insert(agentApplications).values(row).returning();
  if (!inserted) throw new Error('application not inserted');
  return inserted;
}

export async function findPending(db: Db, memberId: number): Promise<AgentApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(agentApplications)
    .where(and(eq(agentApplications.memberId, memberId), eq(agentApplications.status, 'pending')));
  return row;
}

export async function findOwn(
  db: Db,
  memberId: number,
  id: number,
): Promise<AgentApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(agentApplications)
    .where(and(eq(agentApplications.id, id), eq(agentApplications.memberId, memberId)));
  return row;
}

export async function latestOf(db: Db, memberId: number): Promise<AgentApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(agentApplications)
    .where(eq(agentApplications.memberId, memberId))
    .orderBy(desc(agentApplications.id))
    .limit(1);
  return row;
}

export async function historyOf(
  db: Db,
  query: {
    memberId?: number | undefined;
    status?: AgentApplicationStatus | undefined;
    page: number;
    per_page: number;
  },
): Promise<{ rows: Array<{ application: AgentApplicationRow; username: string }>; total: number }> {
  const where = and(
    query.memberId === undefined ? undefined : eq(agentApplications.memberId, query.memberId),
    query.status ? eq(agentApplications.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ application: agentApplications, username: members.username })
      .from(agentApplications)
      .innerJoin(members, eq(members.id, agentApplications.memberId))
      .where(where)
      .orderBy(desc(agentApplications.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(agentApplications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function statusCounts(
  db: Db,
  memberId: number,
): Promise<Record<AgentApplicationStatus, number>> {
  const rows = await db
    .select({ status: agentApplications.status, n: count() })
    .from(agentApplications)
    .where(eq(agentApplications.memberId, memberId))
    .groupBy(agentApplications.status);
  const counts = { pending: 0, approved: 0, rejected: 0, cancelled: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** Moves a pending application on; undefined when it was no longer pending. */
export async function decide(
  db: Db,
  id: number,
  changes: Partial<NewAgentApplication> & { status: 'approved' | 'rejected' | 'cancelled' },
): Promise<AgentApplicationRow | undefined> {
  const [row] = await db
    .update(agentApplications)
    .set(changes)
    .where(and(eq(agentApplications.id, id), eq(agentApplications.status, 'pending')))
    .returning();
  return row;
}

export async function lockApplication(db: Db, id: number): Promise<AgentApplicationRow | undefined> {
  const [row] = await db.select().from(agentApplications).where(eq(agentApplications.id, id)).for('update');
  return row;
}

// ---- the agent centre -------------------------------------------------------------------------

/** Ledger types behind each record category of the agent centre. */
export const CATEGORY_TYPES: Record<Exclude<AgentRecordCategory, 'all'>, string[]> = {
  deposit: ['deposit'],
  withdraw: ['withdraw_freeze', 'withdraw_unfreeze', 'withdraw_paid'],
  bet: ['bet', 'bet_refund'],
  payout: ['payout', 'free_bet', 'cash_out'],
  bonus: ['bonus', 'invite_reward', 'vip_bonus', 'rebate', 'prize_boost', 'red_packet'],
};

export interface MemberTotals {
  deposit: bigint;
  withdraw: bigint;
  bet: bigint;
  payout: bigint;
  bonus: bigint;
}

/** Money sums of ledger entries, each from the members' point of view made positive. */
const TOTALS_COLUMNS = sql`
  COALESCE(SUM(e.amount) FILTER (WHERE e.type = 'deposit'), 0)::text AS deposit,
  COALESCE(-SUM(e.amount) FILTER (WHERE e.type = 'withdraw_paid'), 0)::text AS withdraw,
  COALESCE(-SUM(e.amount) FILTER (WHERE e.type IN ('bet', 'bet_refund')), 0)::text AS bet,
  COALESCE(SUM(e.amount) FILTER (WHERE e.type IN ('payout', 'free_bet', 'cash_out')), 0)::text AS payout,
  COALESCE(SUM(e.amount) FILTER (WHERE e.type IN ('bonus', 'invite_reward', 'vip_bonus', 'rebate', 'prize_boost', 'red_packet')), 0)::text AS bonus`;

/**
 * Lifetime totals: TOTALS_COLUMNS of `t` plus the same sums `a` from months archived out of the
 * database (ledger_archived_members, decision 042, kept per member with those types and signs).
 */
const LIFETIME_COLUMNS = sql`
  (t.deposit::numeric + COALESCE(a.deposit, 0))::text AS deposit,
  (t.withdraw::numeric + COALESCE(a.withdraw, 0))::text AS withdraw,
  (t.bet::numeric + COALESCE(a.bet, 0))::text AS bet,
  (t.payout::numeric + COALESCE(a.payout, 0))::text AS payout,
  (t.bonus::numeric + COALESCE(a.bonus, 0))::text AS bonus`;

type TotalsRow = Record<keyof MemberTotals, string>;
const toTotals = (r: TotalsRow | undefined): MemberTotals => ({
  deposit: big(r?.deposit),
  withdraw: big(r?.withdraw),
  bet: big(r?.bet),
  payout: big(r?.payout),
  bonus: big(r?.bonus),
});

/**
 * Totals of all the agent's members since `since`; all time when null, archived months included.
 * A `since` window leaves the archived sums out (joined on false): they are kept per member, not
 * per month, and archived months are past the retention, older than any window asked for.
 */
export async function agentTotals(db: Db, agentId: number, since: Date | null): Promise<MemberTotals> {
  const result = await db.execute(sql`
    SELECT ${LIFETIME_COLUMNS}
    FROM (
      SELECT ${TOTALS_COLUMNS}
      FROM ledger_entries e JOIN members m ON m.id = e.member_id
      WHERE m.agent_id = ${agentId}
        ${since ? sql`AND e.created_at >= ${since.toISOString()}` : sql``}
    ) t
    LEFT JOIN (
      SELECT SUM(x.deposit) AS deposit, SUM(x.withdraw) AS withdraw, SUM(x.bet) AS bet,
        SUM(x.payout) AS payout, SUM(x.bonus) AS bonus
      FROM ledger_archived_members x JOIN members m ON m.id = x.member_id
      WHERE m.agent_id = ${agentId}
    ) a ON ${since === null}`);
  return toTotals(rowsOf<TotalsRow>(result)[0]);
}

export async function memberCounts(
  db: Db,
  agentId: number,
  todayStart: Date,
  activeSince: Date,
): Promise<{ total: number; today: number; active: number; balance: bigint }> {
  const result = await db.execute(sql`
    SELECT COUNT(*)::int AS total,
      COUNT(*) FILTER (WHERE m.created_at >= ${todayStart.toISOString()})::int AS today,
      COUNT(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM ledger_entries e WHERE e.member_id = m.id AND e.type = 'bet'
          AND e.created_at >= ${activeSince.toISOString()}))::int AS active,
      COALESCE(SUM((SELECT COALESCE(SUM(w.balance), 0) FROM wallets w
        WHERE w.member_id = m.id AND w.kind IN ('main', 'lottery'))), 0)::text AS balance
    FROM members m WHERE m.agent_id = ${agentId}`);
  const [row] = rowsOf<{ total: number; today: number; active: number; balance: string }>(result);
  return {
    total: Number(row?.total ?? 0),
    today: Number(row?.today ?? 0),
    active: Number(row?.active ?? 0),
    balance: big(row?.balance),
  };
}

export interface AgentMemberRow extends MemberTotals {
  id: number;
  username: string;
  nickname: string;
  createdAt: Date;
  lastLoginAt: Date | null;
  enabled: number;
  balance: bigint;
}

/** The agent's members with their balances and lifetime money totals (archived months too), newest first. */
export async function membersOf(
  db: Db,
  agentId: number,
  query: { page: number; per_page: number; keyword?: string | undefined; memberId?: number },
): Promise<{ rows: AgentMemberRow[]; total: number }> {
  const filters: SQL[] = [sql`m.agent_id = ${agentId}`];
  if (query.keyword) {
    const like = `%${query.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(m.username LIKE ${like} OR lower(m.nickname) LIKE ${like})`);
  }
  if (query.memberId !== undefined) filters.push(sql`m.id = ${query.memberId}`);
  const where = sql.join(filters, sql` AND `);
  const result = await db.execute(sql`
    SELECT m.id, m.username, m.nickname, m.created_at, m.last_login_at, m.enabled,
      (SELECT COALESCE(SUM(w.balance), 0) FROM wallets w WHERE w.member_id = m.id AND w.kind = 'main')::text AS balance,
      ${LIFETIME_COLUMNS}
    FROM members m
    LEFT JOIN LATERAL (SELECT ${TOTALS_COLUMNS} FROM ledger_entries e WHERE e.member_id = m.id) t ON true
    LEFT JOIN ledger_archived_members a ON a.member_id = m.id
    WHERE ${where}
    ORDER BY m.id DESC
    LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`);
  const totalResult = await db.execute(sql`SELECT COUNT(*)::int AS n FROM members m WHERE ${where}`);
  type Row = TotalsRow & {
    id: number;
    username: string;
    nickname: string;
    created_at: string | Date;
    last_login_at: string | Date | null;
    enabled: number;
    balance: string;
  };
  return {
    rows: rowsOf<Row>(result).map((r) => ({
      id: Number(r.id),
      username: r.username,
      nickname: r.nickname,
      createdAt: new Date(r.created_at),
      lastLoginAt: r.last_login_at ? new Date(r.last_login_at) : null,
      enabled: Number(r.enabled),
      balance: big(r.balance),
      ...toTotals(r),
    })),
    total: Number(rowsOf<{ n: number }>(totalResult)[0]?.n ?? 0),
  };
}

export async function isMemberOf(db: Db, agentId: number, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.agentId, agentId)));
  return !!row;
}

export interface RecordRow {
  id: bigint;
  memberId: number;
  username: string;
  type: string;
  wallet: string;
  amount: bigint;
  balanceAfter: bigint;
  remark: string;
  createdAt: Date;
}

/** Ledger entries of the agent's members (one member when given), newest first. */
export async function recordsOf(
  db: Db,
  agentId: number,
  query: { page: number; per_page: number; category: AgentRecordCategory; memberId?: number | undefined },
): Promise<{ rows: RecordRow[]; total: number }> {
  const filters: SQL[] = [sql`m.agent_id = ${agentId}`];
  if (query.memberId !== undefined) filters.push(sql`e.member_id = ${query.memberId}`);
  if (query.category !== 'all') {
    const types = CATEGORY_TYPES[query.category];
    filters.push(
      sql`e.type IN (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  }
  const where = sql.join(filters, sql` AND `);
  const result = await db.execute(sql`
    SELECT e.id::text AS id, e.member_id, m.username, e.type, w.kind AS wallet, e.amount::text AS amount,
      e.balance_after::text AS balance_after, e.remark, e.created_at
    FROM ledger_entries e
    JOIN members m ON m.id = e.member_id
    JOIN wallets w ON w.id = e.wallet_id
    WHERE ${where}
    ORDER BY e.id DESC
    LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`);
  const totalResult = await db.execute(sql`
    SELECT COUNT(*)::int AS n FROM ledger_entries e JOIN members m ON m.id = e.member_id WHERE ${where}`);
  type Row = {
    id: string;
    member_id: number;
    username: string;
    type: string;
    wallet: string;
    amount: string;
    balance_after: string;
    remark: string;
    created_at: string | Date;
  };
  return {
    rows: rowsOf<Row>(result).map((r) => ({
      id: BigInt(r.id),
      memberId: Number(r.member_id),
      username: r.username,
      type: r.type,
      wallet: r.wallet,
      amount: big(r.amount),
      balanceAfter: big(r.balance_after),
      remark: r.remark,
      createdAt: new Date(r.created_at),
    })),
    total: Number(rowsOf<{ n: number }>(totalResult)[0]?.n ?? 0),
  };
}

export interface BetRow {
  kind: 'sports' | 'lottery';
  id: number;
  no: string;
  detail: string;
  extra: string;
  amount: bigint;
  payout: bigint;
  status: string;
  createdAt: Date;
  settledAt: Date | null;
}

/** One member's sports orders and lottery bets, newest first. */
export async function betsOf(
  db: Db,
  memberId: number,
  query: { page: number; per_page: number; kind: 'all' | 'sports' | 'lottery' },
): Promise<{ rows: BetRow[]; total: number }> {
  const sports = sql`
    SELECT 'sports' AS kind, o.id, o.order_no AS no, o.sport AS detail, o.pass_type AS extra,
      o.total_amount AS amount, o.payout, o.status, o.created_at, o.settled_at
    FROM orders o WHERE o.member_id = ${memberId}`;
  const lottery = sql`
    SELECT 'lottery' AS kind, b.id, b.bet_no AS no, b.lottery_code AS detail, p.number AS extra,
      b.amount, b.payout, b.status, b.created_at, b.settled_at
    FROM lottery_bets b JOIN lottery_periods p ON p.id = b.period_id WHERE b.member_id = ${memberId}`;
  const union =
    query.kind === 'sports'
      ? sports
      : query.kind === 'lottery'
        ? lottery
        : sql`${sports} UNION ALL ${lottery}`;
  const result = await db.execute(sql`
    SELECT u.kind, u.id, u.no, u.detail, u.extra, u.amount::text AS amount, u.payout::text AS payout,
      u.status, u.created_at, u.settled_at
    FROM (${union}) u
    ORDER BY u.created_at DESC, u.id DESC
    LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`);
  const totalResult = await db.execute(sql`SELECT COUNT(*)::int AS n FROM (${union}) u`);
  type Row = {
    kind: 'sports' | 'lottery';
    id: number;
    no: string;
    detail: string;
    extra: string;
    amount: string;
    payout: string;
    status: string;
    created_at: string | Date;
    settled_at: string | Date | null;
  };
  return {
    rows: rowsOf<Row>(result).map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      no: r.no,
      detail: r.detail,
      extra: r.extra,
      amount: big(r.amount),
      payout: big(r.payout),
      status: r.status,
      createdAt: new Date(r.created_at),
      settledAt: r.settled_at ? new Date(r.settled_at) : null,
    })),
    total: Number(rowsOf<{ n: number }>(totalResult)[0]?.n ?? 0),
  };
}

export async function betCounts(db: Db, memberId: number): Promise<{ orders: number; lottery: number }> {
  const result = await db.execute(sql`
    SELECT (SELECT COUNT(*) FROM orders WHERE member_id = ${memberId})::int AS orders,
      (SELECT COUNT(*) FROM lottery_bets WHERE member_id = ${memberId})::int AS lottery`);
  const [row] = rowsOf<{ orders: number; lottery: number }>(result);
  return { orders: Number(row?.orders ?? 0), lottery: Number(row?.lottery ?? 0) };
}
