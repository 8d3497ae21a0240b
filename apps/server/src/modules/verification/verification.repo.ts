import { and, count, desc, eq, gte, isNull, lt, max, type SQL } from 'drizzle-orm';
import { sql as dsql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { smsCodes } from './verification.table.ts';
import type { SmsPurpose } from './sms-sender.ts';

export type SmsCodeRow = typeof smsCodes.$inferSelect;
export type NewSmsCode = typeof smsCodes.$inferInsert;
export type SmsStatus = SmsCodeRow['status'];

/** When the number was last asked a code for (any purpose, sent or not), and how many since `since`. */
export async function sendsToPhone(
  tx: Tx,
  phone: string,
  since: Date,
): Promise<{ last: Date | null; today: number }> {
  const [row] = await tx
    .select({
      last: max(smsCodes.createdAt),
      today: dsql<number>`count(*) FILTER (WHERE ${smsCodes.createdAt} >= ${since.toISOString()})`.mapWith(
        Number,
      ),
    })
    .from(smsCodes)
    .where(eq(smsCodes.phone, phone));
  return { last: row?.last ?? null, today: row?.today ?? 0 };
}

/** Codes asked for from one address since `since`. */
export async function sendsFromIp(tx: Tx, ip: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gte(smsCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertCode(tx: Tx, code: NewSmsCode): Promise<SmsCodeRow> {
  const [row] = await tx.insert(smsCodes).values(code).returning();
  if (!row) throw new Error('sms code not inserted');
  return row;
}

/** The provider's answer for a code handed to it. */
export async function recordDelivery(
  db: Db,
  id: number,
  outcome: { status: 'sent' | 'failed'; providerMessageId: string | null; detail: string },
): Promise<void> {
  await db.update(smsCodes).set(outcome).where(eq(smsCodes.id, id));
}

/** The newest code of a number for a purpose: the only one that can be used. */
export async function latestCode(
  db: Db,
  phone: string,
  purpose: SmsPurpose,
): Promise<SmsCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  return row;
}

/**
 * Counts a try before its answer is compared, unless the code is used or out of tries; answers
 * the tries so far (undefined: no try left). Tries sent at once each take one, so they cannot
 * all be compared before the limit is reached.
 */
export async function countTry(db: Db, id: number, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: dsql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, id), lt(smsCodes.attempts, maxTries), isNull(smsCodes.usedAt)))
    .returning({ attempts: smsCodes.attempts });
  return row?.attempts;
}

/** Marks a code used; false when another request used it first. */
export async function useCode(tx: Tx, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}

export interface SmsLogFilter {
  phone?: string | undefined;
  purpose?: SmsPurpose | undefined;
  status?: SmsStatus | undefined;
  memberId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  pageSize: number;
}

/** The 短信记录 for the console, newest first. */
export async function listCodes(db: Db, f: SmsLogFilter): Promise<{ rows: SmsCodeRow[]; total: number }> {
  const parts: SQL[] = [];
  if (f.from) parts.push(gte(smsCodes.createdAt, f.from));
  if (f.to) parts.push(lt(smsCodes.createdAt, f.to));
  if (f.phone) parts.push(eq(smsCodes.phone, f.phone));
  if (f.purpose) parts.push(eq(smsCodes.purpose, f.purpose));
  if (f.status) parts.push(eq(smsCodes.status, f.status));
  if (f.memberId !== undefined) parts.push(eq(smsCodes.memberId, f.memberId));
  const where = and(...parts);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(smsCodes)
      .where(where)
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(smsCodes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
