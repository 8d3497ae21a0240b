import type { FastifyBaseLogger } from 'fastify';
import {
  MESSAGE_TYPE_KEYS,
  MESSAGE_TYPES,
  privateUserChannel,
  REALTIME_EVENTS,
  type MessageItem,
  type MessageListQuery,
  type MessagePage,
  type MessageType,
  type NotificationEvent,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Work } from '../../db/tx.ts';
import { refuse } from '../../lib/errors.ts';
import type { Broadcaster } from '../realtime/index.ts';
import * as repo from './messages.repo.ts';
import type { MessageRow } from './messages.table.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';

export interface OutgoingMessage {
  memberId: number;
  type: MessageType;
  title: string;
  content: string;
  link?: string;
  /** Sending again with the same key does nothing (a retried settlement, a replayed callback). */
  dedupeKey?: string;
  /**
   * Marketing (offers, promotions, operator broadcasts, VIP gifts): never delivered to a member in
   * a time-out or self-exclusion. What reports the member's own money or bets (a deposit
   * credited, a withdrawal paid, a win) is not marketing and always goes.
   */
  promotional?: boolean;
}

export function toMessageItem(row: MessageRow): MessageItem {
  return {
    id: row.id,
    type: row.type,
    type_name: MESSAGE_TYPES[row.type],
    title: row.title,
    content: row.content,
    link: row.link,
    is_read: row.readAt ? 1 : 0,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Rows per INSERT when a settlement sends many messages at once (bound to arrays: 6 parameters). */
const INSERT_CHUNK = 5_000;

/** Inbox pushes held back by `MessagesService.holdPushes`. */
export interface HeldPushes {
  add(rows: Iterable<repo.LatestWritten>): void;
  /** Pushes what was added, once per member; never throws (a failed push is logged). */
  flush(): Promise<void>;
}

/**
 * Writes inbox messages inside the transaction of the event they report, and pushes a
 * `notification` on the member's private channel once that transaction commits. Members read,
 * mark and hide only their own messages: every query is keyed by the member id.
 */
export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly broadcaster: Broadcaster,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly clock: Clock,
    private readonly responsible: Pick<ResponsiblePlayService, 'excludedAmong'>,
  ) {}

  /** Leaves out marketing messages to members a time-out or self-exclusion keeps from play. */
  private async deliverable(
    work: Work,
    batch: readonly OutgoingMessage[],
  ): Promise<readonly OutgoingMessage[]> {
    const promotional = batch.filter((m) => m.promotional);
    if (promotional.length === 0) return batch;
    const excluded = await this.responsible.excludedAmong(
      work.tx,
      [...new Set(promotional.map((m) => m.memberId))],
      this.clock.now(),
    );
    return excluded.size === 0 ? batch : batch.filter((m) => !(m.promotional && excluded.has(m.memberId)));
  }

  /** Writes one message (nothing for a repeated dedupe key, or marketing to an excluded member). */
  async send(work: Work, message: OutgoingMessage): Promise<number | undefined> {
    if ((await this.deliverable(work, [message])).length === 0) return undefined;
    const [row] = await repo.insertMessages(work.tx, [{ ...this.row(message), createdAt: this.clock.now() }]);
    if (!row) return undefined;
    work.afterCommit(() => this.push(message, row.id, row.createdAt));
    return row.id;
  }

  /**
   * Sends many messages in few statements (a settlement batch): duplicates by dedupe key are
   * skipped, and after commit each member gets one push, for their latest new message, carrying
   * the unread count. With `held` (see `holdPushes`) the pushes wait for its `flush` instead.
   * Returns how many were written.
   */
  async sendMany(work: Work, all: readonly OutgoingMessage[], held?: HeldPushes): Promise<number> {
    const batch = await this.deliverable(work, all);
    const latest = new Map<number, repo.LatestWritten>();
    let written = 0;
    for (let i = 0; i < batch.length; i += INSERT_CHUNK) {
      const rows = await repo.insertMessagesLatest(
        work.tx,
        batch.slice(i, i + INSERT_CHUNK).map((m) => this.row(m)),
        this.clock.now(),
      );
      for (const row of rows) {
        written += row.written;
        const seen = latest.get(row.memberId);
        if (!seen || seen.id < row.id) latest.set(row.memberId, row);
      }
    }
    if (written === 0) return 0;
    if (held) work.afterCommit(() => held.add(latest.values()));
    else work.afterCommit(() => this.pushLatest(latest.values()));
    return written;
  }

  /**
   * Pushes to hold back across many transactions (a settlement of many batches): each member
   * gets one push, for their latest message, when `flush` runs, and the unread counts are read
   * once, not once per batch (a count that grows with the inbox).
   */
  holdPushes(): HeldPushes {
    const latest = new Map<number, repo.LatestWritten>();
    return {
      add: (rows) => {
        for (const row of rows) {
          const seen = latest.get(row.memberId);
          if (!seen || seen.id < row.id) latest.set(row.memberId, row);
        }
      },
      flush: async () => {
        const rows = [...latest.values()];
        latest.clear();
        if (rows.length === 0) return;
        await this.pushLatest(rows).catch((err: unknown) =>
          this.log.warn({ err }, 'notification pushes failed'),
        );
      },
    };
  }

  /** One notification per member for their latest new message, with their unread count. */
  private async pushLatest(rows: Iterable<repo.LatestWritten>): Promise<void> {
    const list = [...rows];
    const counts = await repo.unreadCounts(
      this.db,
      list.map((r) => r.memberId),
    );
    for (const row of list) {
      await this.publish(row.memberId, {
        id: String(row.id),
        title: row.title,
        message: row.content,
        type: row.type,
        timestamp: row.createdAt.getTime(),
        unread_count: counts.get(row.memberId) ?? 0,
        link: row.link,
      });
    }
  }

  async unreadCount(memberId: number): Promise<number> {
    return (await repo.unreadCounts(this.db, [memberId])).get(memberId) ?? 0;
  }

  async list(memberId: number, query: MessageListQuery): Promise<MessagePage> {
    const { page, per_page: perPage } = query;
    const [{ rows, total }, unread] = await Promise.all([
      repo.pageOfMessages(this.db, memberId, { type: query.type, isRead: query.is_read }, page, perPage),
      this.unreadCount(memberId),
    ]);
    return {
      list: rows.map(toMessageItem),
      total,
      page,
      per_page: perPage,
      has_more: page * perPage < total,
      unread_count: unread,
    };
  }

  async detail(memberId: number, id: number): Promise<MessageItem> {
    const row = await repo.findMessage(this.db, memberId, id);
    if (!row) throw refuse('messages.not_found');
    return toMessageItem(row);
  }

  async types(memberId: number) {
    const counts = new Map((await repo.countsByType(this.db, memberId)).map((c) => [c.type, c]));
    return {
      list: MESSAGE_TYPE_KEYS.map((type) => ({
        type,
        name: MESSAGE_TYPES[type],
        unread: counts.get(type)?.unread ?? 0,
      })),
    };
  }

  async statistics(memberId: number) {
    const counts = new Map((await repo.countsByType(this.db, memberId)).map((c) => [c.type, c]));
    const byType = MESSAGE_TYPE_KEYS.map((type) => ({
      type,
      name: MESSAGE_TYPES[type],
      total: counts.get(type)?.total ?? 0,
      unread: counts.get(type)?.unread ?? 0,
    }));
    const total = byType.reduce((sum, t) => sum + t.total, 0);
    const unread = byType.reduce((sum, t) => sum + t.unread, 0);
    return { total, unread, read: total - unread, by_type: byType };
  }

  /** Marks one message read (reading it again changes nothing); another member's id is 404. */
  async markRead(memberId: number, id: number) {
    if (!(await repo.findMessage(this.db, memberId, id))) throw refuse('messages.not_found');
    const affected = await repo.markRead(this.db, memberId, { ids: [id] }, this.clock.now());
    return { affected, unread_count: await this.unreadCount(memberId) };
  }

  /** Marks the member's own messages among `ids` read; ids that are not theirs are ignored. */
  async markMultipleRead(memberId: number, ids: number[]) {
    const affected = await repo.markRead(this.db, memberId, { ids: [...new Set(ids)] }, this.clock.now());
    return { affected, unread_count: await this.unreadCount(memberId) };
  }

  async markAllRead(memberId: number, type: MessageType | undefined) {
    const affected = await repo.markRead(this.db, memberId, { type }, this.clock.now());
    return { affected, unread_count: await this.unreadCount(memberId) };
  }

  async delete(memberId: number, id: number) {
    const affected = await repo.hide(this.db, memberId, { id }, this.clock.now());
    if (affected === 0) throw refuse('messages.not_found');
    return { affected, unread_count: await this.unreadCount(memberId) };
  }

  async clear(memberId: number) {
    const affected = await repo.hide(this.db, memberId, {}, this.clock.now());
    return { affected, unread_count: 0 };
  }

  private row(message: OutgoingMessage): Omit<repo.NewMessage, 'createdAt'> {
    return {
      memberId: message.memberId,
      type: message.type,
      title: message.title,
      content: message.content,
      link: message.link ?? null,
      dedupeKey: message.dedupeKey ?? null,
    };
  }

  private async push(message: OutgoingMessage, id: number, at: Date): Promise<void> {
    await this.publish(message.memberId, {
      id: String(id),
      title: message.title,
      message: message.content,
      type: message.type,
      timestamp: at.getTime(),
      unread_count: await this.unreadCount(message.memberId),
      link: message.link ?? null,
    });
  }

  private async publish(memberId: number, event: NotificationEvent): Promise<void> {
    await this.broadcaster
      .publish(privateUserChannel(memberId), REALTIME_EVENTS.notification, event)
      .catch((err: unknown) => this.log.warn({ err, memberId }, 'notification push failed'));
  }
}
