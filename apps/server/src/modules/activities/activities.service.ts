import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_CATEGORY_KEYS,
  ACTIVITY_RULES,
  type ActivityCategory,
  type ActivityDetail,
  type ActivitySummary,
  APPLICATION_STATUSES,
  type ApplicationItem,
  type ApplicationStatus,
  type ApplicationStatusView,
  formatFen,
  formatYuan,
  reasonMessage,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import { refuse } from '../../lib/errors.ts';
import type { BonusService } from '../bonus/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import * as repo from './activities.repo.ts';
import type { ActivityRow, ApplicationRow } from './activities.table.ts';
import {
  activityParams,
  decide,
  periodOf,
  shanghaiWeek,
  type Eligibility,
  type MemberFacts,
} from './rules.ts';
import { pageOf } from '../../lib/paging.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import type { ControlChanges, SoloAllowance } from '../dual-control/index.ts';
import type { PendingChangeRef } from '@app/shared/backoffice';

export interface ApplyContext {
  memberId: number;
  idempotencyKey: string | undefined;
  route: string;
  now?: Date;
}

export interface ReviewContext {
  operatorId: number;
  ip: string;
}

const RECORDS_LINK = '/activityPages/records';

function stateOf(activity: ActivityRow, now: Date): ActivitySummary['state'] {
  if (activity.startsAt > now) return 'upcoming';
  if (activity.endsAt && activity.endsAt <= now) return 'ended';
  return 'ongoing';
}

function toSummary(row: ActivityRow, now: Date): ActivitySummary {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category: row.category,
    category_name: ACTIVITY_CATEGORIES[row.category],
    rule: row.rule,
    rule_name: ACTIVITY_RULES[row.rule],
    image: row.image,
    highlight: row.highlight,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    state: stateOf(row, now),
    auto_approve: row.autoApprove,
  };
}

function toApplicationItem(row: ApplicationRow, activity: ActivityRow | undefined): ApplicationItem {
  return {
    id: row.id,
    activity_id: row.activityId,
    activity_title: activity?.title ?? '',
    activity_image: activity?.image ?? '',
    period: row.period,
    status: row.status,
    status_text: APPLICATION_STATUSES[row.status],
    amount: formatFen(row.amount),
    basis: formatFen(row.basis),
    review_remark: row.reviewRemark,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * Activities (SPEC.md §7 "Activity"): the catalogue, eligibility decided on the server from the
 * member's own ledger and bets, one application per member, activity and period, and the
 * operator's review that pays the bonus once through `BonusService.grant`.
 */
export class ActivitiesService {
  constructor(
    private readonly db: Db,
    /** The console's applications list (Core.reads); applying, approving and rejecting read the primary. */
    private readonly reads: Db,
    private readonly idempotency: IdempotencyService,
    private readonly bonus: BonusService,
    private readonly messages: MessagesService,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
    private readonly responsible: Pick<ResponsiblePlayService, 'assertMayPlay' | 'exclusionReason'>,
    /** Dual control: a bonus beyond one operator's allowance needs a second operator. */
    private readonly solo: SoloAllowance,
    private readonly changes: ControlChanges,
  ) {
    changes.register<{ applicationId: number; remark: string | null }>({
      kind: 'activity.approve',
      permission: 'activities',
      apply: async (work, p, ctx) => {
        const { application, activity } = await this.pendingForReview(work, p.applicationId);
        await this.approveAndAudit(work, application, activity, p.remark, ctx.checker, ctx);
      },
    });
  }

  types() {
    return { list: ACTIVITY_CATEGORY_KEYS.map((key) => ({ key, name: ACTIVITY_CATEGORIES[key] })) };
  }

  async list(query: { category?: ActivityCategory | undefined; page: number; per_page: number }) {
    const now = this.clock.now();
    const { rows, total } = await repo.pageOfActivities(this.db, query.category, query.page, query.per_page);
    return pageOf(
      rows.map((r) => toSummary(r, now)),
      total,
      query,
    );
  }

  async detail(id: number): Promise<ActivityDetail> {
    const row = await this.activityOf(id);
    const rule = activityParams(row.rule, row.params);
    return {
      ...toSummary(row, this.clock.now()),
      content: row.content,
      rules: row.rules,
      tiers:
        rule.rule === 'turnover'
          ? rule.params.tiers.map((t) => ({
              threshold: formatFen(BigInt(t.thresholdFen)),
              bonus: formatFen(BigInt(t.bonusFen)),
            }))
          : [],
    };
  }

  async myApplications(
    memberId: number,
    query: {
      status?: ApplicationStatus | undefined;
      activity_id?: number | undefined;
      page: number;
      per_page: number;
    },
  ) {
    const { rows, total } = await repo.pageOfApplications(
      this.db,
      { memberId, status: query.status, activityId: query.activity_id },
      query.page,
      query.per_page,
    );
    const byId = await repo.activitiesByIds(this.db, [...new Set(rows.map((r) => r.activityId))]);
    return pageOf(
      rows.map((r) => toApplicationItem(r, byId.get(r.activityId))),
      total,
      query,
    );
  }

  /** The member's application for the current period and whether applying now would work. */
  async applicationStatus(
    memberId: number,
    activityId: number,
    now = this.clock.now(),
  ): Promise<ApplicationStatusView> {
    const activity = await this.activityOf(activityId);
    const period = periodOf(activity.rule, now);
    const existing = await repo.findApplication(this.db, activity.id, memberId, period);
    const base = {
      activity_id: activity.id,
      period,
      application: existing ? toApplicationItem(existing, activity) : null,
    };
    if (existing)
      return {
        ...base,
        eligible: false,
        reason: reasonMessage('activities.already_applied', this.applied(activity, existing)),
        amount: null,
      };
    const excluded = await this.responsible.exclusionReason(this.db, memberId, now, 'promotion');
    if (excluded) return { ...base, eligible: false, reason: excluded, amount: null };
    const decision = await this.eligibility(this.db, activity, memberId, now);
    return {
      ...base,
      eligible: decision.eligible,
      reason: decision.reason,
      amount: decision.eligible ? formatFen(decision.amount) : null,
    };
  }

  /**
   * Applies for an activity: eligibility checked in the transaction, one application per
   * period (a second one is 409), auto-approved activities paid at once. Idempotency-Key replays.
   */
  async apply(activityId: number, ctx: ApplyContext): Promise<{ application: ApplicationItem }> {
    const now = ctx.now ?? this.clock.now();
    const { data } = await this.idempotency.run(
      { memberId: ctx.memberId, key: ctx.idempotencyKey, route: ctx.route, request: { activityId } },
      async (work) => {
        // No activity, check-in or bonus during a time-out or self-exclusion.
        await this.responsible.assertMayPlay(work, ctx.memberId, now, { kind: 'promotion' });
        const activity = await repo.findActivity(work.tx, activityId);
        if (!activity) throw refuse('activities.not_found');
        const period = periodOf(activity.rule, now);
        const existing = await repo.findApplication(work.tx, activity.id, ctx.memberId, period);
        if (existing) throw refuse('activities.already_applied', this.applied(activity, existing));
        const decision = await this.eligibility(work.tx, activity, ctx.memberId, now);
        if (!decision.eligible) throw refuse('activities.not_eligible', { problem: decision.reason });
        const inserted = await repo.insertApplication(work.tx, {
          activityId: activity.id,
          memberId: ctx.memberId,
          period,
          amount: decision.amount,
          basis: decision.basis,
        });
        // A parallel application for the same period won the unique index.
        if (!inserted) throw refuse('activities.already_applied', this.applied(activity, undefined));
        const row = activity.autoApprove
          ? await this.approveIn(work, inserted, activity, null, '系统自动审核通过')
          : await this.notifyReceived(work, inserted, activity);
        return { application: toApplicationItem(row, activity) };
      },
    );
    return data;
  }

  // ---- operator review ---------------------------------------------------------------------

  async adminList(query: {
    status?: ApplicationStatus | undefined;
    activity_id?: number | undefined;
    member_id?: number | undefined;
    page: number;
    per_page: number;
  }) {
    const { rows, total } = await repo.pageOfApplications(
      this.reads,
      { memberId: query.member_id, activityId: query.activity_id, status: query.status },
      query.page,
      query.per_page,
    );
    const byId = await repo.activitiesByIds(this.reads, [...new Set(rows.map((r) => r.activityId))]);
    return pageOf(
      rows.map((r) => ({
        ...toApplicationItem(r, byId.get(r.activityId)),
        member_id: r.memberId,
        username: r.username,
        reviewer_id: r.reviewerId,
      })),
      total,
      query,
    );
  }

  /** Approves a pending application and pays its bonus once; audited in the same transaction. */
  /**
   * Approves an application and pays its bonus. Within the reviewer's solo allowance it is paid at
   * once; beyond it the approval waits for a second operator (dual-control `activity.approve`).
   */
  async approve(
    id: number,
    remark: string | undefined,
    ctx: ReviewContext,
  ): Promise<ApplicationItem & { pending_change?: PendingChangeRef }> {
    return inTransaction(this.db, async (work) => {
      const { application, activity } = await this.pendingForReview(work, id);
      const solo = await this.solo.tryAlone(work, [
        {
          operatorId: ctx.operatorId,
          memberId: application.memberId,
          amount: application.amount,
          kind: 'activity_bonus',
          reference: `activity_application:${id}`,
        },
      ]);
      if (!solo.alone) {
        const pending = await this.changes.propose(
          work,
          {
            kind: 'activity.approve',
            targetType: 'activity_application',
            targetId: id,
            summary: `活动「${activity.title}」彩金 ${formatYuan(application.amount)} 元（${application.memberId}号会员），超出单人审批额度`,
            payload: { applicationId: id, remark: remark ?? null },
            before: { status: 'pending' },
            after: { status: 'approved', amount: formatFen(application.amount) },
            reason: remark ?? '',
          },
          ctx,
        );
        return { ...toApplicationItem(application, activity), pending_change: pending };
      }
      const row = await this.approveAndAudit(work, application, activity, remark ?? null, ctx, null);
      return toApplicationItem(row, activity);
    });
  }

  private async approveAndAudit(
    work: Work,
    application: ApplicationRow,
    activity: ActivityRow,
    remark: string | null,
    ctx: ReviewContext,
    approval: { changeId: number; makerId: number } | null,
  ): Promise<ApplicationRow> {
    const row = await this.approveIn(work, application, activity, ctx.operatorId, remark);
    await this.operators.audit(work, {
      operatorId: ctx.operatorId,
      action: 'activity_application.approve',
      targetType: 'activity_application',
      targetId: application.id,
      memberId: application.memberId,
      reason: remark,
      detail: {
        activity_id: activity.id,
        amount: formatFen(application.amount),
        period: application.period,
        ...(approval ? { approved_change: approval.changeId, proposed_by: approval.makerId } : {}),
      },
      ip: ctx.ip,
    });
    return row;
  }

  async reject(id: number, reason: string, ctx: ReviewContext): Promise<ApplicationItem> {
    return inTransaction(this.db, async (work) => {
      const { application, activity } = await this.pendingForReview(work, id);
      await this.changes.closeFor(work, 'activity_application', id, `申请已驳回：${reason}`, ctx);
      const row = await repo.updateApplication(work.tx, id, {
        status: 'rejected',
        reviewerId: ctx.operatorId,
        reviewRemark: reason,
        reviewedAt: this.clock.now(),
      });
      await this.messages.send(work, {
        memberId: row.memberId,
        type: 'activity',
        title: '活动申请未通过',
        content: `很遗憾，您申请的「${activity.title}」未通过审核。原因：${reason}`,
        link: RECORDS_LINK,
        dedupeKey: `activity-application:${id}:decided`,
      });
      await this.operators.audit(work, {
        operatorId: ctx.operatorId,
        action: 'activity_application.reject',
        targetType: 'activity_application',
        targetId: id,
        memberId: application.memberId,
        reason,
        detail: {
          activity_id: activity.id,
          amount: formatFen(application.amount),
          period: application.period,
        },
        ip: ctx.ip,
      });
      return toApplicationItem(row, activity);
    });
  }

  // ---- internals ---------------------------------------------------------------------------

  private async activityOf(id: number): Promise<ActivityRow> {
    const row = await repo.findActivity(this.db, id);
    if (!row) throw refuse('activities.not_found');
    return row;
  }

  /** What `activities.already_applied` says: the rule's period, and the application's status if read. */
  private applied(activity: ActivityRow, existing: ApplicationRow | undefined) {
    return { rule: activity.rule, status: existing ? APPLICATION_STATUSES[existing.status] : null };
  }

  private async eligibility(
    handle: Db | Work['tx'],
    activity: ActivityRow,
    memberId: number,
    now: Date,
  ): Promise<Eligibility> {
    const state = stateOf(activity, now);
    if (state === 'upcoming') return { eligible: false, basis: 0n, reason: '活动尚未开始，敬请期待' };
    if (state === 'ended') return { eligible: false, basis: 0n, reason: '活动已结束' };
    const rule = activityParams(activity.rule, activity.params);
    const facts: MemberFacts = {};
    if (rule.rule === 'first_deposit') facts.firstDeposit = await repo.firstDeposit(handle, memberId);
    if (rule.rule === 'turnover') {
      const week = shanghaiWeek(now);
      facts.weekValidBets = await repo.validBets(handle, memberId, week.start, week.end);
    }
    return decide(rule, activity, facts);
  }

  private async pendingForReview(work: Work, id: number) {
    const application = await repo.lockApplication(work.tx, id);
    if (!application) throw refuse('activities.application_not_found');
    if (application.status !== 'pending')
      throw refuse('activities.application_decided', { status: APPLICATION_STATUSES[application.status] });
    const activity = (await repo.activitiesByIds(work.tx, [application.activityId])).get(
      application.activityId,
    );
    if (!activity) throw refuse('activities.not_found');
    return { application, activity };
  }

  /** Marks approved, pays the bonus (reference per application: never twice) and tells the member. */
  private async approveIn(
    work: Work,
    application: ApplicationRow,
    activity: ActivityRow,
    operatorId: number | null,
    remark: string | null,
  ): Promise<ApplicationRow> {
    const granted = await this.bonus.grant(work, {
      memberId: application.memberId,
      type: 'activity',
      amount: application.amount,
      reference: `activity-application:${application.id}`,
      title: activity.title,
      remark: remark ?? undefined,
      turnoverMultiple: activity.turnoverMultiple,
    });
    // An application made before the member's time-out or self-exclusion is not paid during it.
    if (granted.excluded) throw refuse('activities.member_excluded');
    const { log } = granted;
    const row = await repo.updateApplication(work.tx, application.id, {
      status: 'approved',
      reviewerId: operatorId,
      reviewRemark: remark,
      reviewedAt: this.clock.now(),
      bonusLogId: log.id,
    });
    await this.messages.send(work, {
      memberId: application.memberId,
      type: 'activity',
      title: activity.rule === 'daily_checkin' ? '签到成功' : '活动申请已通过',
      content: `您参与的「${activity.title}」已通过，彩金 ${formatYuan(application.amount)} 元已到账，需完成 ${activity.turnoverMultiple} 倍流水后可提现。`,
      link: RECORDS_LINK,
      dedupeKey: `activity-application:${application.id}:decided`,
    });
    return row;
  }

  private async notifyReceived(work: Work, application: ApplicationRow, activity: ActivityRow) {
    await this.messages.send(work, {
      memberId: application.memberId,
      type: 'activity',
      title: '活动申请已提交',
      content: `您已成功申请「${activity.title}」，申请彩金 ${formatYuan(application.amount)} 元，客服审核通过后自动发放。`,
      link: RECORDS_LINK,
      dedupeKey: `activity-application:${application.id}:received`,
    });
    return application;
  }
}
