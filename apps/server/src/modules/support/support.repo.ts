import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dayBetween, like } from '../../db/filters.ts';
import { sql } from '../../db/sql.ts';
// Members and operators are joined for names: their tables come from the database layer.
import { members, operators } from '../../db/schema.ts';
import {
  supportCannedReplies,
  supportConversations,
  supportMessages,
  supportPictures,
  type SupportCannedReplyRow,
  type SupportConversationRow,
  type SupportMessageRow,
} from './support.table.ts';

type Handle = Db | Tx;
export type { SupportCannedReplyRow, SupportConversationRow, SupportMessageRow };
export type PictureType = (typeof supportPictures.$inferSelect)['mime'];

// ---- conversations ----

/** The member's conversation in progress, held for the rest of the transaction; one is opened if none. */
export async function openConversation(
  tx: Tx,
  memberId: number,
  ticket: boolean,
  now: Date,
): Promise<{ row: SupportConversationRow; created: boolean }> {
  const [inserted] = await tx
    .insert(supportConversations)
    .values({ memberId, ticket, lastMessageAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  const row = await lockOpenConversation(tx, memberId);
  if (!row) throw new Error(`support: no open conversation of member ${memberId} after a conflict`);
  return { row, created: false };
}

export async function lockOpenConversation(tx: Tx, memberId: number) {
  const [row] = await tx
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.memberId, memberId), ne(supportConversations.status, 'closed')))
    .for('update');
  return row;
}

export async function lockConversation(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.id, id))
    .for('update');
  return row;
}

export async function conversationById(db: Handle, id: number) {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  return row;
}

/** The member's latest conversation (in progress, or the last one closed). */
export async function latestConversation(db: Handle, memberId: number) {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.memberId, memberId))
    .orderBy(desc(supportConversations.id))
    .limit(1);
  return row;
}

export async function updateConversation(
  tx: Tx,
  id: number,
  changes: Partial<typeof supportConversations.$inferInsert>,
): Promise<SupportConversationRow> {
  const [row] = await tx
    .update(supportConversations)
    .set(changes)
    .where(eq(supportConversations.id, id))
    .returning();
  if (!row) throw new Error(`support: conversation ${id} vanished`);
  return row;
}

/** Moves a side's read mark forward (never back), up to the conversation's last message. */
export async function markRead(
  db: Handle,
  id: number,
  side: 'member' | 'operator',
  lastId: number,
): Promise<number | undefined> {
  const column = side === 'member' ? supportConversations.memberReadId : supportConversations.operatorReadId;
  const capped = sql`LEAST(${lastId}, (SELECT COALESCE(MAX(id), 0) FROM support_messages WHERE conversation_id = ${id}))`;
  const [row] = await db
    .update(supportConversations)
    .set(
      side === 'member'
        ? { memberReadId: sql`GREATEST(${column}, ${capped})` }
        : { operatorReadId: sql`GREATEST(${column}, ${capped})` },
    )
    .where(eq(supportConversations.id, id))
    .returning({
      memberReadId: supportConversations.memberReadId,
      operatorReadId: supportConversations.operatorReadId,
    });
  return row ? (side === 'member' ? row.memberReadId : row.operatorReadId) : undefined;
}

// ---- messages and pictures ----

export async function insertMessage(
  tx: Tx,
  row: typeof supportMessages.$inferInsert,
): Promise<SupportMessageRow> {
  const [inserted] = await tx.insert(supportMessages).values(row).returning();
  if (!inserted) throw new Error('support: message not written');
  return inserted;
}

export async function insertPicture(
  tx: Tx,
  row: { conversationId: number; mime: PictureType; data: Buffer; at: Date },
): Promise<number> {
  const [inserted] = await tx
    .insert(supportPictures)
    .values({
      conversationId: row.conversationId,
      mime: row.mime,
      size: row.data.length,
      data: row.data,
      createdAt: row.at,
    })
    .returning({ id: supportPictures.id });
  if (!inserted) throw new Error('support: picture not written');
  return inserted.id;
}

/** A picture with the member whose conversation it belongs to. */
export async function pictureById(db: Handle, id: number) {
  const [row] = await db
    .select({
      id: supportPictures.id,
      mime: supportPictures.mime,
      data: supportPictures.data,
      memberId: supportConversations.memberId,
    })
    .from(supportPictures)
    .innerJoin(supportConversations, eq(supportConversations.id, supportPictures.conversationId))
    .where(eq(supportPictures.id, id));
  return row;
}

export interface MessageWithOperator extends SupportMessageRow {
  operatorName: string | null;
}

const messageColumns = {
  id: supportMessages.id,
  conversationId: supportMessages.conversationId,
  sender: supportMessages.sender,
  operatorId: supportMessages.operatorId,
  kind: supportMessages.kind,
  body: supportMessages.body,
  pictureId: supportMessages.pictureId,
  createdAt: supportMessages.createdAt,
  operatorName: operators.name,
};

/**
 * A page of messages, newest first: of one conversation, or of every conversation of a member
 * (the member's history). `limit + 1` rows are read to tell whether more are left.
 */
export async function messagesPage(
  db: Handle,
  scope: { conversationId: number } | { memberId: number },
  beforeId: number | undefined,
  limit: number,
): Promise<MessageWithOperator[]> {
  const parts: SQL[] = [];
  if ('conversationId' in scope) parts.push(eq(supportMessages.conversationId, scope.conversationId));
  else
    parts.push(
      inArray(
        supportMessages.conversationId,
        db
          .select({ id: supportConversations.id })
          .from(supportConversations)
          .where(eq(supportConversations.memberId, scope.memberId)),
      ),
    );
  if (beforeId !== undefined) parts.push(lt(supportMessages.id, beforeId));
  return db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(operators, eq(operators.id, supportMessages.operatorId))
    .where(and(...parts))
    .orderBy(desc(supportMessages.id))
    .limit(limit + 1);
}

/** Messages of the other side the reader has not read, in one conversation. */
export async function unreadOf(
  db: Handle,
  conversation: SupportConversationRow,
  reader: 'member' | 'operator',
) {
  const [row] = await db
    .select({ n: sql<number>`COUNT(*)::int` })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversation.id),
        reader === 'member'
          ? and(ne(supportMessages.sender, 'member'), gt(supportMessages.id, conversation.memberReadId))
          : and(eq(supportMessages.sender, 'member'), gt(supportMessages.id, conversation.operatorReadId)),
      ),
    );
  return Number(row?.n ?? 0);
}

// ---- the console's lists ----

const listColumns = {
  conversation: supportConversations,
  username: members.username,
  operatorName: operators.name,
  unread: sql<number>`(SELECT COUNT(*)::int FROM support_messages sm
    WHERE sm.conversation_id = ${supportConversations.id} AND sm.sender = 'member'
      AND sm.id > ${supportConversations.operatorReadId})`,
};

export interface ConversationListRow {
  conversation: SupportConversationRow;
  username: string;
  operatorName: string | null;
  unread: number;
}

export interface ConversationFilter {
  scope?: 'unassigned' | 'mine' | 'all' | undefined;
  operatorId?: number | undefined;
  username?: string | undefined;
  q?: string | undefined;
  status?: SupportConversationRow['status'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  per_page: number;
}

function filters(f: ConversationFilter): SQL[] {
  const c = supportConversations;
  const parts: SQL[] = [];
  if (f.scope === 'unassigned') parts.push(eq(c.status, 'waiting'));
  if (f.scope === 'mine' && f.operatorId !== undefined)
    parts.push(and(ne(c.status, 'closed'), eq(c.operatorId, f.operatorId))!);
  if (f.scope === 'all') parts.push(ne(c.status, 'closed'));
  if (f.status) parts.push(eq(c.status, f.status));
  if (f.username) parts.push(sql`${members.username} ILIKE ${like(f.username.toLowerCase())}`);
  if (f.q)
    parts.push(
      sql`EXISTS (SELECT 1 FROM support_messages sm WHERE sm.conversation_id = ${c.id} AND sm.body ILIKE ${like(f.q)})`,
    );
  parts.push(...dayBetween(sql`${c.createdAt}`, f.from, f.to));
  return parts;
}

export async function pageConversations(
  db: Handle,
  f: ConversationFilter,
): Promise<{ rows: ConversationListRow[]; total: number }> {
  const c = supportConversations;
  const condition = and(...filters(f));
  const order =
    f.scope === 'unassigned' ? [asc(c.createdAt), asc(c.id)] : [desc(c.lastMessageAt), desc(c.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select(listColumns)
      .from(c)
      .innerJoin(members, eq(members.id, c.memberId))
      .leftJoin(operators, eq(operators.id, c.operatorId))
      .where(condition)
      .orderBy(...order)
      .limit(f.per_page)
      .offset((f.page - 1) * f.per_page),
    db
      .select({ n: sql<number>`COUNT(*)::int` })
      .from(c)
      .innerJoin(members, eq(members.id, c.memberId))
      .where(condition),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function conversationListRow(db: Handle, id: number): Promise<ConversationListRow | undefined> {
  const c = supportConversations;
  const [row] = await db
    .select(listColumns)
    .from(c)
    .innerJoin(members, eq(members.id, c.memberId))
    .leftJoin(operators, eq(operators.id, c.operatorId))
    .where(eq(c.id, id));
  return row;
}

export async function closedConversationsOf(db: Handle, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`COUNT(*)::int` })
    .from(supportConversations)
    .where(and(eq(supportConversations.memberId, memberId), eq(supportConversations.status, 'closed')));
  return Number(row?.n ?? 0);
}

// ---- operators ----

/** Enabled operators of the given roles, with the conversations each has in progress. */
export async function colleagues(db: Handle, roles: readonly string[]) {
  return db
    .select({
      id: operators.id,
      name: operators.name,
      username: operators.username,
      role: operators.role,
      active: sql<number>`(SELECT COUNT(*)::int FROM support_conversations sc
        WHERE sc.operator_id = ${operators.id} AND sc.status = 'active')`,
    })
    .from(operators)
    .where(
      and(eq(operators.enabled, true), inArray(operators.role, roles as Array<typeof operators.role._.data>)),
    )
    .orderBy(asc(operators.id));
}

export async function operatorById(db: Handle, id: number) {
  const [row] = await db
    .select({ id: operators.id, name: operators.name, role: operators.role, enabled: operators.enabled })
    .from(operators)
    .where(eq(operators.id, id));
  return row;
}

// ---- canned replies ----

export async function cannedReplies(db: Handle): Promise<SupportCannedReplyRow[]> {
  return db
    .select()
    .from(supportCannedReplies)
    .where(isNull(supportCannedReplies.deletedAt))
    .orderBy(asc(supportCannedReplies.sort), asc(supportCannedReplies.id));
}

export async function insertCannedReply(
  tx: Tx,
  row: { title: string; body: string; sort: number; createdBy: number; at: Date },
): Promise<SupportCannedReplyRow> {
  const [inserted] = await tx
    .insert(supportCannedReplies)
    .values({
      title: row.title,
      body: row.body,
      sort: row.sort,
      createdBy: row.createdBy,
      createdAt: row.at,
      updatedAt: row.at,
    })
    .returning();
  if (!inserted) throw new Error('support: canned reply not written');
  return inserted;
}

export async function lockCannedReply(tx: Tx, id: number): Promise<SupportCannedReplyRow | undefined> {
  const [row] = await tx
    .select()
    .from(supportCannedReplies)
    .where(and(eq(supportCannedReplies.id, id), isNull(supportCannedReplies.deletedAt)))
    .for('update');
  return row;
}

export async function updateCannedReply(
  tx: Tx,
  id: number,
  changes: Partial<typeof supportCannedReplies.$inferInsert>,
): Promise<SupportCannedReplyRow> {
  const [row] = await tx
    .update(supportCannedReplies)
    .set(changes)
    .where(eq(supportCannedReplies.id, id))
    .returning();
  if (!row) throw new Error(`support: canned reply ${id} vanished`);
  return row;
}
