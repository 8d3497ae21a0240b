import {
  type FreeBetPlay,
  type FreeBetSlip,
  formatFen,
  formatSportsOdds,
  freeBetPlaysText,
  freeBetProblem,
  freeBetWinnings,
  groupYuan,
} from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { ControlChanges } from '../dual-control/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import * as repo from './free-bets.repo.ts';
import type { FreeBetGrantRow, FreeBetRow } from './free-bets.table.ts';

/** Most members one grant reaches. */
export const FREE_BET_GRANT_MAX = 5_000;

export interface FreeBetGrantInput {
  target: 'member' | 'tag' | 'vip';
  targetValue: string;
  title: string;
  value: bigint;
  minOddsX100: number;
  plays: FreeBetPlay[];
  expiresAt: Date;
}

/** An order at settlement or correction, as a ticket reads it. */
export interface OrderOutcome {
  order: { id: number; memberId: number; orderNo: string };
  status: 'won' | 'lost' | 'refunded';
  payout: bigint;
}

interface OperatorCall {
  operatorId: number;
  ip: string;
}

interface GrantPayload {
  grantId: number;
}

type TicketStatus = 'available' | 'used' | 'expired' | 'revoked';

const statusOf = (row: FreeBetRow, now: Date): TicketStatus =>
  row.status === 'available' && row.expiresAt <= now ? 'expired' : row.status;

/**
 * 免费投注券 (issue 41, point 4; docs/decisions/030-free-bets.md): tickets the console grants to a
 * member, a tag or a VIP level (never to a member in a time-out or self-exclusion; a total above
 * the approval threshold waits for a second operator), used as the whole stake of one 竞彩 order.
 * The member pays nothing; settlement credits the order like every other, and this service then takes
 * the stake back from a win (a `free_bet` entry: the member nets the prize less the stake) or a
 * refund (a negative `bet_refund`: a refund of money never paid is no cash), in the settlement's
 * transaction; corrections move it with the order.
 */
export class FreeBetsService {
  constructor(
    private readonly db: Db,
    /** The console's ticket list (Core.reads); granting, revoking and what a bet uses read the primary. */
    private readonly reads: Db,
    private readonly deps: {
      ledger: Pick<LedgerService, 'post'>;
      operators: Pick<OperatorsService, 'audit'>;
      changes: Pick<ControlChanges, 'propose' | 'register' | 'closeFor'>;
      responsible: Pick<ResponsiblePlayService, 'excludedAmong'>;
      approvalThreshold: (tx: Tx) => Promise<bigint>;
      clock: Clock;
    },
  ) {
    deps.changes.register<GrantPayload>({
      kind: 'free_bet.grant',
      permission: 'activities',
      apply: async (work, payload, ctx) => {
        const grant = await repo.lockGrant(work.tx, payload.grantId);
        if (!grant || grant.state !== 'pending') throw refuse('free_bets.not_found');
        if (grant.expiresAt <= this.deps.clock.now()) throw refuse('free_bets.past');
        const made = await this.issue(work.tx, grant);
        await repo.updateGrant(work.tx, grant.id, {
          state: 'granted',
          approvedBy: ctx.checker.operatorId,
          members: made.members,
          excluded: made.excluded,
        });
        return { members: made.members, excluded: made.excluded };
      },
    });
  }

  // ---- members ----------------------------------------------------------------------------------

  async list(memberId: number, query: { status: 'available' | 'history'; page: number; per_page: number }) {
    const now = this.deps.clock.now();
    const { rows, total } = await repo.memberTickets(
      this.db,
      memberId,
      query.status,
      now,
      query.per_page,
      (query.page - 1) * query.per_page,
    );
    return pageOf(
      rows.map((r) => ticketView(r, now)),
      total,
      query,
    );
  }

  /**
   * Makes the ticket the stake of an order being placed, in the order's transaction: the
   * member's own, usable now, and fitting the slip (value = stake, odds, play, not in play).
   */
  async use(tx: Tx, memberId: number, id: number, slip: FreeBetSlip, order: { id: number; orderNo: string }) {
    const row = await repo.lockTicket(tx, id);
    if (!row || row.memberId !== memberId) throw refuse('free_bets.not_found');
    const status = statusOf(row, slip.at);
    if (status !== 'available') throw refuse('free_bets.not_available', { status: STATUS_TEXT[status] });
    const problem = freeBetProblem(termsOf(row), slip);
    if (problem) throw refuse('free_bets.not_usable', { problem });
    await repo.markUsed(tx, id, order, slip.at);
    return { id: row.id, value: formatFen(row.value), winnings: null };
  }

  /** The ticket that staked an order, for its detail page. */
  async ofOrder(orderId: number) {
    const row = await repo.ticketOfOrder(this.db, orderId);
    if (!row) return null;
    return {
      id: row.id,
      value: formatFen(row.value),
      winnings: row.winnings === null ? null : formatFen(row.winnings),
    };
  }

  // ---- settlement -------------------------------------------------------------------------------

  /**
   * After a settlement batch's credits, in its transaction: each ticket-staked order's stake is
   * taken back from what it was paid — a win nets the prize less the stake, a refund nothing.
   */
  async settle(work: Work, settled: readonly OrderOutcome[]): Promise<void> {
    const tickets = await repo.ticketsOfOrders(
      work.tx,
      settled.map((s) => s.order.id),
    );
    if (tickets.length === 0) return;
    const byOrder = new Map(settled.map((s) => [s.order.id, s]));
    for (const ticket of tickets) {
      const s = byOrder.get(ticket.orderId!)!;
      const due = s.status === 'lost' ? 0n : ticket.value;
      if (due > 0n)
        await this.deps.ledger.post(work, {
          memberId: s.order.memberId,
          amount: -due,
          // A refund of a stake the member never paid is taken back as what it was: no cash.
          type: s.status === 'refunded' ? 'bet_refund' : 'free_bet',
          reference: { type: 'order', id: s.order.orderNo },
          idempotencyKey: `free-bet:${ticket.id}:settle`,
          remark:
            s.status === 'refunded'
              ? `免费投注券注单退款不退现金 ${s.order.orderNo}`
              : `免费投注券本金扣回 ${s.order.orderNo}`,
        });
      await repo.setOutcome(
        work.tx,
        ticket.id,
        due,
        s.status === 'won' ? freeBetWinnings(s.payout, ticket.value) : 0n,
      );
    }
  }

  /**
   * A settled order corrected (void, resettle): what was taken back follows its new outcome —
   * one `free_bet` entry of the difference, keyed by the correction.
   */
  async correct(work: Work, changes: readonly OrderOutcome[], correctionId: number): Promise<void> {
    const tickets = await repo.ticketsOfOrders(
      work.tx,
      changes.map((c) => c.order.id),
    );
    const byOrder = new Map(changes.map((c) => [c.order.id, c]));
    for (const ticket of tickets) {
      const c = byOrder.get(ticket.orderId!)!;
      const due = c.status === 'lost' ? 0n : ticket.value;
      const delta = due - ticket.taken;
      if (delta !== 0n)
        await this.deps.ledger.post(work, {
          memberId: c.order.memberId,
          amount: -delta,
          type: 'free_bet',
          reference: { type: 'order', id: c.order.orderNo },
          idempotencyKey: `correction:${correctionId}:free-bet:${ticket.id}`,
          remark: `免费投注券更正 ${c.order.orderNo}`,
        });
      await repo.setOutcome(
        work.tx,
        ticket.id,
        due,
        c.status === 'won' ? freeBetWinnings(c.payout, ticket.value) : 0n,
      );
    }
  }

  // ---- console ----------------------------------------------------------------------------------

  async adminList(query: {
    page: number;
    per_page: number;
    status?: TicketStatus | undefined;
    username?: string | undefined;
  }) {
    const now = this.deps.clock.now();
    const { rows, total } = await repo.listTickets(
      this.reads,
      { status: query.status, username: query.username || undefined },
      now,
      query.per_page,
      (query.page - 1) * query.per_page,
    );
    return pageOf(
      rows.map((r) => adminView(r.ticket, r.username, now)),
      total,
      query,
    );
  }

  /**
   * Grants a ticket to each member the target covers (enabled, not blacklisted), leaving out
   * those in a time-out or self-exclusion. Above the approval threshold (value × members) the
   * grant waits for a second operator, who makes the tickets for the members it covers then.
   */
  async grant(input: FreeBetGrantInput, call: OperatorCall) {
    return inTransaction(this.db, async (work) => {
      const now = this.deps.clock.now();
      if (input.expiresAt <= now) throw refuse('free_bets.past');
      const target = { kind: input.target, value: input.targetValue };
      const candidates = await repo.membersOf(work.tx, target, FREE_BET_GRANT_MAX);
      if (candidates.length > FREE_BET_GRANT_MAX)
        throw refuse('free_bets.too_many', { max: FREE_BET_GRANT_MAX });
      if (candidates.length === 0)
        throw refuse(input.target === 'member' ? 'free_bets.member_not_found' : 'free_bets.no_members');
      const excluded = await this.deps.responsible.excludedAmong(work.tx, candidates, now);
      const count = candidates.length - excluded.size;
      if (count === 0) throw refuse('free_bets.no_members');
      const total = input.value * BigInt(count);
      const pending = total > (await this.deps.approvalThreshold(work.tx));
      let grant = await repo.insertGrant(work.tx, {
        target: input.target,
        targetValue: input.targetValue,
        title: input.title,
        value: input.value,
        minOddsX100: input.minOddsX100,
        plays: input.plays,
        expiresAt: input.expiresAt,
        state: pending ? 'pending' : 'granted',
        members: count,
        excluded: excluded.size,
        createdBy: call.operatorId,
        createdAt: now,
      });
      await this.deps.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'free_bet.grant',
        targetType: 'free_bet_grant',
        targetId: grant.id,
        detail: { after: grantAudit(grant, total) },
        ip: call.ip,
      });
      let change: { id: number; summary: string } | null = null;
      if (pending) {
        change = await this.deps.changes.propose<GrantPayload>(
          work,
          {
            kind: 'free_bet.grant',
            targetType: 'free_bet_grant',
            targetId: grant.id,
            summary: `发放免费投注券「${grant.title}」${count} 张，每张 ${groupYuan(formatFen(grant.value))} 元，共 ${groupYuan(formatFen(total))} 元`,
            payload: { grantId: grant.id },
            after: grantAudit(grant, total),
            reason: '免费投注券总额超出单人审批额度',
          },
          call,
        );
        await repo.updateGrant(work.tx, grant.id, { changeId: change.id });
      } else {
        const made = await this.issue(work.tx, grant);
        grant = { ...grant, members: made.members, excluded: made.excluded };
      }
      return {
        grant_id: grant.id,
        status: pending ? ('pending' as const) : ('granted' as const),
        members: grant.members,
        excluded: grant.excluded,
        total: formatFen(grant.value * BigInt(grant.members)),
        pending_change: change,
      };
    });
  }

  /** Makes a granted grant's tickets for the members it covers now, none for an excluded member. */
  private async issue(tx: Tx, grant: FreeBetGrantRow): Promise<{ members: number; excluded: number }> {
    const now = this.deps.clock.now();
    const candidates = (
      await repo.membersOf(tx, { kind: grant.target, value: grant.targetValue }, FREE_BET_GRANT_MAX)
    ).slice(0, FREE_BET_GRANT_MAX);
    const excluded = await this.deps.responsible.excludedAmong(tx, candidates, now);
    const members = candidates.filter((id) => !excluded.has(id));
    await repo.insertTickets(tx, grant, members, now);
    return { members: members.length, excluded: excluded.size };
  }

  /** Revokes a ticket not yet used (audited with the reason). */
  async revoke(id: number, reason: string, call: OperatorCall) {
    return inTransaction(this.db, async (work) => {
      const now = this.deps.clock.now();
      const before = await repo.lockTicket(work.tx, id);
      if (!before) throw refuse('free_bets.not_found');
      if (statusOf(before, now) !== 'available') throw refuse('free_bets.not_revocable');
      const row = await repo.revoke(work.tx, id, reason);
      await this.deps.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'free_bet.revoke',
        targetType: 'free_bet',
        targetId: id,
        reason,
        detail: { before: { status: STATUS_TEXT.available }, after: { status: STATUS_TEXT.revoked } },
        ip: call.ip,
      });
      return adminView(row, await repo.usernameOf(work.tx, row.memberId), now);
    });
  }
}

const STATUS_TEXT: Record<TicketStatus, string> = {
  available: '可使用',
  used: '已使用',
  expired: '已过期',
  revoked: '已作废',
};

function termsOf(row: FreeBetRow) {
  return {
    valueFen: row.value,
    minOddsX100: row.minOddsX100,
    plays: row.plays as FreeBetPlay[],
    expiresAt: row.expiresAt,
  };
}

function ticketView(row: FreeBetRow, now: Date) {
  const plays = row.plays as FreeBetPlay[];
  return {
    id: row.id,
    title: row.title,
    value: formatFen(row.value),
    min_odds: formatSportsOdds(BigInt(row.minOddsX100)),
    plays,
    plays_text: freeBetPlaysText(plays),
    expires_at: row.expiresAt.toISOString(),
    status: statusOf(row, now),
    order_no: row.orderNo,
    used_at: row.usedAt?.toISOString() ?? null,
    winnings: row.winnings === null ? null : formatFen(row.winnings),
  };
}

function adminView(row: FreeBetRow, username: string, now: Date) {
  const view = ticketView(row, now);
  return {
    id: view.id,
    member_id: row.memberId,
    username,
    title: view.title,
    value: view.value,
    min_odds: view.min_odds,
    plays_text: view.plays_text,
    expires_at: view.expires_at,
    status: view.status,
    order_no: view.order_no,
    winnings: view.winnings,
    grant_id: row.grantId,
    created_at: row.createdAt.toISOString(),
  };
}

function grantAudit(grant: FreeBetGrantRow, total: bigint) {
  return {
    target: grant.target,
    target_value: grant.targetValue,
    title: grant.title,
    value: formatFen(grant.value),
    min_odds: formatSportsOdds(BigInt(grant.minOddsX100)),
    plays: freeBetPlaysText(grant.plays as FreeBetPlay[]),
    expires_at: grant.expiresAt.toISOString(),
    members: grant.members,
    excluded: grant.excluded,
    total: formatFen(total),
  };
}
