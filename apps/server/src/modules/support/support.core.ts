import type { FastifyBaseLogger } from 'fastify';
import {
  privateUserChannel,
  SUPPORT_EVENTS,
  SUPPORT_OPERATOR_CHANNEL,
  type SupportConversationEvent,
  type SupportConversationView,
  type SupportMessageEvent,
  type SupportMessageView,
  type SupportReadEvent,
  type SupportTypingEvent,
} from '@app/shared';
import type { AdminSupportConversation, SupportQueueEvent } from '@app/shared/backoffice';
import type { Db } from '../../db/client.ts';
import type { Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Broadcaster } from '../realtime/index.ts';
import * as repo from './support.repo.ts';

/** What the member reads for a picture in a preview (queue, inbox). */
export const PICTURE_PREVIEW = '[图片]';

export function toMessageView(row: repo.MessageWithOperator): SupportMessageView {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender: row.sender,
    operator_name: row.sender === 'operator' ? (row.operatorName ?? '客服') : null,
    kind: row.kind,
    text: row.body,
    picture_id: row.pictureId,
    created_at: row.createdAt.toISOString(),
  };
}

export function toConversationView(
  row: repo.SupportConversationRow,
  operatorName: string | null,
): SupportConversationView {
  return {
    id: row.id,
    status: row.status,
    ticket: row.ticket,
    operator_name: operatorName,
    member_read_id: row.memberReadId,
    operator_read_id: row.operatorReadId,
    rating: row.rating,
    rating_asked: row.status === 'closed' && row.rating === null,
    created_at: row.createdAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

export function toAdminConversation(row: repo.ConversationListRow): AdminSupportConversation {
  const c = row.conversation;
  return {
    id: c.id,
    member_id: c.memberId,
    username: row.username,
    status: c.status,
    ticket: c.ticket,
    operator_id: c.operatorId,
    operator_name: row.operatorName,
    last_preview: c.lastPreview,
    last_message_at: c.lastMessageAt.toISOString(),
    unread: Number(row.unread),
    member_read_id: c.memberReadId,
    operator_read_id: c.operatorReadId,
    rating: c.rating,
    rating_comment: c.ratingComment,
    created_at: c.createdAt.toISOString(),
    closed_at: c.closedAt?.toISOString() ?? null,
  };
}

export interface NewMessage {
  sender: 'member' | 'operator' | 'system';
  operatorId?: number | null;
  text?: string;
  pictureId?: number | null;
}

/**
 * What the member's side and the console's share: writing a message into a held conversation
 * (its preview and time move with it) and telling both sides over realtime once the transaction
 * commits — the member on their private channel, operators on the support channel that only
 * operators with the `support` permission can subscribe to.
 */
export class SupportCore {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    private readonly broadcaster: Broadcaster,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Writes a message into `conversation` (held by the caller) and pushes it after commit. */
  async post(
    work: Work,
    conversation: repo.SupportConversationRow,
    message: NewMessage,
  ): Promise<{ message: SupportMessageView; conversation: repo.SupportConversationRow }> {
    const now = this.clock.now();
    const kind = message.pictureId ? 'picture' : 'text';
    const row = await repo.insertMessage(work.tx, {
      conversationId: conversation.id,
      sender: message.sender,
      operatorId: message.operatorId ?? null,
      kind,
      body: message.text ?? '',
      pictureId: message.pictureId ?? null,
      createdAt: now,
    });
    const preview = kind === 'picture' ? PICTURE_PREVIEW : (message.text ?? '').slice(0, 60);
    const updated = await repo.updateConversation(work.tx, conversation.id, {
      lastPreview: preview,
      lastMessageAt: now,
      // The sender has read what they answered.
      ...(message.sender === 'member' ? { memberReadId: row.id } : {}),
      ...(message.sender === 'operator' ? { operatorReadId: row.id } : {}),
    });
    const operatorName = message.operatorId
      ? ((await repo.operatorById(work.tx, message.operatorId))?.name ?? null)
      : null;
    const view = toMessageView({ ...row, operatorName });
    const event: SupportMessageEvent = {
      conversation_id: conversation.id,
      member_id: conversation.memberId,
      message: view,
    };
    work.afterCommit(() => this.toBoth(conversation.memberId, SUPPORT_EVENTS.message, event));
    return { message: view, conversation: updated };
  }

  /** After commit: the conversation as each side sees it (status, operator, rating). */
  announce(work: Work, conversationId: number): void {
    work.afterCommit(() => this.announceNow(conversationId));
  }

  async announceNow(conversationId: number): Promise<void> {
    const row = await repo.conversationListRow(this.db, conversationId);
    if (!row) return;
    const member: SupportConversationEvent = {
      conversation: toConversationView(row.conversation, row.operatorName),
    };
    const queue: SupportQueueEvent = { conversation: toAdminConversation(row) };
    await this.publish(privateUserChannel(row.conversation.memberId), SUPPORT_EVENTS.conversation, member);
    await this.publish(SUPPORT_OPERATOR_CHANNEL, SUPPORT_EVENTS.conversation, queue);
  }

  /** Typing from one side, to the other. */
  async typing(memberId: number, event: SupportTypingEvent): Promise<void> {
    const channel = event.from === 'member' ? SUPPORT_OPERATOR_CHANNEL : privateUserChannel(memberId);
    await this.publish(channel, SUPPORT_EVENTS.typing, event);
  }

  /** A read mark of one side, to the other. */
  async read(memberId: number, event: SupportReadEvent): Promise<void> {
    const channel = event.reader === 'member' ? SUPPORT_OPERATOR_CHANNEL : privateUserChannel(memberId);
    await this.publish(channel, SUPPORT_EVENTS.read, event);
  }

  private async toBoth(memberId: number, event: string, payload: unknown): Promise<void> {
    await this.publish(privateUserChannel(memberId), event, payload);
    await this.publish(SUPPORT_OPERATOR_CHANNEL, event, payload);
  }

  private async publish(channel: string, event: string, payload: unknown): Promise<void> {
    try {
      await this.broadcaster.publish(channel, event, payload);
    } catch (err) {
      this.log.warn({ err, channel, event }, 'support push failed');
    }
  }
}
