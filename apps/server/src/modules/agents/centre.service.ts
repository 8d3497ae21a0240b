import {
  beijingDate,
  beijingDayStart,
  findLottery,
  formatFen,
  LEDGER_TYPES,
  type AgentBet,
  type AgentMember,
  type AgentMemberDetail,
  type AgentOverview,
  type AgentPeriodTotals,
  type AgentRecord,
  type AgentRecordCategory,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { refuse } from '../../lib/errors.ts';
import { findMemberById, type MemberRow } from '../accounts/index.ts';
import { maskUsername } from '../accounts/index.ts';
import { walletsOf } from '../ledger/index.ts';
import * as repo from './agents.repo.ts';
import { pageOf } from '../../lib/paging.ts';
import type { Clock } from '../../lib/clock.ts';

const BET_STATUS_TEXT: Record<string, string> = {
  pending: '待开奖',
  won: '已中奖',
  lost: '未中奖',
  refunded: '已退款',
  cancelled: '已撤单',
};
const SPORT_NAMES: Record<string, string> = { football: '足球', basketball: '篮球' };

function toPeriod(t: repo.MemberTotals): AgentPeriodTotals {
  return {
    deposit: formatFen(t.deposit),
    withdraw: formatFen(t.withdraw),
    bet: formatFen(t.bet),
    payout: formatFen(t.payout),
    bonus: formatFen(t.bonus),
    profit: formatFen(t.bet - t.payout - t.bonus),
  };
}

function toAgentMember(r: repo.AgentMemberRow): AgentMember {
  return {
    id: r.id,
    username: r.username,
    nickname: r.nickname,
    balance: formatFen(r.balance),
    deposit_total: formatFen(r.deposit),
    withdraw_total: formatFen(r.withdraw),
    bet_total: formatFen(r.bet),
    registered_at: r.createdAt.toISOString(),
    last_login_at: r.lastLoginAt?.toISOString() ?? null,
    enabled: r.enabled ? 1 : 0,
  };
}

/**
 * The agent centre (agentPages/*): an agent sees its own members (members.agent_id = the agent)
 * and their records, never anyone else's. Every method takes the authenticated member.
 */
export class AgentCentreService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private requireAgent(member: MemberRow): void {
    if (!member.isAgent || !member.agentCode) throw refuse('agents.not_an_agent');
  }

  private async requireOwnMember(agent: MemberRow, memberId: number): Promise<void> {
    this.requireAgent(agent);
    if (!(await repo.isMemberOf(this.db, agent.id, memberId))) throw refuse('agents.member_not_found');
  }

  async overview(agent: MemberRow, origin: string): Promise<AgentOverview> {
    this.requireAgent(agent);
    const now = this.clock.now().getTime();
    const today = beijingDate(now);
    const todayStart = beijingDayStart(today);
    const monthStart = beijingDayStart(`${today.slice(0, 8)}01`);
    const [counts, todayTotals, monthTotals, allTotals] = await Promise.all([
      repo.memberCounts(this.db, agent.id, todayStart, new Date(now - 30 * 86_400_000)),
      repo.agentTotals(this.db, agent.id, todayStart),
      repo.agentTotals(this.db, agent.id, monthStart),
      repo.agentTotals(this.db, agent.id, null),
    ]);
    return {
      agent_code: agent.agentCode!,
      agent_url: agentUrl(origin, agent.agentCode!),
      member_count: counts.total,
      today_members: counts.today,
      active_members: counts.active,
      balance_total: formatFen(counts.balance),
      today: toPeriod(todayTotals),
      month: toPeriod(monthTotals),
      total: toPeriod(allTotals),
    };
  }

  async members(agent: MemberRow, query: { page: number; per_page: number; keyword?: string | undefined }) {
    this.requireAgent(agent);
    const { rows, total } = await repo.membersOf(this.db, agent.id, query);
    return pageOf(rows.map(toAgentMember), total, query);
  }

  async memberDetail(agent: MemberRow, memberId: number): Promise<AgentMemberDetail> {
    await this.requireOwnMember(agent, memberId);
    const [{ rows }, member, wallets, bets] = await Promise.all([
      repo.membersOf(this.db, agent.id, { page: 1, per_page: 1, memberId }),
      findMemberById(this.db, memberId),
      walletsOf(this.db, memberId),
      repo.betCounts(this.db, memberId),
    ]);
    const row = rows[0];
    if (!row || !member) throw refuse('agents.member_not_found');
    const inviter = member.inviterId ? await findMemberById(this.db, member.inviterId) : undefined;
    const of = (kind: string) => wallets.find((w) => w.kind === kind)?.balance ?? 0n;
    return {
      ...toAgentMember(row),
      vip_level: member.vipLevel,
      lottery_balance: formatFen(of('lottery')),
      frozen_balance: formatFen(of('frozen')),
      codingvolume: formatFen(member.codingvolume),
      payout_total: formatFen(row.payout),
      bonus_total: formatFen(row.bonus),
      register_type: member.registerType,
      inviter: inviter ? maskUsername(inviter.username) : null,
      order_count: bets.orders,
      lottery_bet_count: bets.lottery,
    };
  }

  async records(
    agent: MemberRow,
    query: { page: number; per_page: number; category: AgentRecordCategory; member_id?: number | undefined },
  ) {
    if (query.member_id !== undefined) await this.requireOwnMember(agent, query.member_id);
    else this.requireAgent(agent);
    const { rows, total } = await repo.recordsOf(this.db, agent.id, { ...query, memberId: query.member_id });
    const list: AgentRecord[] = rows.map((r) => ({
      id: r.id.toString(),
      member_id: r.memberId,
      username: r.username,
      type: r.type,
      type_text: LEDGER_TYPES[r.type as keyof typeof LEDGER_TYPES] ?? r.type,
      wallet: r.wallet,
      amount: formatFen(r.amount),
      balance_after: formatFen(r.balanceAfter),
      remark: r.remark,
      created_at: r.createdAt.toISOString(),
    }));
    return pageOf(list, total, query);
  }

  async memberBets(
    agent: MemberRow,
    memberId: number,
    query: { page: number; per_page: number; kind: 'all' | 'sports' | 'lottery' },
  ) {
    await this.requireOwnMember(agent, memberId);
    const { rows, total } = await repo.betsOf(this.db, memberId, query);
    const list: AgentBet[] = rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      no: r.no,
      title:
        r.kind === 'sports'
          ? `${SPORT_NAMES[r.detail] ?? r.detail} ${r.extra === 'single' ? '单关' : r.extra.replace('x', '串')}`
          : `${findLottery(r.detail)?.name ?? r.detail} 第${r.extra}期`,
      amount: formatFen(r.amount),
      payout: formatFen(r.payout),
      status: r.status,
      status_text: BET_STATUS_TEXT[r.status] ?? r.status,
      created_at: r.createdAt.toISOString(),
      settled_at: r.settledAt?.toISOString() ?? null,
    }));
    return pageOf(list, total, query);
  }
}

export function agentUrl(origin: string, agentCode: string): string {
  return `${origin}/#/areg?agent_code=${encodeURIComponent(agentCode)}`;
}
