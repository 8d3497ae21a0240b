import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { MessageType } from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import { messages, type MessageRow } from './messages.table.ts';

type Handle = Db | Tx;

/** Messages the member can still see (deleting only hides them). */
const visibleTo = (memberId: number): SQL =>
  and(eq(messages.memberId, memberId), isNull(messages.deletedAt))!;

export interface MessageFilter {
  type?: MessageType | undefined;
  isRead?: 0 | 1 | undefined;
}

function filtered(memberId: number, filter: MessageFilter): SQL {
  return and(
    visibleTo(memberId),
    filter.type ? eq(messages.type, filter.type) : undefined,
    filter.isRead === undefined
      ? undefined
      : filter.isRead
        ? isNotNull(messages.readAt)
        : isNull(messages.readAt),
  )!;
}

export async function pageOfMessages(
  db: Handle,
  memberId: number,
  filter: MessageFilter,
  page: number,
  perPage: number,
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = filtered(memberId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findMessage(db: Handle, memberId: number, id: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(visibleTo(memberId), eq(messages.id, id)));
  return row;
}

/** Per type: how many visible messages and how many of them unread. */
export async function countsByType(
  db: Handle,
  memberId: number,
): Promise<Array<{ type: MessageType; total: number; unread: number }>> {
  const rows = await db
    .select({
      type: messages.type,
      total: count(),
      unread: sql<number>`count(*) FILTER (WHERE ${messages.readAt} IS NULL)`.mapWith(Number),
    })
    .from(messages)
    .where(visibleTo(memberId))
    .groupBy(messages.type);
  return rows;
}

/** Marks unread messages read; `ids` limits it to those (others' ids simply match nothing). */
export async function markRead(
  db: Handle,
  memberId: number,
  scope: { ids?: number[]; type?: MessageType | undefined },
  now: Date,
): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ readAt: now })
    .where(
      and(
        visibleTo(memberId),
        isNull(messages.readAt),
        scope.ids ? inArray(messages.id, scope.ids) : undefined,
        scope.type ? eq(messages.type, scope.type) : undefined,
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

/** Hides messages; `id` limits it to one, otherwise every visible message (clear). */
export async function hide(db: Handle, memberId: number, scope: { id?: number }, now: Date): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ deletedAt: now })
    .where(and(visibleTo(memberId), scope.id === undefined ? undefined : eq(messages.id, scope.id)))
    .returning({ id: messages.id });
  return rows.length;
}

export async function unreadCounts(db: Handle, memberIds: number[]): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ memberId: messages.memberId, n: count() })
    .from(messages)
    .where(and(inArray(messages.memberId, memberIds), isNull(messages.readAt), isNull(messages.deletedAt)))
    .groupBy(messages.memberId);
  return new Map(rows.map((r) => [r.memberId, r.n]));
}

export type NewMessage = typeof messages.$inferInsert;

/** Inserts messages, skipping any whose (member, dedupe key) exists; returns those written. */
export async function insertMessages(db: Handle, rows: readonly NewMessage[]): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(messages)
    .values([...rows])
    .onConflictDoNothing()
    .returning();
}
