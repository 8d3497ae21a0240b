import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { playExclusions, playLimits } from './responsible.table.ts';
import { rowsOf } from '../../db/rows.ts';
import { members, sessions } from '../accounts/schema.ts';

export type PlayLimitRow = typeof playLimits.$inferSelect;
export type PlayExclusionRow = typeof playExclusions.$inferSelect;

// ---- limits -------------------------------------------------------------------------------------

/** The member's limit rows, without a lock (views, pre-checks before a transaction). */
export async function limitsOf(db: Db, memberId: number): Promise<PlayLimitRow[]> {
  return db
    .select()
    .from(playLimits)
    .where(eq(playLimits.memberId, memberId))
    .orderBy(asc(playLimits.kind), asc(playLimits.period));
}

/**
 * The member's limit rows locked until the transaction ends (always in the same order, so two
 * transactions of one member queue instead of deadlocking). Every money path of a member with a
 * limit takes them before it reads usage, so their checks run one at a time.
 */
export async function lockLimits(tx: Tx, memberId: number): Promise<PlayLimitRow[]> {
  return tx
    .select()
    .from(playLimits)
    .where(eq(playLimits.memberId, memberId))
    .orderBy(asc(playLimits.kind), asc(playLimits.period))
    .for('update');
}

/**
 * A money path's one read: the member's exclusions (newest first, as exclusionsOf) and their
 * limit rows locked until the transaction ends (as lockLimits, in the same order), in one
 * statement. The exclusions are read as of the statement's start, before any wait for the locks.
 */
export async function exclusionsAndLockedLimits(
  tx: Tx,
  memberId: number,
): Promise<{ exclusions: PlayExclusionRow[]; limits: PlayLimitRow[] }> {
  type Stamp = string;
  const [row] = rowsOf<{
    exclusions: Array<{
      id: number;
      member_id: number;
      kind: PlayExclusionRow['kind'];
      starts_at: Stamp;
      ends_at: Stamp;
      return_requested_at: Stamp | null;
      created_at: Stamp;
    }>;
    limits: Array<{
      member_id: number;
      kind: PlayLimitRow['kind'];
      period: PlayLimitRow['period'];
      amount: string | null;
      pending_amount: string | null;
      pending_remove: boolean;
      pending_at: Stamp | null;
      updated_at: Stamp;
    }>;
  }>(
    await tx.execute(sql`
      WITH locked AS (
        SELECT member_id, kind, period, amount::text AS amount, pending_amount::text AS pending_amount,
               pending_remove, pending_at, updated_at
        FROM play_limits WHERE member_id = ${memberId}
        ORDER BY kind, period
        FOR UPDATE
      )
      SELECT
        (SELECT coalesce(json_agg(e ORDER BY e.id DESC), '[]'::json) FROM (
           SELECT id, member_id, kind, starts_at, ends_at, return_requested_at, created_at
           FROM play_exclusions WHERE member_id = ${memberId}) e) AS exclusions,
        (SELECT coalesce(json_agg(l ORDER BY l.kind, l.period), '[]'::json) FROM locked l) AS limits`),
  );
  const date = (v: Stamp | null) => (v === null ? null : new Date(v));
  const fen = (v: string | null) => (v === null ? null : BigInt(v));
  return {
    exclusions: (row?.exclusions ?? []).map((e) => ({
      id: e.id,
      memberId: e.member_id,
      kind: e.kind,
      startsAt: new Date(e.starts_at),
      endsAt: new Date(e.ends_at),
      returnRequestedAt: date(e.return_requested_at),
      createdAt: new Date(e.created_at),
    })),
    limits: (row?.limits ?? []).map((l) => ({
      memberId: l.member_id,
      kind: l.kind,
      period: l.period,
      amount: fen(l.amount),
      pendingAmount: fen(l.pending_amount),
      pendingRemove: l.pending_remove,
      pendingAt: date(l.pending_at),
      updatedAt: new Date(l.updated_at),
    })),
  };
}

/** Writes one limit row (insert or replace its amounts and pending change). */
export async function saveLimit(tx: Tx, row: PlayLimitRow): Promise<void> {
  const { memberId: _m, kind: _k, period: _p, ...changes } = row;
  await tx
    .insert(playLimits)
    .values(row)
    .onConflictDoUpdate({ target: [playLimits.memberId, playLimits.kind, playLimits.period], set: changes });
}

/** Drops a row that holds neither a limit nor a pending change (so the member no longer pays for checks). */
export async function deleteLimit(tx: Tx, row: Pick<PlayLimitRow, 'memberId' | 'kind' | 'period'>) {
  await tx
    .delete(playLimits)
    .where(
      and(
        eq(playLimits.memberId, row.memberId),
        eq(playLimits.kind, row.kind),
        eq(playLimits.period, row.period),
      ),
    );
}

// ---- usage, from the ledger ---------------------------------------------------------------------

/** What a member deposited, staked and was paid back in [from, to). */
export interface PlayFigures {
  deposits: bigint;
  stakes: bigint;
  payouts: bigint;
}

/**
 * The ledger types each figure sums (signed amounts as posted): deposits credited to main;
 * stakes = sports and lottery `bet` debits and money moved into a game platform (`game_in` on
 * main), less their refunds (`bet_refund`, `game_refund`); payouts = `payout`, its corrections
 * and money back from a game platform (`game_out` on main).
 */
const STAKE_TYPES = ['bet', 'bet_refund', 'game_in', 'game_refund'];
// `free_bet`: a 免费投注券's stake taken back from its win (the member's gain is the prize less it).
const PAYOUT_TYPES = ['payout', 'settle_correction', 'game_out', 'free_bet', 'cash_out'];

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The member's figures over several windows in one pass over their ledger entries (index
 * member_id, created_at), from the earliest window's start.
 */
export async function figuresOf(
  db: Db,
  memberId: number,
  windows: ReadonlyArray<{ from: Date; to: Date }>,
): Promise<PlayFigures[]> {
  if (windows.length === 0) return [];
  const earliest = new Date(Math.min(...windows.map((w) => w.from.getTime())));
  const latest = new Date(Math.max(...windows.map((w) => w.to.getTime())));
  const result = await db.execute(sql`
    SELECT ${figureColumns(windows)}
    FROM ledger_entries
    WHERE member_id = ${memberId}
      AND created_at >= ${earliest.toISOString()}::timestamptz
      AND created_at < ${latest.toISOString()}::timestamptz`);
  return figuresFrom(result, windows.length);
}

/**
 * The part of the member's figures (as figuresOf sums them, per window) that the entries of one
 * reference make: an in-play order's stake, debited at its submit, taken out again when the
 * order is checked once more at the end of its bet delay (index reference_type, reference_id).
 */
export async function figuresOfReference(
  db: Db,
  memberId: number,
  reference: { type: string; id: string },
  windows: ReadonlyArray<{ from: Date; to: Date }>,
): Promise<PlayFigures[]> {
  if (windows.length === 0) return [];
  const result = await db.execute(sql`
    SELECT ${figureColumns(windows)}
    FROM ledger_entries
    WHERE reference_type = ${reference.type} AND reference_id = ${reference.id} AND member_id = ${memberId}`);
  return figuresFrom(result, windows.length);
}

/** Deposits, stakes and payouts of each window as columns d<i>, s<i>, p<i> (text). */
function figureColumns(windows: ReadonlyArray<{ from: Date; to: Date }>): SQL {
  const columns: SQL[] = windows.map((w, i) => {
    const inWindow = sql`created_at >= ${w.from.toISOString()}::timestamptz AND created_at < ${w.to.toISOString()}::timestamptz`;
    return sql`
      COALESCE(SUM(amount) FILTER (WHERE ${inWindow} AND type = 'deposit' AND amount > 0), 0)::text AS ${sql.raw(`d${i}`)},
      COALESCE(-SUM(amount) FILTER (WHERE ${inWindow} AND type IN (${list(STAKE_TYPES)})), 0)::text AS ${sql.raw(`s${i}`)},
      COALESCE(SUM(amount) FILTER (WHERE ${inWindow} AND type IN (${list(PAYOUT_TYPES)})), 0)::text AS ${sql.raw(`p${i}`)}`;
  });
  return sql.join(columns, sql`, `);
}

function figuresFrom(result: unknown, count: number): PlayFigures[] {
  const [row] = rowsOf<Record<string, string>>(result);
  return Array.from({ length: count }, (_, i) => ({
    deposits: BigInt(row?.[`d${i}`] ?? '0'),
    stakes: BigInt(row?.[`s${i}`] ?? '0'),
    payouts: BigInt(row?.[`p${i}`] ?? '0'),
  }));
}

// ---- time-outs and self-exclusions --------------------------------------------------------------

/** Every time-out and self-exclusion of the member, newest first (a handful at most). */
export async function exclusionsOf(db: Db, memberId: number): Promise<PlayExclusionRow[]> {
  return db
    .select()
    .from(playExclusions)
    .where(eq(playExclusions.memberId, memberId))
    .orderBy(desc(playExclusions.id));
}

/**
 * Which of these members are kept from play at `now`: a time-out until its end; a
 * self-exclusion until `returnWaitHours` after the member asked to return (never before).
 */
export async function excludedAmong(
  db: Db,
  memberIds: readonly number[],
  now: Date,
  returnWaitHours: number,
): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const at = now.toISOString();
  const rows = await db
    .selectDistinct({ memberId: playExclusions.memberId })
    .from(playExclusions)
    .where(
      and(
        inArray(playExclusions.memberId, [...memberIds]),
        sql`${playExclusions.startsAt} <= ${at}::timestamptz`,
        sql`CASE ${playExclusions.kind}
              WHEN 'timeout' THEN ${playExclusions.endsAt} > ${at}::timestamptz
              ELSE ${playExclusions.returnRequestedAt} IS NULL
                OR ${playExclusions.returnRequestedAt} + make_interval(hours => ${returnWaitHours}) > ${at}::timestamptz
            END`,
      ),
    );
  return new Set(rows.map((r) => r.memberId));
}

export async function insertExclusion(
  tx: Tx,
  row: { memberId: number; kind: PlayExclusionRow['kind']; startsAt: Date; endsAt: Date },
): Promise<PlayExclusionRow> {
  const [inserted] = await tx
    .insert(playExclusions)
    .values({ ...row, createdAt: row.startsAt })
    .returning();
  if (!inserted) throw new Error('exclusion not inserted');
  return inserted;
}

/** Records the member's request to return from self-exclusions that have run their term (once each). */
export async function requestReturn(tx: Tx, ids: number[], now: Date): Promise<PlayExclusionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(playExclusions)
    .set({ returnRequestedAt: now })
    .where(
      and(
        inArray(playExclusions.id, ids),
        eq(playExclusions.kind, 'self_exclusion'),
        isNull(playExclusions.returnRequestedAt),
        sql`${playExclusions.endsAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
}

/**
 * The member's row share-locked (FOR KEY SHARE) against a time-out or self-exclusion being started,
 * which locks it FOR UPDATE (lockMemberForExclusion): one committed before this returns is seen by
 * the transaction's next statement; one started after waits for this transaction to end. It does
 * not wait for the member's submits or figures updates (FOR NO KEY UPDATE), nor they for it.
 */
export async function lockMemberAgainstExclusion(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM members WHERE id = ${memberId} FOR KEY SHARE`);
}

/** The member's row locked: one time-out or self-exclusion decided at a time per member. */
export async function lockMemberForExclusion(tx: Tx, memberId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  return !!row;
}

// ---- reality check ------------------------------------------------------------------------------

export interface PlaySessionRow {
  createdAt: Date;
  realityCheckedAt: Date | null;
  realityCheckMinutes: number;
}

/** The member's login session (by id, and only theirs) with their reality-check interval. */
export async function playSessionOf(
  db: Db,
  memberId: number,
  sessionId: number,
): Promise<PlaySessionRow | undefined> {
  const [row] = await db
    .select({
      createdAt: sessions.createdAt,
      realityCheckedAt: sessions.realityCheckedAt,
      realityCheckMinutes: members.realityCheckMinutes,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.memberId, memberId)));
  return row;
}

/** The member answered 继续 (or changed the interval): the next check counts from now. */
export async function markRealityChecked(db: Db, memberId: number, sessionId: number, now: Date) {
  await db
    .update(sessions)
    .set({ realityCheckedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.memberId, memberId)));
}

export async function setRealityCheckMinutes(db: Db, memberId: number, minutes: number, now: Date) {
  await db
    .update(members)
    .set({ realityCheckMinutes: minutes, updatedAt: now })
    .where(eq(members.id, memberId));
}

/** The member's reality-check interval in minutes (0 = off), for the back office. */
export async function realityCheckMinutesOf(db: Db, memberId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ minutes: members.realityCheckMinutes })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.minutes;
}
