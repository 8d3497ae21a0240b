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

type Outgoing = Omit<NewMessage, 'createdAt'> & { createdAt: Date };

/**
 * A CTE `written` that inserts messages in one statement (arrays, not one parameter per value),
 * skipping any whose (member, dedupe key) was taken before, in any month, or earlier in the same
 * list. A dedupe key's uniqueness lives in message_dedupe_keys (a partitioned table's unique index
 * would hold the month, decision 042): ids are drawn first, the keys claimed with ON CONFLICT DO
 * NOTHING, and a keyed message is written only if its key was claimed, in the same statement, so
 * neither is ever written without the other.
 */
function writtenMessages(rows: readonly Outgoing[]): SQL {
  return sql`
    v AS (
      SELECT nextval('message_ids')::int AS id, u.*
      FROM unnest(
        ${pgArray(rows.map((r) => r.memberId))}::int[],
        ${pgArray(rows.map((r) => r.type))}::text[],
        ${pgArray(rows.map((r) => r.title))}::text[],
        ${pgArray(rows.map((r) => r.content))}::text[],
        ${pgArray(rows.map((r) => r.link ?? null))}::text[],
        ${pgArray(rows.map((r) => r.dedupeKey ?? null))}::text[],
        ${pgArray(rows.map((r) => r.createdAt.toISOString()))}::timestamptz[]
      ) WITH ORDINALITY AS u(member_id, type, title, content, link, dedupe_key, created_at, n)
    ),
    keys AS (
      INSERT INTO message_dedupe_keys (member_id, dedupe_key, message_id, created_at)
      SELECT v.member_id, v.dedupe_key, v.id, v.created_at FROM v WHERE v.dedupe_key IS NOT NULL ORDER BY v.n
      ON CONFLICT (member_id, dedupe_key) DO NOTHING
      RETURNING message_id
    ),
    written AS (
      INSERT INTO messages (id, member_id, type, title, content, link, dedupe_key, created_at)
      SELECT v.id, v.member_id, v.type, v.title, v.content, v.link, v.dedupe_key, v.created_at
      FROM v
      WHERE v.dedupe_key IS NULL OR v.id IN (SELECT message_id FROM keys)
      ORDER BY v.n
      RETURNING id, member_id, type, title, content, link, dedupe_key, created_at
    )`;
}

/** Inserts messages, skipping any whose (member, dedupe key) exists; returns those written. */
export async function insertMessages(db: Handle, rows: readonly Outgoing[]): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  const written = rowsOf<{
    id: number;
    member_id: number;
    type: MessageType;
    title: string;
    content: string;
    link: string | null;
    dedupe_key: string | null;
    created_at: string | Date;
  }>(await db.execute(sql`WITH ${writtenMessages(rows)} SELECT * FROM written ORDER BY id`));
  return written.map((r) => ({
    id: Number(r.id),
    memberId: Number(r.member_id),
    type: r.type,
    title: r.title,
    content: r.content,
    link: r.link,
    dedupeKey: r.dedupe_key,
    readAt: null,
    deletedAt: null,
    createdAt: new Date(r.created_at),
  }));
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
 * Inserts many messages in one statement, skipping any whose (member, dedupe key) exists; answers
 * per member only the newest one written and the count, which is all a batch's pushes need.
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
      WITH ${writtenMessages(rows.map((r) => ({ ...r, createdAt: now })))}
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
