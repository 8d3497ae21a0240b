import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { MessageType } from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import { messages, type MessageRow } from './messages.table.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';

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

/** A member's newest message among those one insert wrote, and how many it wrote for them. */
export interface LatestWritten {
  id: number;
  memberId: number;
  type: MessageType;
  title: string;
  content: string;
  link: string | null;
  createdAt: Date;
  written: number;
}

/**
 * Inserts many messages in one statement (arrays, not one parameter per value), skipping any
 * whose (member, dedupe key) exists; answers per member only the newest one written and the count,
 * which is all a batch's pushes need.
 */
export async function insertMessagesLatest(
  db: Handle,
  rows: ReadonlyArray<Omit<NewMessage, 'createdAt'>>,
  now: Date,
): Promise<LatestWritten[]> {
  if (rows.length === 0) return [];
  const result = rowsOf<{
    id: number;
    member_id: number;
    type: MessageType;
    title: string;
    content: string;
    link: string | null;
    written: number;
  }>(
    await db.execute(sql`
      WITH written AS (
        INSERT INTO messages (member_id, type, title, content, link, dedupe_key, created_at)
        SELECT v.member_id, v.type, v.title, v.content, v.link, v.dedupe_key, ${now.toISOString()}::timestamptz
        FROM unnest(
          ${pgArray(rows.map((r) => r.memberId))}::int[],
          ${pgArray(rows.map((r) => r.type))}::text[],
          ${pgArray(rows.map((r) => r.title))}::text[],
          ${pgArray(rows.map((r) => r.content))}::text[],
          ${pgArray(rows.map((r) => r.link ?? null))}::text[],
          ${pgArray(rows.map((r) => r.dedupeKey ?? null))}::text[]
        ) AS v(member_id, type, title, content, link, dedupe_key)
        ON CONFLICT DO NOTHING
        RETURNING id, member_id, type, title, content, link
      )
      SELECT DISTINCT ON (member_id) id, member_id, type, title, content, link,
             (count(*) OVER (PARTITION BY member_id))::int AS written
      FROM written
      ORDER BY member_id, id DESC`),
  );
  return result.map((r) => ({
    id: Number(r.id),
    memberId: Number(r.member_id),
    type: r.type,
    title: r.title,
    content: r.content,
    link: r.link,
    createdAt: now,
    written: Number(r.written),
  }));
}
