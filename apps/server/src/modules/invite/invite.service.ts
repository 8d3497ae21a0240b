import {
  type AgentStatus,
  beijingDate,
  beijingDayStart,
  commissionFen,
  commissionRateText,
  formatFen,
  formatYuan,
  INVITE_REWARD_RULE_NAMES,
  type InviteInfo,
  type InviteRanking,
  inviteRuleLines,
  type InviteRules,
  type InviteStatistics,
  type InviteUrl,
  type ReferralItem,
  type RewardItem,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { newCode } from '../../lib/crypto.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode, refuse } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import {
  findAgentByCode,
  findMemberById,
  findMemberByInviteCode,
  lockMember,
  updateMember,
} from '../accounts/index.ts';
import type { MemberRow } from '../accounts/index.ts';
import { maskUsername } from '../accounts/index.ts';
import type { AgentApplicationsService } from '../agents/index.ts';
import { agentUrl } from '../agents/index.ts';
import * as repo from './invite.repo.ts';
import type { InviteRulesService } from './rules.service.ts';
import type { Clock } from '../../lib/clock.ts';

const paged = <T>(list: T[], total: number, q: { page: number; per_page: number }) => ({
  list,
  total,
  page: q.page,
  per_page: q.per_page,
  has_more: q.page * q.per_page < total,
});

export function inviteUrl(origin: string, code: string): string {
  return `${origin}/#/ireg?invite_code=${encodeURIComponent(code)}`;
}

/** Start of the Beijing day and month of an instant. */
function beijingStarts(nowMs: number): { today: Date; month: Date } {
  const day = beijingDate(nowMs);
  return { today: beijingDayStart(day), month: beijingDayStart(`${day.slice(0, 8)}01`) };
}

function rankingSince(period: 'all' | 'month' | 'week', nowMs: number): Date | null {
  if (period === 'all') return null;
  const { today, month } = beijingStarts(nowMs);
  if (period === 'month') return month;
  // Weeks start on Monday (Beijing).
  const weekday = (new Date(today.getTime() + 8 * 3_600_000).getUTCDay() + 6) % 7;
  return new Date(today.getTime() - weekday * 86_400_000);
}

/** The member's invite programme (SPEC.md §7 "Invite/agent", /v1/invite/*). */
export class InviteService {
  constructor(
    private readonly db: Db,
    private readonly applications: AgentApplicationsService,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly programme: InviteRulesService,
  ) {}

  async info(member: MemberRow, origin: string): Promise<InviteInfo> {
    const [inviter, totals] = await Promise.all([
      member.inviterId ? findMemberById(this.db, member.inviterId) : undefined,
      repo.ownTotals(this.db, member.id, null),
    ]);
    return {
      invite_code: member.inviteCode,
      invite_url: inviteUrl(origin, member.inviteCode),
      inviter: inviter ? maskUsername(inviter.username) : null,
      is_agent: member.isAgent ? 1 : 0,
      agent_code: member.isAgent ? member.agentCode : null,
      agent_url: member.isAgent && member.agentCode ? agentUrl(origin, member.agentCode) : null,
      referral_count: totals.inviteCount,
      reward_total: formatFen(totals.rewardTotal),
    };
  }

  url(member: MemberRow, origin: string): InviteUrl {
    return {
      invite_code: member.inviteCode,
      url: inviteUrl(origin, member.inviteCode),
      path: `/ireg?invite_code=${encodeURIComponent(member.inviteCode)}`,
      agent_url: member.isAgent && member.agentCode ? agentUrl(origin, member.agentCode) : null,
    };
  }

  async referrals(memberId: number, query: { page: number; per_page: number }) {
    const { rows, total } = await repo.referralsOf(this.db, memberId, query);
    const list: ReferralItem[] = rows.map((r) => ({
      id: r.id,
      username: maskUsername(r.username),
      nickname: r.nickname === r.username ? maskUsername(r.nickname) : r.nickname,
      registered_at: r.createdAt.toISOString(),
      deposit_total: formatFen(r.depositTotal),
      valid_bet_total: formatFen(r.validBetTotal),
      reward_total: formatFen(r.rewardTotal),
      is_active: r.depositTotal > 0n,
    }));
    return paged(list, total, query);
  }

  async statistics(memberId: number): Promise<InviteStatistics> {
    const now = this.clock.now().getTime();
    const { today, month } = beijingStarts(now);
    const [counts, sums, todayBets, rules] = await Promise.all([
      repo.referralCounts(this.db, memberId, today, month),
      repo.rewardSums(this.db, memberId, today, month),
      repo.inviteeBetsBetween(this.db, today, new Date(now + 60_000), { inviterId: memberId }),
      this.programme.rules(),
    ]);
    const todayValid = todayBets.reduce((sum, r) => sum + r.validBets, 0n);
    // Paid per invitee, each rounded down: the estimate adds them the same way.
    const estimate = todayBets.reduce((sum, r) => sum + commissionFen(r.validBets, rules), 0n);
    return {
      referral_count: counts.total,
      today_referrals: counts.today,
      month_referrals: counts.month,
      active_referrals: counts.active,
      reward_total: formatFen(sums.total),
      today_reward: formatFen(sums.today),
      month_reward: formatFen(sums.month),
      deposit_reward_total: formatFen(sums.deposit),
      commission_reward_total: formatFen(sums.commission),
      referral_deposit_total: formatFen(counts.depositTotal),
      today_valid_bets: formatFen(todayValid),
      today_commission_estimate: formatFen(estimate),
    };
  }

  async rewards(
    memberId: number,
    query: { page: number; per_page: number; rule?: 'deposit_milestone' | 'bet_commission' | undefined },
  ) {
    const [{ rows, total }, rules] = await Promise.all([
      repo.rewardsOf(this.db, memberId, query),
      this.programme.rules(),
    ]);
    const list: RewardItem[] = rows.map(({ reward, invitee }) => {
      const who = maskUsername(invitee);
      const milestone = rules.depositMilestones.find((m) => m.key === reward.period);
      return {
        id: reward.id,
        rule: reward.rule,
        rule_name: INVITE_REWARD_RULE_NAMES[reward.rule],
        amount: formatFen(reward.amount),
        base_amount: formatFen(reward.baseAmount),
        period: reward.period,
        invitee: who,
        description:
          reward.rule === 'deposit_milestone'
            ? `下级 ${who} 累计充值满${milestone ? formatYuan(milestone.threshold) : formatYuan(reward.baseAmount)}元`
            : `下级 ${who} ${reward.period} 有效投注${formatYuan(reward.baseAmount)}元`,
        created_at: reward.createdAt.toISOString(),
      };
    });
    return paged(list, total, query);
  }

  async rules(): Promise<InviteRules> {
    const rules = await this.programme.rules();
    return {
      deposit_milestones: rules.depositMilestones.map((m) => ({
        threshold: formatFen(m.threshold),
        reward: formatFen(m.reward),
      })),
      commission_rate: commissionRateText(rules),
      commission_basis_points: Number(rules.commissionBasisPoints),
      turnover_multiple: rules.turnoverMultiple,
      code_changes_per_day: rules.codeChangesPerDay,
      lines: inviteRuleLines(rules),
    };
  }

  async agentStatus(member: MemberRow): Promise<AgentStatus> {
    const [problem, latest] = await Promise.all([
      this.applications.applyProblem(member),
      this.applications.latest(member.id),
    ]);
    return {
      is_agent: member.isAgent ? 1 : 0,
      agent_code: member.isAgent ? member.agentCode : null,
      can_apply: problem === null,
      reason: problem,
      latest_application: latest,
    };
  }

  async ranking(
    me: number | null,
    query: { period: 'all' | 'month' | 'week'; by: 'count' | 'reward'; limit: number },
  ): Promise<InviteRanking> {
    const since = rankingSince(query.period, this.clock.now().getTime());
    const board = await repo.rankingBoard(this.db, { since, by: query.by, limit: query.limit, me });
    const list = board
      .filter((r) => r.rank <= query.limit)
      .map((r) => ({
        rank: r.rank,
        username: maskUsername(r.username),
        invite_count: r.inviteCount,
        reward_total: formatFen(r.rewardTotal),
        is_me: r.id === me,
      }));
    let mine: InviteRanking['mine'] = null;
    if (me !== null) {
      const own = board.find((r) => r.id === me);
      const totals = own
        ? { inviteCount: own.inviteCount, rewardTotal: own.rewardTotal }
        : await repo.ownTotals(this.db, me, since);
      mine = {
        rank: own?.rank ?? null,
        invite_count: totals.inviteCount,
        reward_total: formatFen(totals.rewardTotal),
      };
    }
    return { period: query.period, by: query.by, list, mine };
  }

  /** A new invite code (the old one stops working; members already invited stay). */
  async generateCode(member: MemberRow, origin: string) {
    const now = this.clock.now();
    const todayStart = beijingStarts(now.getTime()).today;
    const limit = (await this.programme.rules()).codeChangesPerDay;
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newCode(8);
      try {
        const result = await inTransaction(this.db, async ({ tx }) => {
          // Serialise a member's changes so the daily limit holds under concurrent taps.
          const current = await lockMember(tx, member.id);
          if (!current) throw new Error('member vanished');
          const used = await repo.codeChangesSince(tx, member.id, todayStart);
          if (used >= limit) throw refuse('invite.code_changes_used_up', { limit });
          await repo.insertCodeChange(tx, {
            memberId: member.id,
            oldCode: current.inviteCode,
            newCode: code,
            createdAt: now,
          });
          await updateMember(tx, member.id, { inviteCode: code }, now);
          return { invite_code: code, url: inviteUrl(origin, code), remaining_today: limit - used - 1 };
        });
        this.events.emit('member.changed', {
          memberId: member.id,
          changedFields: ['invite_code'],
          changeType: 'invite_code',
          at: now,
        });
        return result;
      } catch (err) {
        if (pgErrorCode(err) !== PG_UNIQUE_VIOLATION) throw err;
      }
    }
    throw refuse('invite.code_busy');
  }

  /** Says whether a code registers anyone: a member's invite code or an agent's code. */
  async validateCode(code: string) {
    const inviter = await findMemberByInviteCode(this.db, code);
    if (inviter?.enabled) {
      return {
        valid: true,
        type: 'invite' as const,
        inviter: maskUsername(inviter.username),
        agent_id: inviter.isAgent ? inviter.id : inviter.agentId,
      };
    }
    const agent = await findAgentByCode(this.db, code);
    if (agent?.enabled) {
      return {
        valid: true,
        type: 'agent' as const,
        inviter: maskUsername(agent.username),
        agent_id: agent.id,
      };
    }
    return { valid: false, type: null, inviter: null, agent_id: null };
  }
}
