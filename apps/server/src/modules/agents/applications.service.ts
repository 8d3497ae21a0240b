import {
  AGENT_APPLICATION_STATUSES,
  AGENT_CHANNELS,
  reasonMessage,
  type AgentApplication,
  type AgentApplicationStatus,
  type ApplicationStats,
  type ApplyAgentBody,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { newCode } from '../../lib/crypto.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode, refuse } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import {
  agentCodeTaken,
  findMemberById,
  lockMember,
  updateMember,
  type MemberRow,
} from '../accounts/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import * as repo from './agents.repo.ts';
import type { AgentApplicationRow } from './agents.table.ts';
import { pageOf } from '../../lib/paging.ts';
import type { Clock } from '../../lib/clock.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toApplicationView(row: AgentApplicationRow): AgentApplication {
  return {
    id: row.id,
    status: row.status,
    status_text: AGENT_APPLICATION_STATUSES[row.status],
    real_name: row.realName,
    contact_type: row.contactType,
    contact: row.contact,
    channel: row.channel,
    channel_text: AGENT_CHANNELS[row.channel],
    experience: row.experience,
    expected_members: row.expectedMembers,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: iso(row.decidedAt),
    cancelled_at: iso(row.cancelledAt),
  };
}

const toAdminView = (row: AgentApplicationRow, username: string) => ({
  ...toApplicationView(row),
  member_id: row.memberId,
  username,
  operator_id: row.operatorId,
});

export interface OperatorContext {
  operatorId: number;
  ip: string;
}

/** Agent applications: the member applies and may cancel; operators approve or reject. */
export class AgentApplicationsService {
  constructor(
    private readonly db: Db,
    /** The console's applications list (Core.reads); applying, cancelling and deciding read the primary. */
    private readonly reads: Db,
    private readonly operators: OperatorsService,
    private readonly messages: MessagesService,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly responsible: Pick<ResponsiblePlayService, 'assertNotExcluded' | 'exclusionReason'>,
  ) {}

  /** Why the member cannot apply now, or null. */
  async applyProblem(member: MemberRow): Promise<string | null> {
    if (member.isAgent) return reasonMessage('agents.already_agent');
    if (member.isBlack) return reasonMessage('agents.applicant_restricted');
    const excluded = await this.responsible.exclusionReason(this.db, member.id, this.clock.now(), 'agent');
    if (excluded) return excluded;
    if (await repo.findPending(this.db, member.id)) return reasonMessage('agents.application_pending');
    return null;
  }

  async apply(member: MemberRow, body: ApplyAgentBody): Promise<AgentApplication> {
    if (member.isBlack) throw refuse('agents.applicant_restricted');
    await this.responsible.assertNotExcluded(this.db, member.id, this.clock.now(), 'agent');
    if (member.isAgent) throw refuse('agents.already_agent');
    if (await repo.findPending(this.db, member.id)) throw refuse('agents.application_pending');
    try {
      const row = await repo.insertApplication(this.db, {
        memberId: member.id,
        realName: body.real_name,
        contactType: body.contact_type,
        contact: body.contact,
        channel: body.channel,
        experience: body.experience,
        expectedMembers: body.expected_members,
      });
      return toApplicationView(row);
    } catch (err) {
      // Two submits at once: the partial unique index lets only one pending application in.
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw refuse('agents.application_pending');
      throw err;
    }
  }

  async latest(memberId: number): Promise<AgentApplication | null> {
    const row = await repo.latestOf(this.db, memberId);
    return row ? toApplicationView(row) : null;
  }

  async history(
    memberId: number,
    query: { page: number; per_page: number; status?: AgentApplicationStatus | undefined },
  ) {
    const { rows, total } = await repo.historyOf(this.db, { ...query, memberId });
    return pageOf(
      rows.map((r) => toApplicationView(r.application)),
      total,
      query,
    );
  }

  async stats(member: MemberRow): Promise<ApplicationStats> {
    const counts = await repo.statusCounts(this.db, member.id);
    const total = counts.pending + counts.approved + counts.rejected + counts.cancelled;
    return { total, ...counts, is_agent: member.isAgent ? 1 : 0 };
  }

  /** Cancels the member's pending application (the given one, which must be theirs). */
  async cancel(memberId: number, applicationId: number | undefined): Promise<AgentApplication> {
    const target = applicationId
      ? await repo.findOwn(this.db, memberId, applicationId)
      : await repo.findPending(this.db, memberId);
    if (!target)
      throw refuse(applicationId ? 'agents.application_not_found' : 'agents.no_pending_application');
    if (target.status !== 'pending') throw refuse('agents.application_not_cancellable');
    const row = await repo.decide(this.db, target.id, { status: 'cancelled', cancelledAt: this.clock.now() });
    if (!row) throw refuse('agents.application_not_cancellable');
    return toApplicationView(row);
  }

  // ---- operators ----------------------------------------------------------------------

  async adminList(query: {
    page: number;
    per_page: number;
    status?: AgentApplicationStatus | undefined;
    member_id?: number | undefined;
  }) {
    const { rows, total } = await repo.historyOf(this.reads, { ...query, memberId: query.member_id });
    return pageOf(
      rows.map((r) => toAdminView(r.application, r.username)),
      total,
      query,
    );
  }

  /** Approves: the member becomes an agent with a new agent code, told by an inbox message. */
  async approve(ctx: OperatorContext, id: number, reason: string) {
    return inTransaction(this.db, async (work) => {
      const application = await repo.lockApplication(work.tx, id);
      if (!application) throw refuse('agents.application_not_found');
      if (application.status !== 'pending') throw refuse('agents.application_decided');
      const member = await lockMember(work.tx, application.memberId);
      if (!member) throw refuse('backoffice.member_not_found');
      const agentCode = member.agentCode ?? (await this.freshAgentCode(work.tx));
      const now = this.clock.now();
      await updateMember(work.tx, member.id, { isAgent: 1, agentCode }, now);
      const decided = await repo.decide(work.tx, id, {
        status: 'approved',
        reason: reason || null,
        operatorId: ctx.operatorId,
        decidedAt: now,
      });
      if (!decided) throw refuse('agents.application_decided');
      await this.operators.audit(work, {
        operatorId: ctx.operatorId,
        action: 'agent_application.approve',
        targetType: 'agent_application',
        targetId: id,
        memberId: member.id,
        reason,
        detail: { agent_code: agentCode },
        ip: ctx.ip,
      });
      await this.messages.send(work, {
        memberId: member.id,
        type: 'agent',
        title: '代理申请已通过',
        content: `恭喜您成为平台代理！您的专属代理码为 ${agentCode}，可在代理中心查看推广链接与下级会员。${reason ? `审核备注：${reason}` : ''}`,
        link: '/agentPages/agent',
        dedupeKey: `agent-application:${id}:approved`,
      });
      work.afterCommit(() =>
        this.events.emit('member.changed', {
          memberId: member.id,
          changedFields: ['is_agent'],
          changeType: 'agent',
          at: this.clock.now(),
        }),
      );
      return { application: toAdminView(decided, member.username), agent_code: agentCode };
    });
  }

  /** Rejects with a reason the member reads in their inbox and application history. */
  async reject(ctx: OperatorContext, id: number, reason: string) {
    return inTransaction(this.db, async (work) => {
      const application = await repo.lockApplication(work.tx, id);
      if (!application) throw refuse('agents.application_not_found');
      if (application.status !== 'pending') throw refuse('agents.application_decided');
      const decided = await repo.decide(work.tx, id, {
        status: 'rejected',
        reason,
        operatorId: ctx.operatorId,
        decidedAt: this.clock.now(),
      });
      if (!decided) throw refuse('agents.application_decided');
      await this.operators.audit(work, {
        operatorId: ctx.operatorId,
        action: 'agent_application.reject',
        targetType: 'agent_application',
        targetId: id,
        memberId: application.memberId,
        reason,
        ip: ctx.ip,
      });
      await this.messages.send(work, {
        memberId: application.memberId,
        type: 'agent',
        title: '代理申请未通过',
        content: `很抱歉，您的代理申请未通过审核。原因：${reason}。您可以完善资料后重新申请。`,
        link: '/minePages/agent-apply',
        dedupeKey: `agent-application:${id}:rejected`,
      });
      const member = await findMemberById(work.tx, application.memberId);
      return toAdminView(decided, member?.username ?? '');
    });
  }

  private async freshAgentCode(db: Db): Promise<string> {
    for (;;) {
      const code = `AG${newCode(6)}`;
      if (!(await agentCodeTaken(db, code))) return code;
    }
  }
}
