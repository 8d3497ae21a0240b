import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { ActivityCategory, ApplicationStatus } from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  activities,
  activityApplications,
  type ActivityRow,
  type ApplicationRow,
  type NewActivity,
} from './activities.table.ts';
import { memberValidBets } from '../../db/valid-bets.ts';
import { ledgerArchivedMembers, ledgerEntries, wallets } from '../../db/schema.ts';
import { members } from '../accounts/schema.ts';

type Handle = Db | Tx;

export async function pageOfActivities(
  db: Handle,
  category: ActivityCategory | undefined,
  page: number,
  perPage: number,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const where = and(eq(activities.enabled, true), category ? eq(activities.category, category) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(where)
      .orderBy(asc(activities.sort), desc(activities.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(activities).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findActivity(db: Handle, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.enabled, true)));
  return row;
}

export async function activitiesByIds(db: Handle, ids: number[]): Promise<Map<number, ActivityRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(activities).where(inArray(activities.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Seeds: inserts activities whose slug is new, leaves existing ones as operators left them. */
export async function insertActivities(db: Handle, rows: NewActivity[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(activities)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: activities.id });
  return inserted.length;
}

export async function findApplication(
  db: Handle,
  activityId: number,
  memberId: number,
  period: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(activityApplications)
    .where(
      and(
        eq(activityApplications.activityId, activityId),
        eq(activityApplications.memberId, memberId),
        eq(activityApplications.period, period),
      ),
    );
  return row;
}

/** Inserts an application unless the member already has one for the period (then undefined). */
export async function insertApplication(
  tx: Tx,
  row: typeof activityApplications.$inferInsert,
): Promise<ApplicationRow | undefined> {
  const [inserted] = await tx.insert(activityApplications).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function lockApplication(tx: Tx, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(activityApplications)
    .where(eq(activityApplications.id, id))
    .for('update');
  return row;
}

export async function updateApplication(
  tx: Tx,
  id: number,
  set: Partial<typeof activityApplications.$inferInsert>,
): Promise<ApplicationRow> {
  const [row] = await tx
    .update(activityApplications)
    .set(set)
    .where(eq(activityApplications.id, id))
    .returning();
  return row!;
}

export interface ApplicationFilter {
  memberId?: number | undefined;
  activityId?: number | undefined;
  status?: ApplicationStatus | undefined;
}

export async function pageOfApplications(
  db: Handle,
  filter: ApplicationFilter,
  page: number,
  perPage: number,
): Promise<{ rows: Array<ApplicationRow & { username: string }>; total: number }> {
  const where: SQL | undefined = and(
    filter.memberId ? eq(activityApplications.memberId, filter.memberId) : undefined,
    filter.activityId ? eq(activityApplications.activityId, filter.activityId) : undefined,
    filter.status ? eq(activityApplications.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ application: activityApplications, username: members.username })
      .from(activityApplications)
      .innerJoin(members, eq(members.id, activityApplications.memberId))
      .where(where)
      .orderBy(desc(activityApplications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(activityApplications).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.application, username: r.username })), total: total?.n ?? 0 };
}

/**
 * The member's first `deposit` credit to the main wallet, ever. One kept from months archived
 * out of the database (decision 042) is older than any entry still in it, so it answers first.
 */
export async function firstDeposit(
  db: Handle,
  memberId: number,
): Promise<{ amount: bigint; at: Date } | undefined> {
  const [archived] = await db
    .select({ amount: ledgerArchivedMembers.firstDepositAmount, at: ledgerArchivedMembers.firstDepositAt })
    .from(ledgerArchivedMembers)
    .where(eq(ledgerArchivedMembers.memberId, memberId));
  if (archived && archived.amount !== null && archived.at !== null)
    return { amount: archived.amount, at: archived.at };
  const [row] = await db
    .select({ amount: ledgerEntries.amount, at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .where(
      and(
        eq(ledgerEntries.memberId, memberId),
        eq(ledgerEntries.type, 'deposit'),
        eq(wallets.kind, 'main'),
        sql`${ledgerEntries.amount} > 0`,
      ),
    )
    .orderBy(asc(ledgerEntries.id))
    .limit(1);
  return row;
}

/** 有效投注 settled within [from, to) (db/valid-bets.ts: sports, lottery and game rounds). */
export const validBets = memberValidBets;
