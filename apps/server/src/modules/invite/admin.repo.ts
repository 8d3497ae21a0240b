import { type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { dayBetween, type Paging } from '../../db/filters.ts';

const like = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AgentRow {
  id: number;
  username: string;
  agent_code: string | null;
  enabled: number;
  created_at: Date | string;
  domains: string[] | null;
  commission_total: string;
}

/** Agents (members with is_agent), newest first, with their domains and the invite rewards paid to them. */
export async function pageAgents(db: Db, q: Paging & { keyword?: string | undefined }) {
  const parts: SQL[] = [sql`m.is_agent = 1`];
  if (q.keyword)
    parts.push(sql`(m.username LIKE ${like(q.keyword)} OR lower(m.agent_code) LIKE ${like(q.keyword)})`);
  const where = sql.join(parts, sql` AND `);
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT m.id, m.username, m.agent_code, m.enabled, m.created_at,
        (SELECT array_agg(d.domain ORDER BY d.id) FROM agent_domains d WHERE d.agent_id = m.id AND d.enabled) AS domains,
        (SELECT COALESCE(SUM(r.amount), 0) FROM invite_rewards r WHERE r.inviter_id = m.id)::text AS commission_total
      FROM members m WHERE ${where}
      ORDER BY m.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute(sql`SELECT COUNT(*)::int AS n FROM members m WHERE ${where}`),
  ]);
  return { rows: rowsOf<AgentRow>(rows), total: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0) };
}

export async function isAgent(db: Db, id: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM members WHERE id = ${id} AND is_agent = 1`),
  );
  return rows.length > 0;
}

export interface InviteRewardRow {
  id: number;
  inviter_id: number;
  inviter: string;
  invitee_id: number;
  invitee: string;
  rule: string;
  period: string;
  base_amount: string;
  amount: string;
  created_at: Date | string;
}

/** Invite rewards paid, newest first, by inviter (account or id), rule and Beijing day. */
export async function pageInviteRewards(
  db: Db,
  q: Paging & {
    inviter?: string | undefined;
    rule?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const parts: SQL[] = [];
  if (q.inviter) {
    const id = /^\d{1,9}$/.test(q.inviter) ? Number(q.inviter) : -1;
    parts.push(sql`(r.inviter_id = ${id} OR a.username = ${q.inviter.toLowerCase()})`);
  }
  if (q.rule) parts.push(sql`r.rule = ${q.rule}`);
  parts.push(...dayBetween(sql`r.created_at`, q.from, q.to));
  const where = parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
  const from = sql`FROM invite_rewards r JOIN members a ON a.id = r.inviter_id JOIN members b ON b.id = r.invitee_id`;
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT r.id, r.inviter_id, a.username AS inviter, r.invitee_id, b.username AS invitee, r.rule, r.period,
        r.base_amount::text AS base_amount, r.amount::text AS amount, r.created_at
      ${from} ${where}
      ORDER BY r.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute(sql`SELECT COUNT(*)::int AS n ${from} ${where}`),
  ]);
  return { rows: rowsOf<InviteRewardRow>(rows), total: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0) };
}
