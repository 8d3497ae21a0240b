import { and, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import { INVITE_RULES } from '@app/shared';
import { validBetRows } from '../../db/valid-bets.ts';
import type { Db } from '../../db/client.ts';
import { inviteCodeChanges, inviteRewards, type InviteRewardRow } from './invite.table.ts';
import { rowsOf } from '../../db/rows.ts';
import { members } from '../accounts/schema.ts';

/** Settled valid bets of every member, of the categories the invite rules count. */
const VALID_BETS = validBetRows(INVITE_RULES.validBetCategories);

const big = (v: string | null | undefined) => BigInt(v ?? '0');

/**
 * The member's deposits from months archived out of the database (ledger_archived_members,
 * decision 042), 分, 0 when none: every lifetime deposit sum below adds it to the entries still
 * in `ledger_entries`. Archived `deposit` sums the `deposit` entries, which are all credits, so it
 * is the same figure as `type = 'deposit' AND amount > 0`.
 */
const archivedDeposits = (memberId: SQL | number) =>
  sql`COALESCE((SELECT a.deposit FROM ledger_archived_members a WHERE a.member_id = ${memberId}), 0)`;

export interface ReferralRow {
  id: number;
  username: string;
  nickname: string;
  createdAt: Date;
  depositTotal: bigint;
  validBetTotal: bigint;
  rewardTotal: bigint;
}

export async function referralsOf(
  db: Db,
  inviterId: number,
  page: { page: number; per_page: number },
): Promise<{ rows: ReferralRow[]; total: number }> {
  const result = await db.execute(sql`
    SELECT m.id, m.username, m.nickname, m.created_at,
      ((SELECT COALESCE(SUM(e.amount), 0) FROM ledger_entries e
        WHERE e.member_id = m.id AND e.type = 'deposit' AND e.amount > 0)
        + ${archivedDeposits(sql`m.id`)})::text AS deposit_total,
      (SELECT COALESCE(SUM(v.amount), 0) FROM ${VALID_BETS} v WHERE v.member_id = m.id)::text AS valid_bet_total,
      (SELECT COALESCE(SUM(r.amount), 0) FROM invite_rewards r
        WHERE r.invitee_id = m.id AND r.inviter_id = ${inviterId})::text AS reward_total
    FROM members m
    WHERE m.inviter_id = ${inviterId}
    ORDER BY m.id DESC
    LIMIT ${page.per_page} OFFSET ${(page.page - 1) * page.per_page}`);
  const [total] = await db.select({ n: count() }).from(members).where(eq(members.inviterId, inviterId));
  type Row = {
    id: number;
    username: string;
    nickname: string;
    created_at: string | Date;
    deposit_total: string;
    valid_bet_total: string;
    reward_total: string;
  };
  return {
    rows: rowsOf<Row>(result).map((r) => ({
      id: Number(r.id),
      username: r.username,
      nickname: r.nickname,
      createdAt: new Date(r.created_at),
      depositTotal: big(r.deposit_total),
      validBetTotal: big(r.valid_bet_total),
      rewardTotal: big(r.reward_total),
    })),
    total: total?.n ?? 0,
  };
}

export interface ReferralCounts {
  total: number;
  today: number;
  month: number;
  active: number;
  depositTotal: bigint;
}

export async function referralCounts(
  db: Db,
  inviterId: number,
  todayStart: Date,
  monthStart: Date,
): Promise<ReferralCounts> {
  const result = await db.execute(sql`
    SELECT COUNT(*)::int AS total,
      COUNT(*) FILTER (WHERE m.created_at >= ${todayStart.toISOString()})::int AS today,
      COUNT(*) FILTER (WHERE m.created_at >= ${monthStart.toISOString()})::int AS month,
      COUNT(*) FILTER (WHERE d.total > 0)::int AS active,
      COALESCE(SUM(d.total), 0)::text AS deposit_total
    FROM members m
    LEFT JOIN LATERAL (
      SELECT COALESCE(SUM(e.amount), 0) + ${archivedDeposits(sql`m.id`)} AS total FROM ledger_entries e
      WHERE e.member_id = m.id AND e.type = 'deposit' AND e.amount > 0
    ) d ON true
    WHERE m.inviter_id = ${inviterId}`);
  const [row] = rowsOf<{
    total: number;
    today: number;
    month: number;
    active: number;
    deposit_total: string;
  }>(result);
  return {
    total: Number(row?.total ?? 0),
    today: Number(row?.today ?? 0),
    month: Number(row?.month ?? 0),
    active: Number(row?.active ?? 0),
    depositTotal: big(row?.deposit_total),
  };
}

export interface RewardSums {
  total: bigint;
  today: bigint;
  month: bigint;
  deposit: bigint;
  commission: bigint;
}

export async function rewardSums(
  db: Db,
  inviterId: number,
  todayStart: Date,
  monthStart: Date,
): Promise<RewardSums> {
  const result = await db.execute(sql`
    SELECT COALESCE(SUM(amount), 0)::text AS total,
      COALESCE(SUM(amount) FILTER (WHERE created_at >= ${todayStart.toISOString()}), 0)::text AS today,
      COALESCE(SUM(amount) FILTER (WHERE created_at >= ${monthStart.toISOString()}), 0)::text AS month,
      COALESCE(SUM(amount) FILTER (WHERE rule = 'deposit_milestone'), 0)::text AS deposit,
      COALESCE(SUM(amount) FILTER (WHERE rule = 'bet_commission'), 0)::text AS commission
    FROM invite_rewards WHERE inviter_id = ${inviterId}`);
  const [row] = rowsOf<Record<keyof RewardSums, string>>(result);
  return {
    total: big(row?.total),
    today: big(row?.today),
    month: big(row?.month),
    deposit: big(row?.deposit),
    commission: big(row?.commission),
  };
}

export async function rewardsOf(
  db: Db,
  inviterId: number,
  query: { page: number; per_page: number; rule?: InviteRewardRow['rule'] | undefined },
): Promise<{ rows: Array<{ reward: InviteRewardRow; invitee: string }>; total: number }> {
  const where = and(
    eq(inviteRewards.inviterId, inviterId),
    query.rule ? eq(inviteRewards.rule, query.rule) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ reward: inviteRewards, invitee: members.username })
      .from(inviteRewards)
      .innerJoin(members, eq(members.id, inviteRewards.inviteeId))
      .where(where)
      .orderBy(desc(inviteRewards.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(inviteRewards).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Cumulative deposits of one member (分), from the ledger and its archived months. */
export async function depositTotalOf(db: Db, memberId: number): Promise<bigint> {
  const result = await db.execute(sql`
    SELECT (COALESCE(SUM(amount), 0) + ${archivedDeposits(memberId)})::text AS total FROM ledger_entries
    WHERE member_id = ${memberId} AND type = 'deposit' AND amount > 0`);
  return big(rowsOf<{ total: string }>(result)[0]?.total);
}

export interface DueMilestone {
  inviteeId: number;
  inviterId: number;
  depositTotal: bigint;
}

/** Invitees (of enabled inviters) whose deposits reached `threshold` and whose milestone is unpaid. */
export async function unpaidMilestones(
  db: Db,
  threshold: bigint,
  referencePrefix: string,
  milestoneKey: string,
  onlyInviteeId?: number,
): Promise<DueMilestone[]> {
  const result = await db.execute(sql`
    SELECT m.id, m.inviter_id, d.total::text AS total
    FROM members m
    JOIN members inviter ON inviter.id = m.inviter_id AND inviter.enabled = 1
    JOIN LATERAL (
      SELECT COALESCE(SUM(e.amount), 0) + ${archivedDeposits(sql`m.id`)} AS total FROM ledger_entries e
      WHERE e.member_id = m.id AND e.type = 'deposit' AND e.amount > 0
    ) d ON true
    WHERE m.inviter_id IS NOT NULL
      ${onlyInviteeId === undefined ? sql`` : sql`AND m.id = ${onlyInviteeId}`}
      AND d.total >= ${threshold.toString()}::bigint
      AND NOT EXISTS (
        SELECT 1 FROM invite_rewards r
        WHERE r.reference = ${referencePrefix} || m.id || ':' || ${milestoneKey}
      )
    ORDER BY m.id`);
  return rowsOf<{ id: number; inviter_id: number; total: string }>(result).map((r) => ({
    inviteeId: Number(r.id),
    inviterId: Number(r.inviter_id),
    depositTotal: big(r.total),
  }));
}

export interface DayBets {
  inviteeId: number;
  inviterId: number;
  validBets: bigint;
}

/** Each invitee's valid bets settled in [from, to), of enabled inviters, optionally unpaid for `day` only. */
export async function inviteeBetsBetween(
  db: Db,
  from: Date,
  to: Date,
  options: { inviterId?: number; unpaidReferencePrefix?: string; day?: string },
): Promise<DayBets[]> {
  const result = await db.execute(sql`
    SELECT m.id, m.inviter_id, SUM(v.amount)::text AS total
    FROM ${VALID_BETS} v
    JOIN members m ON m.id = v.member_id
    JOIN members inviter ON inviter.id = m.inviter_id AND inviter.enabled = 1
    WHERE v.settled_at >= ${from.toISOString()} AND v.settled_at < ${to.toISOString()}
      ${options.inviterId === undefined ? sql`` : sql`AND m.inviter_id = ${options.inviterId}`}
      ${
        options.unpaidReferencePrefix && options.day
          ? sql`AND NOT EXISTS (
              SELECT 1 FROM invite_rewards r
              WHERE r.reference = ${options.unpaidReferencePrefix} || m.id || ':' || ${options.day})`
          : sql``
      }
    GROUP BY m.id, m.inviter_id
    ORDER BY m.id`);
  return rowsOf<{ id: number; inviter_id: number; total: string }>(result).map((r) => ({
    inviteeId: Number(r.id),
    inviterId: Number(r.inviter_id),
    validBets: big(r.total),
  }));
}

export interface BoardRow {
  id: number;
  username: string;
  inviteCount: number;
  rewardTotal: bigint;
  rank: number;
}

/** The inviters' board since `since`, ordered by invite count or reward; the top `limit` plus `me`. */
export async function rankingBoard(
  db: Db,
  options: { since: Date | null; by: 'count' | 'reward'; limit: number; me: number | null },
): Promise<BoardRow[]> {
  const since = options.since?.toISOString() ?? '1970-01-01T00:00:00Z';
  const order =
    options.by === 'count' ? sql`b.n DESC, b.total DESC, b.id ASC` : sql`b.total DESC, b.n DESC, b.id ASC`;
  const result = await db.execute(sql`
    WITH counts AS (
      SELECT inviter_id AS id, COUNT(*)::int AS n FROM members
      WHERE inviter_id IS NOT NULL AND created_at >= ${since} GROUP BY inviter_id
    ), rewards AS (
      SELECT inviter_id AS id, SUM(amount) AS total FROM invite_rewards
      WHERE created_at >= ${since} GROUP BY inviter_id
    ), board AS (
      SELECT COALESCE(c.id, r.id) AS id, COALESCE(c.n, 0) AS n, COALESCE(r.total, 0) AS total
      FROM counts c FULL JOIN rewards r ON r.id = c.id
    ), ranked AS (
      SELECT b.id, b.n, b.total, ROW_NUMBER() OVER (ORDER BY ${order}) AS rank
      FROM board b JOIN members m ON m.id = b.id
      WHERE m.enabled = 1 AND ${options.by === 'count' ? sql`b.n > 0` : sql`b.total > 0`}
    )
    SELECT r.id, m.username, r.n, r.total::text AS total, r.rank::int AS rank
    FROM ranked r JOIN members m ON m.id = r.id
    WHERE r.rank <= ${options.limit} ${options.me === null ? sql`` : sql`OR r.id = ${options.me}`}
    ORDER BY r.rank`);
  return rowsOf<{ id: number; username: string; n: number; total: string; rank: number }>(result).map(
    (r) => ({
      id: Number(r.id),
      username: r.username,
      inviteCount: Number(r.n),
      rewardTotal: big(r.total),
      rank: Number(r.rank),
    }),
  );
}

/** The member's own invite count and rewards since `since` (for "mine" when off the board). */
export async function ownTotals(
  db: Db,
  memberId: number,
  since: Date | null,
): Promise<{ inviteCount: number; rewardTotal: bigint }> {
  const from = since ?? new Date(0);
  const [[n], [r]] = await Promise.all([
    db
      .select({ n: count() })
      .from(members)
      .where(and(eq(members.inviterId, memberId), gte(members.createdAt, from))),
    db
      .select({ total: sql<string>`COALESCE(SUM(${inviteRewards.amount}), 0)::text` })
      .from(inviteRewards)
      .where(and(eq(inviteRewards.inviterId, memberId), gte(inviteRewards.createdAt, from))),
  ]);
  return { inviteCount: n?.n ?? 0, rewardTotal: big(r?.total) };
}

export async function codeChangesSince(db: Db, memberId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inviteCodeChanges)
    .where(and(eq(inviteCodeChanges.memberId, memberId), gte(inviteCodeChanges.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertCodeChange(
  db: Db,
  change: { memberId: number; oldCode: string; newCode: string; createdAt: Date },
): Promise<void> {
  await db.insert(inviteCodeChanges).values(change);
}

export async function insertReward(db: Db, row: typeof inviteRewards.$inferInsert): Promise<void> {
  await db.insert(inviteRewards).values(row);
}
