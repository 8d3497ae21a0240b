import type { SupportConversationView, SupportHistory, SupportPicture, SupportStatus } from '@app/shared';
import { inTransaction, type Work } from '../../db/tx.ts';
import { refuse } from '../../lib/errors.ts';
import { tooManyAttempts, type Counters } from '../limits/index.ts';
import type { SupportCore } from './support.core.ts';
import { toConversationView, toMessageView } from './support.core.ts';
import { hoursText, isStaffed } from './support.hours.ts';
import { checkedPicture } from './support.pictures.ts';
import * as repo from './support.repo.ts';
import { readSupportSettings } from './support.settings.ts';

/** A member's messages: at most this many per window (text and pictures together). */
export const MEMBER_MESSAGE_LIMIT = { max: 10, windowMs: 20_000 };
/** Pictures on their own: they weigh up to 2 MB each. */
export const MEMBER_PICTURE_LIMIT = { max: 6, windowMs: 60_000 };

/**
 * 在线客服, the member's side: one conversation in progress at a time (opened by the first
 * message), text and pictures, typing and read marks, the history of every conversation, and the
 * stars given once one is closed. Every query is keyed by the signed-in member, so a member never
 * reaches another's conversation or pictures (404).
 */
export class SupportService {
  constructor(
    private readonly core: SupportCore,
    private readonly counters: Counters,
  ) {}

  private get db() {
    return this.core.db;
  }

  async status(memberId: number): Promise<SupportStatus> {
    const settings = await readSupportSettings(this.db);
    const latest = await repo.latestConversation(this.db, memberId);
    const current = latest && (latest.status !== 'closed' || latest.rating === null) ? latest : undefined;
    return {
      enabled: settings.enabled,
      open_now: settings.enabled && isStaffed(settings, this.core.clock.now()),
      hours_text: hoursText(settings),
      welcome: settings.welcome,
      offline_notice: settings.offline_notice,
      conversation: current ? await this.view(current) : null,
      unread: current && current.status !== 'closed' ? await repo.unreadOf(this.db, current, 'member') : 0,
    };
  }

  /** Every conversation's messages, a page at a time going back (oldest first within the page). */
  async history(
    memberId: number,
    q: { before_id?: number | undefined; limit: number },
  ): Promise<SupportHistory> {
    const rows = await repo.messagesPage(this.db, { memberId }, q.before_id, q.limit);
    return { list: rows.slice(0, q.limit).reverse().map(toMessageView), has_more: rows.length > q.limit };
  }

  async sendText(memberId: number, text: string) {
    await this.limit(memberId, 'message', MEMBER_MESSAGE_LIMIT);
    return this.write(memberId, () => Promise.resolve({ text }));
  }

  async sendPicture(memberId: number, base64: string) {
    const picture = checkedPicture(base64);
    await this.limit(memberId, 'picture', MEMBER_PICTURE_LIMIT);
    await this.limit(memberId, 'message', MEMBER_MESSAGE_LIMIT);
    return this.write(memberId, async (work, conversationId) => ({
      pictureId: await repo.insertPicture(work.tx, {
        conversationId,
        mime: picture.mime,
        data: picture.bytes,
        at: this.core.clock.now(),
      }),
    }));
  }

  /** A picture of the member's own conversations only; another's is not found. */
  async picture(memberId: number, id: number): Promise<SupportPicture> {
    const row = await repo.pictureById(this.db, id);
    if (!row || row.memberId !== memberId) throw refuse('support.picture_not_found');
    return { id: row.id, mime: row.mime, data: row.data.toString('base64') };
  }

  async typing(memberId: number, typing: boolean): Promise<null> {
    const latest = await repo.latestConversation(this.db, memberId);
    if (latest && latest.status !== 'closed')
      await this.core.typing(memberId, { conversation_id: latest.id, from: 'member', typing });
    return null;
  }

  async read(memberId: number, lastId: number): Promise<null> {
    const latest = await repo.latestConversation(this.db, memberId);
    if (!latest) return null;
    const mark = await repo.markRead(this.db, latest.id, 'member', lastId);
    if (mark !== undefined && mark > latest.memberReadId)
      await this.core.read(memberId, { conversation_id: latest.id, reader: 'member', last_id: mark });
    return null;
  }

  /** 1–5 stars (and a comment) for a closed conversation of the member's, once. */
  async rate(
    memberId: number,
    id: number,
    input: { rating: number; comment: string },
  ): Promise<SupportConversationView> {
    return inTransaction(this.db, async (work) => {
      const row = await repo.lockConversation(work.tx, id);
      if (!row || row.memberId !== memberId) throw refuse('support.conversation_not_found');
      if (row.status !== 'closed') throw refuse('support.not_rateable');
      if (row.rating !== null) throw refuse('support.already_rated');
      const rated = await repo.updateConversation(work.tx, id, {
        rating: input.rating,
        ratingComment: input.comment || null,
        ratedAt: this.core.clock.now(),
      });
      this.core.announce(work, id);
      return this.view(rated, work);
    });
  }

  // ---- helpers ----

  /**
   * Writes a member's message into their conversation in progress, opening one if none: outside
   * the opening hours it is a ticket (留言), answered later. A new conversation first carries the
   * welcome, or the notice that it is outside the hours.
   */
  private async write(
    memberId: number,
    content: (work: Work, conversationId: number) => Promise<{ text?: string; pictureId?: number }>,
  ) {
    const settings = await readSupportSettings(this.db);
    if (!settings.enabled) throw refuse('support.disabled');
    const staffed = isStaffed(settings, this.core.clock.now());
    return inTransaction(this.db, async (work) => {
      const opened = await repo.openConversation(work.tx, memberId, !staffed, this.core.clock.now());
      let conversation = opened.row;
      if (!staffed && !conversation.ticket && conversation.status === 'waiting')
        conversation = await repo.updateConversation(work.tx, conversation.id, { ticket: true });
      if (opened.created) {
        const greeting = staffed ? settings.welcome : settings.offline_notice;
        if (greeting)
          conversation = (await this.core.post(work, conversation, { sender: 'system', text: greeting }))
            .conversation;
        this.core.announce(work, conversation.id);
      }
      const posted = await this.core.post(work, conversation, {
        sender: 'member',
        ...(await content(work, conversation.id)),
      });
      return { message: posted.message, conversation: await this.view(posted.conversation, work) };
    });
  }

  private async view(row: repo.SupportConversationRow, work?: Work): Promise<SupportConversationView> {
    const operator = row.operatorId
      ? await repo.operatorById(work?.tx ?? this.db, row.operatorId)
      : undefined;
    return toConversationView(row, operator?.name ?? null);
  }

  private async limit(memberId: number, what: string, rule: { max: number; windowMs: number }) {
    const hit = await this.counters.hit(`support:${what}:${memberId}`, rule.windowMs);
    if (hit.hits > rule.max)
      throw tooManyAttempts(
        'support.too_fast',
        Math.max(1, hit.resetAt.getTime() - this.core.clock.now().getTime()),
      );
  }
}
