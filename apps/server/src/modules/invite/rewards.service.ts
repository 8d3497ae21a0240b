import type { FastifyBaseLogger } from 'fastify';
import {
  beijingDayStart,
  commissionDaysDue,
  commissionFen,
  formatYuan,
  type InviteRewardRule,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import { findMemberById } from '../accounts/index.ts';
import { maskUsername } from '../accounts/index.ts';
import type { BonusService } from '../bonus/index.ts';
import type { MessagesService } from '../messages/index.ts';
import * as repo from './invite.repo.ts';
import type { InviteRulesService } from './rules.service.ts';

/** How often the job looks for due commission days. */
export const INVITE_REWARDS_INTERVAL_MS = 60_000;
/** How often the job sweeps for milestones a missed deposit event left unpaid. */
const MILESTONE_SWEEP_MS = 10 * 60_000;

const DEPOSIT_PREFIX = 'invite:deposit:';
const COMMISSION_PREFIX = 'invite:commission:';

export const milestoneReference = (inviteeId: number, key: string) => `${DEPOSIT_PREFIX}${inviteeId}:${key}`;
export const commissionReference = (inviteeId: number, day: string) =>
  `${COMMISSION_PREFIX}${inviteeId}:${day}`;

interface Payment {
  inviterId: number;
  inviteeId: number;
  rule: InviteRewardRule;
  period: string;
  baseAmount: bigint;
  amount: bigint;
  /** Turnover (打码量) the reward adds, as a multiple of it (the rules in force when paid). */
  turnoverMultiple: number;
  reference: string;
  title: string;
  description: string;
}

/**
 * Pays invite rewards by the programme in force (InviteRulesService): deposit milestones as soon as a deposit commits (and by
 * the periodic sweep, should an event be missed), and the daily commission on invitees' settled
 * valid bets once a Beijing day is over. Every payment is keyed by a reference that is paid at
 * most once (bonus grant + unique `invite_rewards.reference`), so replays change nothing.
 */
export class InviteRewardsService {
  private unsubscribe: (() => void) | null = null;
  /** Milestone payments started by deposit events and not finished yet. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Days whose commission this process has paid in full (a past day gains no settlements). */
  private readonly completedDays = new Set<string>();
  private lastSweepAt = 0;

  constructor(
    private readonly db: Db,
    private readonly bonus: BonusService,
    private readonly messages: MessagesService,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info'>,
    private readonly clock: Clock,
    private readonly programme: InviteRulesService,
  ) {}

  /** Listens for committed deposits. */
  start(events: EventBus): void {
    this.unsubscribe = events.on('wallet.changed', (change) => {
      if (change.type !== 'deposit' || change.amount <= 0n) return;
      const paying = this.payMilestonesOf(change.memberId)
        .catch((err: unknown) =>
          this.log.error({ err, memberId: change.memberId }, 'invite milestone payment failed'),
        )
        .finally(() => this.inFlight.delete(paying));
      this.inFlight.add(paying);
    });
  }

  /** Resolves once the payments started by deposit events have finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Every due milestone and every unpaid commission day. Returns how many rewards it paid. */
  async tick(now = this.clock.now()): Promise<number> {
    return (await this.payMilestones()) + (await this.payCommissions(now));
  }

  /** The background job: commission days each run, the milestone sweep every ten minutes. */
  async runJob(now = this.clock.now()): Promise<number> {
    let paid = await this.payCommissions(now, true);
    if (now.getTime() - this.lastSweepAt >= MILESTONE_SWEEP_MS) {
      this.lastSweepAt = now.getTime();
      paid += await this.payMilestones();
    }
    return paid;
  }

  /** Milestones an invitee has reached and not yet earned their inviter. */
  async payMilestonesOf(inviteeId: number): Promise<number> {
    return this.payMilestones(inviteeId);
  }

  private async payMilestones(onlyInviteeId?: number): Promise<number> {
    let paid = 0;
    const rules = await this.programme.rules();
    for (const milestone of rules.depositMilestones) {
      const due = await repo.unpaidMilestones(
        this.db,
        milestone.threshold,
        DEPOSIT_PREFIX,
        milestone.key,
        onlyInviteeId,
      );
      for (const d of due) {
        const invitee = await findMemberById(this.db, d.inviteeId);
        const who = maskUsername(invitee?.username ?? '');
        const outcome = await this.pay({
          inviterId: d.inviterId,
          inviteeId: d.inviteeId,
          rule: 'deposit_milestone',
          period: milestone.key,
          baseAmount: d.depositTotal,
          amount: milestone.reward,
          turnoverMultiple: rules.turnoverMultiple,
          reference: milestoneReference(d.inviteeId, milestone.key),
          title: '邀请奖励-充值达标',
          description: `下级 ${who} 累计充值满${formatYuan(milestone.threshold)}元`,
        });
        if (outcome === 'paid') paid++;
      }
    }
    return paid;
  }

  /** Commission for each due Beijing day, per invitee with valid bets that day. */
  async payCommissions(now = this.clock.now(), skipCompleted = false): Promise<number> {
    let paid = 0;
    const rules = await this.programme.rules();
    for (const day of commissionDaysDue(now, rules)) {
      if (skipCompleted && this.completedDays.has(day)) continue;
      let failed = false;
      const from = beijingDayStart(day);
      const to = new Date(from.getTime() + 86_400_000);
      const rows = await repo.inviteeBetsBetween(this.db, from, to, {
        unpaidReferencePrefix: COMMISSION_PREFIX,
        day,
      });
      for (const row of rows) {
        const amount = commissionFen(row.validBets, rules);
        if (amount <= 0n) continue;
        const invitee = await findMemberById(this.db, row.inviteeId);
        const who = maskUsername(invitee?.username ?? '');
        const outcome = await this.pay({
          inviterId: row.inviterId,
          inviteeId: row.inviteeId,
          rule: 'bet_commission',
          period: day,
          baseAmount: row.validBets,
          amount,
          turnoverMultiple: rules.turnoverMultiple,
          reference: commissionReference(row.inviteeId, day),
          title: '邀请奖励-投注返佣',
          description: `下级 ${who} ${day} 有效投注${formatYuan(row.validBets)}元`,
        });
        if (outcome === 'paid') paid++;
        else failed = true;
      }
      if (!failed) this.completedDays.add(day);
    }
    return paid;
  }

  /**
   * One reward in one transaction: lock the invitee, re-check, grant, record, tell the inviter.
   * An inviter in a time-out or self-exclusion is not paid while it lasts: nothing is recorded, so
   * the sweeps pay a milestone once it has ended, and a day's commission if the day is then still
   * within the lookback (`commissionLookbackDays`).
   */
  private async pay(p: Payment): Promise<'paid' | 'excluded' | 'failed'> {
    try {
      return await inTransaction(
        this.db,
        async (work) => {
          // One payment of one invitee at a time across processes.
          await lockForTransaction(work.tx, 'inviteRewards', p.inviteeId);
          const granted = await this.bonus.grant(work, {
            memberId: p.inviterId,
            type: 'invite',
            amount: p.amount,
            reference: p.reference,
            title: p.title,
            remark: p.description,
            turnoverMultiple: p.turnoverMultiple,
          });
          if (granted.excluded) return 'excluded';
          if (granted.duplicate) return 'failed';
          await repo.insertReward(work.tx, {
            inviterId: p.inviterId,
            inviteeId: p.inviteeId,
            rule: p.rule,
            period: p.period,
            baseAmount: p.baseAmount,
            amount: p.amount,
            reference: p.reference,
            bonusLogId: granted.log.id,
            createdAt: this.clock.now(),
          });
          await this.messages.send(work, {
            memberId: p.inviterId,
            type: 'finance',
            title: `${p.title} ${formatYuan(p.amount)}元已到账`,
            content: `${p.description}，奖励${formatYuan(p.amount)}元已存入您的账户（需完成${p.turnoverMultiple}倍打码量后可提现）。`,
            link: '/minePages/rewards',
            dedupeKey: p.reference,
          });
          return 'paid';
        },
        this.log,
      );
    } catch (err) {
      this.log.error({ err, reference: p.reference }, 'invite reward not paid');
      return 'failed';
    }
  }
}
