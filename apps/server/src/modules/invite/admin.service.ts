import {
  beijingDate,
  beijingDayStart,
  formatFen,
  INVITE_REWARD_RULE_NAMES,
  type InviteRewardRule,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { agentTotals, memberCounts, membersOf } from '../agents/index.ts';
import type { InviteRulesChange, InviteRulesService } from './rules.service.ts';
import * as repo from './admin.repo.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * Agents and invitations for operators: each agent with its members, what they staked and the
 * house's result on them (this month and in all), the invite rewards paid, and the invite
 * programme's numbers (edited through InviteRulesService, audited). Applications are decided
 * by /admin/v1/agent-applications (AgentApplicationsService).
 */
export class InviteAdminService {
  constructor(
    private readonly db: Db,
    private readonly rules: InviteRulesService,
    private readonly clock: Clock,
  ) {}

  async agents(q: { page: number; per_page: number; keyword?: string | undefined }) {
    const now = this.clock.now().getTime();
    const today = beijingDate(now);
    const todayStart = beijingDayStart(today);
    const monthStart = beijingDayStart(`${today.slice(0, 8)}01`);
    const { rows, total } = await repo.pageAgents(this.db, q);
    const list = await Promise.all(
      rows.map(async (r) => {
        const id = Number(r.id);
        const [counts, month, all] = await Promise.all([
          memberCounts(this.db, id, todayStart, new Date(now - 30 * 86_400_000)),
          agentTotals(this.db, id, monthStart),
          agentTotals(this.db, id, null),
        ]);
        return {
          id,
          username: r.username,
          agent_code: r.agent_code,
          domains: r.domains ?? [],
          enabled: Number(r.enabled) === 1,
          member_count: counts.total,
          active_members: counts.active,
          balance_total: formatFen(counts.balance),
          month_deposit: formatFen(month.deposit),
          month_bet: formatFen(month.bet),
          month_profit: formatFen(month.bet - month.payout - month.bonus),
          total_bet: formatFen(all.bet),
          total_profit: formatFen(all.bet - all.payout - all.bonus),
          commission_total: formatFen(BigInt(r.commission_total)),
          registered_at: iso(r.created_at)!,
        };
      }),
    );
    return pageOf(list, total, q);
  }

  async members(agentId: number, q: { page: number; per_page: number; keyword?: string | undefined }) {
    if (!(await repo.isAgent(this.db, agentId))) throw refuse('invite.agent_not_found');
    const { rows, total } = await membersOf(this.db, agentId, q);
    return pageOf(
      rows.map((r) => ({
        id: r.id,
        username: r.username,
        balance: formatFen(r.balance),
        deposit_total: formatFen(r.deposit),
        withdraw_total: formatFen(r.withdraw),
        bet_total: formatFen(r.bet),
        registered_at: r.createdAt.toISOString(),
        last_login_at: r.lastLoginAt?.toISOString() ?? null,
        enabled: r.enabled === 1,
      })),
      total,
      q,
    );
  }

  async inviteRewards(q: Parameters<typeof repo.pageInviteRewards>[1]) {
    const { rows, total } = await repo.pageInviteRewards(this.db, q);
    return pageOf(
      rows.map((r) => ({
        id: Number(r.id),
        inviter_id: Number(r.inviter_id),
        inviter: r.inviter,
        invitee_id: Number(r.invitee_id),
        invitee: r.invitee,
        rule: r.rule,
        rule_name: INVITE_REWARD_RULE_NAMES[r.rule as InviteRewardRule] ?? r.rule,
        period: r.period,
        base_amount: formatFen(BigInt(r.base_amount)),
        amount: formatFen(BigInt(r.amount)),
        created_at: iso(r.created_at)!,
      })),
      total,
      q,
    );
  }

  inviteSettings() {
    return this.rules.view();
  }

  saveInviteSettings(change: InviteRulesChange, call: OperatorCall) {
    return this.rules.update(change, call);
  }
}
