/**
 * A member's running figures — turnover (`totalgame`), the turnover still owed before a
 * withdrawal (`codingvolume`, 打码量), total deposits (`paysum`) and total withdrawals — change
 * only through these functions, each inside the caller's transaction. Every product calls the
 * same turnover rule; nothing else writes these columns.
 */
import { eq } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db } from '../../db/client.ts';
import type { Work } from '../../db/tx.ts';
import type { EventBus } from '../../lib/events.ts';
import { members } from './accounts.table.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';

export interface MemberAmount {
  memberId: number;
  amount: bigint;
}

/** A member's VIP level and the figures it is reached by, as a write left them. */
export interface MemberFigures {
  memberId: number;
  vipLevel: number;
  paysum: bigint;
  totalgame: bigint;
}

/**
 * Valid bets count as turnover: `totalgame += x` and the 打码量 still owed goes down by x (never
 * below zero). One statement for any number of members, so a settlement batch stays one write;
 * it answers each member's figures as it left them (for the VIP check, events `member.figures`).
 */
export async function addTurnover(db: Db, totals: readonly MemberAmount[]): Promise<MemberFigures[]> {
  const owed = totals.filter((t) => t.amount !== 0n);
  if (owed.length === 0) return [];
  // The pairs as two arrays: one statement text for any number of members (kept and prepared).
  const ids = pgArray(owed.map((t) => t.memberId));
  const amounts = pgArray(owed.map((t) => t.amount));
  const rows = rowsOf<{ id: number; vip_level: number; paysum: string; totalgame: string }>(
    await db.execute(sql`
      UPDATE members SET totalgame = members.totalgame + v.amount,
                         codingvolume = GREATEST(members.codingvolume - v.amount, 0)
      FROM unnest(${ids}::int[], ${amounts}::bigint[]) AS v(id, amount)
      WHERE members.id = v.id
      RETURNING members.id, members.vip_level, members.paysum::text AS paysum, members.totalgame::text AS totalgame`),
  );
  return rows.map((r) => ({
    memberId: Number(r.id),
    vipLevel: Number(r.vip_level),
    paysum: BigInt(r.paysum),
    totalgame: BigInt(r.totalgame),
  }));
}

/** Announces figures after the commit that wrote them (each member once). */
export function announceFigures(work: Work, events: EventBus, figures: readonly MemberFigures[]): void {
  if (figures.length === 0) return;
  work.afterCommit(() => {
    for (const f of figures) events.emit('member.figures', f);
  });
}

/** A bonus (or any grant) that must be played through before a withdrawal: 打码量 up. */
export async function addRequiredTurnover(
  db: Db,
  memberId: number,
  amount: bigint,
  now: Date,
): Promise<void> {
  await db
    .update(members)
    .set({ codingvolume: sql`${members.codingvolume} + ${amount}`, updatedAt: now })
    .where(eq(members.id, memberId));
}

/** A credited deposit: total deposits up, and the turnover the deposit requires. */
export async function addDeposit(
  db: Db,
  memberId: number,
  amount: bigint,
  turnover: bigint,
  now: Date,
): Promise<void> {
  await db
    .update(members)
    .set({
      paysum: sql`${members.paysum} + ${amount}`,
      codingvolume: sql`${members.codingvolume} + ${turnover}`,
      updatedAt: now,
    })
    .where(eq(members.id, memberId));
}

/** A paid withdrawal: total withdrawals up. */
export async function addWithdrawn(db: Db, memberId: number, amount: bigint, now: Date): Promise<void> {
  await db
    .update(members)
    .set({ totalWithdraw: sql`${members.totalWithdraw} + ${amount}`, updatedAt: now })
    .where(eq(members.id, memberId));
}
