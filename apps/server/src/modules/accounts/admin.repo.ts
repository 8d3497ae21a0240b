import { type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { dayBetween, like, where, type Paging } from '../../db/filters.ts';

const limitOffset = (p: Paging) => sql`LIMIT ${p.per_page} OFFSET ${(p.page - 1) * p.per_page}`;

export interface MemberRowOut {
  id: number;
  username: string;
  nickname: string;
  mobile: string | null;
  email: string | null;
  real_name: string | null;
  vip_level: number;
  main: string;
  lottery: string;
  frozen: string;
  agent_id: number | null;
  agent_username: string | null;
  inviter_id: number | null;
  inviter_username: string | null;
  enabled: number;
  is_black: number;
  disable_withdraw: number;
  disable_game: number;
  disable_nggame: number;
  is_agent: number;
  is_mock: number;
  register_type: string;
  register_ip: string | null;
  invite_code: string;
  agent_code: string | null;
  codingvolume: string;
  paysum: string;
  totalgame: string;
  total_withdraw: string;
  created_at: Date | string;
  last_login_at: Date | string | null;
  last_login_ip: string | null;
  tags: string[] | null;
}

const memberSelect = sql`
  SELECT m.id, m.username, m.nickname, m.mobile, m.email, m.real_name, m.vip_level,
    COALESCE((SELECT balance FROM wallets w WHERE w.member_id = m.id AND w.kind = 'main'), 0) AS main,
    COALESCE((SELECT balance FROM wallets w WHERE w.member_id = m.id AND w.kind = 'lottery'), 0) AS lottery,
    COALESCE((SELECT balance FROM wallets w WHERE w.member_id = m.id AND w.kind = 'frozen'), 0) AS frozen,
    m.agent_id, a.username AS agent_username, m.inviter_id, i.username AS inviter_username,
    m.enabled, m.is_black, m.disable_withdraw, m.disable_game, m.disable_nggame, m.is_agent, m.is_mock,
    m.register_type, m.register_ip, m.invite_code, m.agent_code,
    m.codingvolume, m.paysum, m.totalgame, m.total_withdraw, m.created_at, m.last_login_at, m.last_login_ip,
    (SELECT array_agg(t.tag ORDER BY t.tag) FROM member_tags t WHERE t.member_id = m.id) AS tags
  FROM members m
  LEFT JOIN members a ON a.id = m.agent_id
  LEFT JOIN members i ON i.id = m.inviter_id`;

export interface MemberFilter extends Paging {
  keyword?: string | undefined;
  agent?: string | undefined;
  flag?: string | undefined;
  vip_level?: number | undefined;
  tag?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const FLAG_COLUMNS: Record<string, string> = {
  enabled: 'enabled',
  is_black: 'is_black',
  disable_withdraw: 'disable_withdraw',
  disable_game: 'disable_game',
  disable_nggame: 'disable_nggame',
  is_agent: 'is_agent',
  is_mock: 'is_mock',
};

export async function pageMembers(db: Db, f: MemberFilter) {
  const parts: SQL[] = [];
  if (f.keyword) {
    const k = f.keyword.trim();
    const id = /^\d{1,9}$/.test(k) ? Number(k) : -1;
    parts.push(
      sql`(m.id = ${id} OR m.username ILIKE ${like(k)} OR m.mobile = ${k} OR m.nickname ILIKE ${like(k)})`,
    );
  }
  if (f.agent) {
    const id = /^\d{1,9}$/.test(f.agent) ? Number(f.agent) : -1;
    parts.push(sql`(m.agent_id = ${id} OR a.username = ${f.agent.toLowerCase()})`);
  }
  if (f.flag && FLAG_COLUMNS[f.flag]) {
    // "enabled" lists the disabled ones (the exception worth finding); the others list members with the flag on.
    parts.push(f.flag === 'enabled' ? sql`m.enabled = 0` : sql`${sql.raw(`m.${FLAG_COLUMNS[f.flag]}`)} = 1`);
  }
  if (f.vip_level !== undefined) parts.push(sql`m.vip_level = ${f.vip_level}`);
  if (f.tag)
    parts.push(sql`EXISTS (SELECT 1 FROM member_tags t WHERE t.member_id = m.id AND t.tag = ${f.tag})`);
  parts.push(...dayBetween(sql`m.created_at`, f.from, f.to));
  const [rows, total] = await Promise.all([
    db.execute(sql`${memberSelect} ${where(parts)} ORDER BY m.id DESC ${limitOffset(f)}`),
    db.execute(
      sql`SELECT COUNT(*) AS n FROM members m LEFT JOIN members a ON a.id = m.agent_id ${where(parts)}`,
    ),
  ]);
  return { rows: rowsOf<MemberRowOut>(rows), total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0) };
}

export async function findMember(db: Db | Tx, id: number): Promise<MemberRowOut | undefined> {
  return rowsOf<MemberRowOut>(await db.execute(sql`${memberSelect} WHERE m.id = ${id}`))[0];
}

export async function walletsOf(db: Db, memberId: number) {
  return rowsOf<{ kind: string; balance: string }>(
    await db.execute(sql`SELECT kind, balance FROM wallets WHERE member_id = ${memberId} ORDER BY id`),
  );
}

/** Locks the member row and answers its flags (the decision reads and writes them in one go). */
export async function lockMemberFlags(tx: Tx, memberId: number) {
  return rowsOf<Record<string, number>>(
    await tx.execute(sql`
      SELECT enabled, is_black, disable_withdraw, disable_game, disable_nggame, is_agent, is_mock
      FROM members WHERE id = ${memberId} FOR UPDATE`),
  )[0];
}

export async function setMemberFlag(tx: Tx, memberId: number, flag: string, value: 0 | 1, now: Date) {
  const column = FLAG_COLUMNS[flag];
  if (!column) throw new Error(`unknown flag ${flag}`);
  await tx.execute(
    sql`UPDATE members SET ${sql.raw(column)} = ${value}, updated_at = ${now} WHERE id = ${memberId}`,
  );
}

export async function pageSessions(db: Db, memberId: number, p: Paging, now: Date) {
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT id, ip, user_agent, created_at, last_seen_at, expires_at, revoked_at,
        (revoked_at IS NULL AND expires_at > ${now}) AS active
      FROM sessions WHERE member_id = ${memberId} ORDER BY id DESC ${limitOffset(p)}`),
    db.execute(sql`SELECT COUNT(*) AS n FROM sessions WHERE member_id = ${memberId}`),
  ]);
  return {
    rows: rowsOf<{
      id: number;
      ip: string | null;
      user_agent: string | null;
      created_at: Date | string;
      last_seen_at: Date | string;
      expires_at: Date | string;
      revoked_at: Date | string | null;
      active: boolean;
    }>(rows),
    total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0),
  };
}

/** Revokes one live session or all of them; answers the ids revoked. */
export async function revokeSessions(
  tx: Tx,
  memberId: number,
  now: Date,
  sessionId?: number,
): Promise<number[]> {
  const one = sessionId === undefined ? sql`` : sql`AND id = ${sessionId}`;
  const rows = await tx.execute(sql`
    UPDATE sessions SET revoked_at = ${now}
    WHERE member_id = ${memberId} AND revoked_at IS NULL ${one}
    RETURNING id`);
  return rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
}

/** A member's records of one kind: a query over its table with the common filters. */
export interface RecordKind {
  table: string;
  select: string;
  /** Column the day filter and order apply to. */
  at: string;
  order: string;
  status?: string;
  extraWhere?: (q: Record<string, unknown>) => SQL[];
}

export async function pageRecords(
  db: Db,
  kind: RecordKind,
  memberId: number,
  q: Paging & { status?: string | undefined; from?: string | undefined; to?: string | undefined } & Record<
      string,
      unknown
    >,
) {
  const parts: SQL[] = [sql`t.member_id = ${memberId}`];
  if (q.status && kind.status) parts.push(sql`${sql.raw(`t.${kind.status}`)} = ${q.status}`);
  parts.push(...dayBetween(sql.raw(`t.${kind.at}`), q.from, q.to));
  parts.push(...(kind.extraWhere?.(q) ?? []));
  const from = sql.raw(`${kind.table} t`);
  const [rows, total] = await Promise.all([
    db.execute(
      sql`SELECT ${sql.raw(kind.select)} FROM ${from} ${where(parts)} ORDER BY ${sql.raw(kind.order)} ${limitOffset(q)}`,
    ),
    db.execute(sql`SELECT COUNT(*) AS n FROM ${from} ${where(parts)}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows),
    total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0),
  };
}

/** Ledger entries of one wallet kind of the member. */
export const walletKindFilter = (memberId: number, kind: string): SQL =>
  sql`t.wallet_id IN (SELECT id FROM wallets WHERE member_id = ${memberId} AND kind = ${kind})`;

/** The member's tags, locked (with the member row) for the change that follows. */
export async function lockTags(tx: Tx, memberId: number): Promise<string[] | undefined> {
  const member = rowsOf<{ id: number }>(
    await tx.execute(sql`SELECT id FROM members WHERE id = ${memberId} FOR UPDATE`),
  );
  if (!member.length) return undefined;
  return rowsOf<{ tag: string }>(
    await tx.execute(sql`SELECT tag FROM member_tags WHERE member_id = ${memberId} ORDER BY tag`),
  ).map((r) => r.tag);
}

/** Replaces the member's tags with `tags`. */
export async function replaceTags(tx: Tx, memberId: number, tags: string[], operatorId: number, now: Date) {
  await tx.execute(sql`DELETE FROM member_tags WHERE member_id = ${memberId}`);
  for (const tag of tags)
    await tx.execute(
      sql`INSERT INTO member_tags (member_id, tag, operator_id, created_at) VALUES (${memberId}, ${tag}, ${operatorId}, ${now})`,
    );
}

/** Every tag in use with how many members carry it, most used first. */
export async function tagCounts(db: Db): Promise<Array<{ tag: string; members: number }>> {
  return rowsOf<{ tag: string; n: string }>(
    await db.execute(
      sql`SELECT tag, COUNT(*) AS n FROM member_tags GROUP BY tag ORDER BY COUNT(*) DESC, tag LIMIT 200`,
    ),
  ).map((r) => ({ tag: r.tag, members: Number(r.n) }));
}
