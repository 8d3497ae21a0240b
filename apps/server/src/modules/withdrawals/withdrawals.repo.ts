import { and, count, desc, eq, gte, inArray, isNull, ne, sum, type SQL } from 'drizzle-orm';
import type { WithdrawStatus } from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  paymentPasswordFailures,
  userWalletConflicts,
  userWallets,
  withdrawals,
  type UserWalletRow,
  type WithdrawalRow,
} from './withdrawals.table.ts';
import { members } from '../accounts/schema.ts';

export type NewUserWallet = typeof userWallets.$inferInsert;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

// ---- saved wallets ----

export async function listWallets(db: Db, memberId: number): Promise<UserWalletRow[]> {
  return db
    .select()
    .from(userWallets)
    .where(and(eq(userWallets.memberId, memberId), isNull(userWallets.deletedAt)))
    .orderBy(desc(userWallets.id));
}

export async function findOwnWallet(
  db: Db | Tx,
  memberId: number,
  id: number,
): Promise<UserWalletRow | undefined> {
  const [row] = await db
    .select()
    .from(userWallets)
    .where(and(eq(userWallets.id, id), eq(userWallets.memberId, memberId), isNull(userWallets.deletedAt)));
  return row;
}

export async function countWallets(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userWallets)
    .where(and(eq(userWallets.memberId, memberId), isNull(userWallets.deletedAt)));
  return row?.n ?? 0;
}

/** Another member who holds or held this card or address (deleted bindings count), if any. */
export async function accountHolder(
  db: Db,
  type: UserWalletRow['type'],
  account: string,
  memberId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ memberId: userWallets.memberId })
    .from(userWallets)
    .where(
      and(eq(userWallets.type, type), eq(userWallets.account, account), ne(userWallets.memberId, memberId)),
    )
    .limit(1);
  return row?.memberId;
}

export async function recordWalletConflict(
  db: Db,
  row: { memberId: number; ownerId: number; type: UserWalletRow['type']; account: string },
  now: Date,
): Promise<void> {
  await db.insert(userWalletConflicts).values({ ...row, createdAt: now });
}

export async function insertWallet(db: Db, row: NewUserWallet): Promise<UserWalletRow> {
  const [created] = await db.insert(userWallets).values(row).returning();
  return created!;
}

export async function updateWallet(
  db: Db,
  memberId: number,
  id: number,
  patch: Partial<NewUserWallet>,
  now: Date,
): Promise<UserWalletRow | undefined> {
  const [row] = await db
    .update(userWallets)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(userWallets.id, id), eq(userWallets.memberId, memberId), isNull(userWallets.deletedAt)))
    .returning();
  return row;
}

// ---- withdrawals ----

/** Inserts the withdrawal; undefined (nothing written) when its number is taken: the caller draws another. */
export async function insertWithdrawal(tx: Tx, row: NewWithdrawal): Promise<WithdrawalRow | undefined> {
  const [created] = await tx
    .insert(withdrawals)
    .values(row)
    .onConflictDoNothing({ target: withdrawals.orderNo })
    .returning();
  return created;
}

export async function findOwnWithdrawal(
  db: Db,
  memberId: number,
  id: number,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.memberId, memberId)));
  return row;
}

export async function lockWithdrawal(tx: Tx, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

export async function updateWithdrawal(
  tx: Tx,
  id: number,
  patch: Partial<NewWithdrawal>,
): Promise<WithdrawalRow> {
  const [row] = await tx.update(withdrawals).set(patch).where(eq(withdrawals.id, id)).returning();
  return row!;
}

/** The withdrawal a TRON transaction id was entered for (a transaction pays one withdrawal). */
export async function findByTxId(db: Db | Tx, txId: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.txId, txId));
  return row;
}

/** USDT payments waiting for the chain (status chain_confirming), oldest first. */
export async function chainConfirming(db: Db, limit: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.status, 'chain_confirming'))
    .orderBy(withdrawals.id)
    .limit(limit);
}

/** Requests that count against today's limit: everything but those the member cancelled. */
export async function countToday(db: Db | Tx, memberId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.memberId, memberId),
        gte(withdrawals.createdAt, since),
        ne(withdrawals.status, 'cancelled'),
      ),
    );
  return row?.n ?? 0;
}

export async function pageWithdrawals(
  db: Db,
  filter: { memberId?: number; status?: WithdrawStatus | undefined },
  page: number,
  perPage: number,
) {
  const where: SQL[] = [];
  if (filter.memberId !== undefined) where.push(eq(withdrawals.memberId, filter.memberId));
  if (filter.status) where.push(eq(withdrawals.status, filter.status));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ withdrawal: withdrawals, username: members.username })
      .from(withdrawals)
      .innerJoin(members, eq(members.id, withdrawals.memberId))
      .where(cond)
      .orderBy(desc(withdrawals.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(withdrawals).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function withdrawStatistics(db: Db, memberId: number) {
  const [[paid], [pending]] = await Promise.all([
    db
      .select({ total: sum(withdrawals.amount), n: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.status, 'paid'))),
    db
      .select({ total: sum(withdrawals.amount), n: count() })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.memberId, memberId),
          inArray(withdrawals.status, ['pending', 'approved', 'chain_confirming']),
        ),
      ),
  ]);
  return {
    paid: BigInt(paid?.total ?? 0),
    paidCount: paid?.n ?? 0,
    pending: BigInt(pending?.total ?? 0),
    pendingCount: pending?.n ?? 0,
  };
}

export async function memberForWithdrawal(tx: Tx, memberId: number) {
  const [row] = await tx
    .select({
      codingvolume: members.codingvolume,
      disableWithdraw: members.disableWithdraw,
      isBlack: members.isBlack,
      vipLevel: members.vipLevel,
      enabled: members.enabled,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

export async function recordPasswordFailure(
  db: Db,
  memberId: number,
  ip: string | undefined,
  now: Date,
): Promise<void> {
  await db.insert(paymentPasswordFailures).values({ memberId, ip: ip ?? null, createdAt: now });
}
