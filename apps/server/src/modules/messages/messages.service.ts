import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { privateUserChannel, REALTIME_EVENTS, type MessageType, type NotificationEvent } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Work } from '../../db/tx.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import { messages } from './messages.table.ts';

export interface OutgoingMessage {
  memberId: number;
  type: MessageType;
  title: string;
  content: string;
  link?: string;
  /** Sending again with the same key does nothing (a retried settlement, a replayed callback). */
  dedupeKey?: string;
}

/**
 * Writes inbox messages inside the transaction of the event they report, and pushes a
 * `notification` on the member's private channel once that transaction commits.
 */
export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly broadcaster: Broadcaster,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async send(work: Work, message: OutgoingMessage): Promise<number | undefined> {
    const [row] = await work.tx
      .insert(messages)
      .values({
        memberId: message.memberId,
        type: message.type,
        title: message.title,
        content: message.content,
        link: message.link ?? null,
        dedupeKey: message.dedupeKey ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: messages.id, createdAt: messages.createdAt });
    if (!row) return undefined;
    work.afterCommit(() => this.push(message, row.id, row.createdAt));
    return row.id;
  }

  async unreadCount(memberId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.memberId, memberId), isNull(messages.readAt), isNull(messages.deletedAt)));
    return row?.n ?? 0;
  }

  private async push(message: OutgoingMessage, id: number, at: Date): Promise<void> {
    const event: NotificationEvent & { unread_count: number; link: string | null } = {
      id: String(id),
      title: message.title,
      message: message.content,
      type: message.type,
      timestamp: at.getTime(),
      unread_count: await this.unreadCount(message.memberId),
      link: message.link ?? null,
    };
    await this.broadcaster
      .publish(privateUserChannel(message.memberId), REALTIME_EVENTS.notification, event)
      .catch((err: unknown) =>
        this.log.warn({ err, memberId: message.memberId }, 'notification push failed'),
      );
  }
}
