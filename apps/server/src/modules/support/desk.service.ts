import { SUPPORT_CONVERSATION_STATUSES, SUPPORT_OPERATOR_CHANNEL, type SupportPicture } from '@app/shared';
import {
  memberDepositItem,
  memberOrderItem,
  memberWithdrawalItem,
  PERMISSIONS,
  type AdminSupportConversation,
  type SupportCannedReply,
  type SupportSettings,
} from '@app/shared/backoffice';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import { refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';
import type { MembersAdminService } from '../accounts/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import { signSubscription } from '../realtime/index.ts';
import type { SupportCore } from './support.core.ts';
import { PICTURE_PREVIEW, toAdminConversation, toMessageView } from './support.core.ts';
import { checkedPicture } from './support.pictures.ts';
import * as repo from './support.repo.ts';
import { readSupportSettings, saveSupportSettings, SUPPORT_SETTINGS_KEY } from './support.settings.ts';

const SUPPORT_ROLES = PERMISSIONS.support;

export interface DeskDeps {
  messages: Pick<MessagesService, 'send'>;
  operators: Pick<OperatorsService, 'audit'>;
  membersAdmin: Pick<MembersAdminService, 'detail' | 'records'>;
  realtime: { appKey: string; appSecret: string };
}

/**
 * 在线客服 in the console: the queue (unassigned, mine, all), taking, assigning and transferring a
 * conversation, replies, closing it (the member is asked for stars), the member beside the chat,
 * every conversation searchable, canned replies and the settings. Each decision (take, assign,
 * transfer, close, canned replies, settings) is written to the audit log in its transaction.
 */
export class SupportDeskService {
  constructor(
    private readonly core: SupportCore,
    /**
     * The search over every conversation (Core.reads). The queue stays on the primary: the desk
     * refetches it on each push, right after the commit the push announces.
     */
    private readonly reads: Db,
    private readonly deps: DeskDeps,
  ) {}

  private get db() {
    return this.core.db;
  }

  // ---- lists ----

  async queue(
    operatorId: number,
    q: { scope: 'unassigned' | 'mine' | 'all'; page: number; per_page: number },
  ) {
    const { rows, total } = await repo.pageConversations(this.db, { ...q, operatorId });
    return pageOf(rows.map(toAdminConversation), total, q);
  }

  async search(q: repo.ConversationFilter) {
    const { rows, total } = await repo.pageConversations(this.reads, { ...q, scope: undefined });
    return pageOf(rows.map(toAdminConversation), total, q);
  }

  async conversation(id: number): Promise<AdminSupportConversation> {
    const row = await repo.conversationListRow(this.db, id);
    if (!row) throw refuse('support.conversation_not_found');
    return toAdminConversation(row);
  }

  async messages(id: number, q: { before_id?: number | undefined; limit: number }) {
    await this.conversation(id);
    const rows = await repo.messagesPage(this.db, { conversationId: id }, q.before_id, q.limit);
    return { list: rows.slice(0, q.limit).reverse().map(toMessageView), has_more: rows.length > q.limit };
  }

  /** The member beside the chat: profile, money waiting for a decision, the latest orders. */
  async memberPanel(id: number) {
    const conversation = await repo.conversationById(this.db, id);
    if (!conversation) throw refuse('support.conversation_not_found');
    const memberId = conversation.memberId;
    const page = { page: 1, per_page: 10 };
    const admin = this.deps.membersAdmin;
    const [member, pending, confirming, waiting, approved, orders, past] = await Promise.all([
      admin.detail(memberId),
      admin.records('deposits', memberId, { ...page, status: 'pending' }),
      admin.records('deposits', memberId, { ...page, status: 'confirming' }),
      admin.records('withdrawals', memberId, { ...page, status: 'pending' }),
      admin.records('withdrawals', memberId, { ...page, status: 'approved' }),
      admin.records('orders', memberId, { page: 1, per_page: 5 }),
      repo.closedConversationsOf(this.db, memberId),
    ]);
    return {
      member,
      pending_deposits: [...confirming.list, ...pending.list].map((r) => memberDepositItem.parse(r)),
      pending_withdrawals: [...waiting.list, ...approved.list].map((r) => memberWithdrawalItem.parse(r)),
      recent_orders: orders.list.map((r) => memberOrderItem.parse(r)),
      past_conversations: past,
    };
  }

  async colleagues() {
    const rows = await repo.colleagues(this.db, SUPPORT_ROLES);
    return rows.map((r) => ({ id: r.id, name: r.name, username: r.username, active: Number(r.active) }));
  }

  // ---- decisions ----

  /** Takes a waiting conversation (or one left without an operator); another's is refused. */
  async take(id: number, call: OperatorCall): Promise<AdminSupportConversation> {
    await inTransaction(this.db, async (work) => {
      const row = await this.lockOpen(work, id);
      if (row.operatorId === call.operatorId) throw refuse('support.same_operator');
      if (row.operatorId !== null) {
        const holder = await repo.operatorById(work.tx, row.operatorId);
        throw refuse('support.taken', { operator: holder?.name ?? '其他客服' });
      }
      await this.hand(work, row, call.operatorId);
      await this.deps.operators.audit(work, {
        action: 'support.take',
        ...this.entry(call, row, { before: this.state(row), after: { status: '服务中' } }),
      });
    });
    return this.conversation(id);
  }

  /** Gives a conversation in progress to an operator with the support permission. */
  async assign(id: number, operatorId: number, call: OperatorCall): Promise<AdminSupportConversation> {
    await inTransaction(this.db, async (work) => {
      const row = await this.lockOpen(work, id);
      const to = await this.colleague(work, operatorId);
      if (row.operatorId === to.id) throw refuse('support.same_operator');
      await this.hand(work, row, to.id);
      await this.deps.operators.audit(work, {
        action: 'support.assign',
        ...this.entry(call, row, { before: this.state(row), after: { status: '服务中', operator: to.name } }),
      });
    });
    return this.conversation(id);
  }

  /** Its operator hands a conversation to a colleague (the member is told). */
  async transfer(
    id: number,
    input: { operator_id: number; note: string },
    call: OperatorCall,
  ): Promise<AdminSupportConversation> {
    await inTransaction(this.db, async (work) => {
      const row = await this.lockOpen(work, id);
      if (row.operatorId !== call.operatorId) throw refuse('support.not_yours');
      const to = await this.colleague(work, input.operator_id);
      if (to.id === call.operatorId) throw refuse('support.same_operator');
      await this.hand(work, row, to.id);
      await this.deps.operators.audit(work, {
        action: 'support.transfer',
        ...this.entry(call, row, { before: this.state(row), after: { operator: to.name } }, input.note),
      });
    });
    return this.conversation(id);
  }

  /** Ends a conversation (kept and searchable); the member is asked for stars. */
  async close(id: number, call: OperatorCall): Promise<AdminSupportConversation> {
    await inTransaction(this.db, async (work) => {
      const row = await this.lockOpen(work, id);
      const posted = await this.core.post(work, row, {
        sender: 'system',
        text: '本次会话已结束，感谢您的咨询。请为本次服务评分。',
      });
      await repo.updateConversation(work.tx, id, {
        status: 'closed',
        closedAt: this.core.clock.now(),
        closedBy: call.operatorId,
        lastPreview: posted.conversation.lastPreview,
      });
      await this.deps.operators.audit(work, {
        action: 'support.close',
        ...this.entry(call, row, {
          before: this.state(row),
          after: { status: SUPPORT_CONVERSATION_STATUSES.closed },
        }),
      });
      this.core.announce(work, id);
    });
    return this.conversation(id);
  }

  // ---- replies ----

  async sendText(id: number, text: string, call: OperatorCall) {
    return this.reply(id, call, () => Promise.resolve({ text }), text);
  }

  async sendPicture(id: number, base64: string, call: OperatorCall) {
    const picture = checkedPicture(base64);
    return this.reply(
      id,
      call,
      async (work) => ({
        pictureId: await repo.insertPicture(work.tx, {
          conversationId: id,
          mime: picture.mime,
          data: picture.bytes,
          at: this.core.clock.now(),
        }),
      }),
      PICTURE_PREVIEW,
    );
  }

  /** Any picture of any conversation: the route lets in only operators with the support permission. */
  async picture(id: number): Promise<SupportPicture> {
    const row = await repo.pictureById(this.db, id);
    if (!row) throw refuse('support.picture_not_found');
    return { id: row.id, mime: row.mime, data: row.data.toString('base64') };
  }

  async typing(id: number, typing: boolean): Promise<null> {
    const row = await repo.conversationById(this.db, id);
    if (!row) throw refuse('support.conversation_not_found');
    if (row.status !== 'closed')
      await this.core.typing(row.memberId, { conversation_id: id, from: 'operator', typing });
    return null;
  }

  async read(id: number, lastId: number): Promise<null> {
    const row = await repo.conversationById(this.db, id);
    if (!row) throw refuse('support.conversation_not_found');
    const mark = await repo.markRead(this.db, id, 'operator', lastId);
    if (mark !== undefined && mark > row.operatorReadId)
      await this.core.read(row.memberId, { conversation_id: id, reader: 'operator', last_id: mark });
    return null;
  }

  // ---- canned replies ----

  async cannedReplies(): Promise<SupportCannedReply[]> {
    return (await repo.cannedReplies(this.db)).map(toCanned);
  }

  async createCannedReply(input: { title: string; body: string; sort: number }, call: OperatorCall) {
    return inTransaction(this.db, async (work) => {
      const row = await repo.insertCannedReply(work.tx, {
        ...input,
        createdBy: call.operatorId,
        at: this.core.clock.now(),
      });
      await this.deps.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'support.canned_reply.create',
        targetType: 'support_canned_reply',
        targetId: row.id,
        detail: { after: { title: row.title, body: row.body } },
        ip: call.ip,
      });
      return toCanned(row);
    });
  }

  async updateCannedReply(
    id: number,
    input: { title: string; body: string; sort: number },
    call: OperatorCall,
  ) {
    return inTransaction(this.db, async (work) => {
      const before = await repo.lockCannedReply(work.tx, id);
      if (!before) throw refuse('support.canned_reply_not_found');
      const row = await repo.updateCannedReply(work.tx, id, { ...input, updatedAt: this.core.clock.now() });
      await this.deps.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'support.canned_reply.update',
        targetType: 'support_canned_reply',
        targetId: id,
        detail: {
          before: { title: before.title, body: before.body },
          after: { title: row.title, body: row.body },
        },
        ip: call.ip,
      });
      return toCanned(row);
    });
  }

  async deleteCannedReply(id: number, call: OperatorCall): Promise<null> {
    await inTransaction(this.db, async (work) => {
      const before = await repo.lockCannedReply(work.tx, id);
      if (!before) throw refuse('support.canned_reply_not_found');
      await repo.updateCannedReply(work.tx, id, { deletedAt: this.core.clock.now() });
      await this.deps.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'support.canned_reply.delete',
        targetType: 'support_canned_reply',
        targetId: id,
        detail: { before: { title: before.title, body: before.body } },
        ip: call.ip,
      });
    });
    return null;
  }

  // ---- settings and the support channel ----

  settings(): Promise<SupportSettings> {
    return readSupportSettings(this.db);
  }

  async saveSettings(next: SupportSettings, call: OperatorCall): Promise<SupportSettings> {
    const days = [...new Set(next.days)].sort((a, b) => a - b);
    const saved = { ...next, days };
    await inTransaction(this.db, async (work) => {
      const before = await saveSupportSettings(work, saved, this.core.clock.now());
      await this.deps.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'settings.support',
        targetType: 'settings',
        targetId: SUPPORT_SETTINGS_KEY,
        detail: { before: { ...before }, after: { ...saved } },
        ip: call.ip,
      });
    });
    return saved;
  }

  /** Signs a subscription to the support channel (the route has checked the permission). */
  authorize(socketId: string): { auth: string } {
    const { appKey, appSecret } = this.deps.realtime;
    return { auth: signSubscription(appKey, appSecret, socketId, SUPPORT_OPERATOR_CHANNEL) };
  }

  // ---- helpers ----

  private async lockOpen(work: Work, id: number) {
    const row = await repo.lockConversation(work.tx, id);
    if (!row) throw refuse('support.conversation_not_found');
    if (row.status === 'closed') throw refuse('support.closed');
    return row;
  }

  private async colleague(work: Work, operatorId: number) {
    const to = await repo.operatorById(work.tx, operatorId);
    if (!to || !to.enabled || !(SUPPORT_ROLES as readonly string[]).includes(to.role))
      throw refuse('support.colleague_not_found');
    return to;
  }

  /** The conversation becomes `operatorId`'s; the member reads who serves them now. */
  private async hand(work: Work, row: repo.SupportConversationRow, operatorId: number) {
    const to = await repo.operatorById(work.tx, operatorId);
    const held = await repo.updateConversation(work.tx, row.id, { status: 'active', operatorId });
    await this.core.post(work, held, {
      sender: 'system',
      text: row.operatorId ? `已为您转接至客服「${to?.name ?? ''}」` : `客服「${to?.name ?? ''}」为您服务`,
    });
    this.core.announce(work, row.id);
  }

  /**
   * An operator's message: only into a conversation they serve. A ticket's first answer also goes
   * to the member's inbox, since they left and may not be watching the chat.
   */
  private async reply(
    id: number,
    call: OperatorCall,
    content: (work: Work) => Promise<{ text?: string; pictureId?: number }>,
    preview: string,
  ) {
    return inTransaction(this.db, async (work) => {
      const row = await this.lockOpen(work, id);
      if (row.operatorId !== call.operatorId) throw refuse('support.not_yours');
      const posted = await this.core.post(work, row, {
        sender: 'operator',
        operatorId: call.operatorId,
        ...(await content(work)),
      });
      if (row.ticket)
        await this.deps.messages.send(work, {
          memberId: row.memberId,
          type: 'system',
          title: '客服已回复您的留言',
          content: preview.length > 100 ? `${preview.slice(0, 100)}…` : preview,
          link: '/pages/customer/customer',
          dedupeKey: `support-ticket:${row.id}`,
        });
      const list = await repo.conversationListRow(work.tx, id);
      if (!list) throw refuse('support.conversation_not_found');
      return { message: posted.message, conversation: toAdminConversation(list) };
    });
  }

  private state(row: repo.SupportConversationRow) {
    return { status: SUPPORT_CONVERSATION_STATUSES[row.status] };
  }

  /** An audit entry's parts for a decision on a conversation (the action is written at the call). */
  private entry(
    call: OperatorCall,
    row: repo.SupportConversationRow,
    detail: Record<string, unknown>,
    reason?: string,
  ) {
    return {
      operatorId: call.operatorId,
      targetType: 'support_conversation',
      targetId: row.id,
      memberId: row.memberId,
      ...(reason ? { reason } : {}),
      detail,
      ip: call.ip,
    };
  }
}

function toCanned(row: repo.SupportCannedReplyRow): SupportCannedReply {
  return { id: row.id, title: row.title, body: row.body, sort: row.sort };
}
