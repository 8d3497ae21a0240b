import { bestBoost, boostAmount, boostRateText, formatFen, type Sport } from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { Work } from '../../db/tx.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import type { BonusService } from '../bonus/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import * as repo from './boosts.repo.ts';
import type { PrizeBoostRow } from './boosts.table.ts';

/** An order at settlement, as the boost reads it. */
export interface SettledForBoost {
  order: { id: number; memberId: number; orderNo: string };
  status: 'won' | 'lost' | 'refunded';
  payout: bigint;
}

export interface BoostInput {
  name: string;
  sport: Sport | null;
  passTypes: string[];
  startsAt: Date;
  endsAt: Date;
  vipMin: number | null;
  tag: string | null;
  rateBp: number;
  capPerOrder: bigint;
  budget: bigint;
  active: boolean;
}

/** A campaign as the console and the member app see it. */
export function boostView(row: PrizeBoostRow) {
  return {
    id: row.id,
    name: row.name,
    sport: row.sport,
    pass_types: row.passTypes,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    vip_min: row.vipMin,
    tag: row.tag,
    rate_bp: row.rateBp,
    rate_text: boostRateText(row.rateBp),
    cap_per_order: formatFen(row.capPerOrder),
  };
}

/**
 * 加奖: which campaign an order gets when it is placed (the best one covering it), and what it
 * pays when the order wins — floor(prize × rate), at most the campaign's cap per order and what
 * is left of its budget, credited as a `prize_boost` entry with its 打码量 (1×, as bonuses).
 * Settlements take budgets under the campaign rows' locks, so concurrent settlements never spend
 * more than the budget.
 */
export class BoostsService {
  constructor(
    private readonly db: Db,
    /** The console's campaign list (Core.reads); a save and what a slip or settlement reads use the primary. */
    private readonly reads: Db,
    private readonly bonus: Pick<BonusService, 'grant'>,
    private readonly ledger: Pick<LedgerService, 'post'>,
    private readonly operators: Pick<OperatorsService, 'audit'>,
    private readonly clock: Clock,
  ) {}

  /** The campaigns running now that cover this member (the slip picks the one for its pass type). */
  async forMember(member: { id: number; vipLevel: number }) {
    const now = this.clock.now();
    const [rows, tags] = await Promise.all([
      repo.runningBoosts(this.db, now),
      repo.memberTagsOf(this.db, member.id),
    ]);
    return rows
      .filter(
        (r) => (r.vipMin === null || member.vipLevel >= r.vipMin) && (r.tag === null || tags.includes(r.tag)),
      )
      .map(boostView);
  }

  /** Gives a new order the best running campaign that covers it, in the order's transaction. */
  async attach(
    tx: Tx,
    member: { id: number; vipLevel: number },
    order: { id: number; sport: Sport; passType: string; at: Date },
  ): Promise<{ name: string; rate_text: string } | null> {
    const rows = await repo.runningBoosts(tx, order.at);
    if (rows.length === 0) return null;
    const tags = rows.some((r) => r.tag !== null) ? await repo.memberTagsOf(tx, member.id) : [];
    const best = bestBoost(rows.map(repo.ruleOf), order, { vipLevel: member.vipLevel, tags });
    if (!best) return null;
    await repo.attachBoost(tx, {
      orderId: order.id,
      boostId: best.id,
      memberId: member.id,
      rateBp: best.rateBp,
      capPerOrder: best.capPerOrderFen,
    });
    return { name: best.name, rate_text: boostRateText(best.rateBp) };
  }

  /**
   * Pays the boosts of a settlement batch's orders, in its transaction, after their payouts (the
   * members' wallets are then held, so taking the campaign rows next keeps one lock order for
   * every settlement). Orders that did not win close their boost unpaid.
   */
  async settle(work: Work, settled: readonly SettledForBoost[], now: Date): Promise<bigint> {
    const pending = await repo.pendingBoostsOf(
      work.tx,
      settled.map((s) => s.order.id),
    );
    if (pending.length === 0) return 0n;
    const byOrder = new Map(settled.map((s) => [s.order.id, s]));
    const won = pending.filter((b) => byOrder.get(b.orderId)?.status === 'won');
    await repo.closeUnpaid(
      work.tx,
      pending.filter((b) => byOrder.get(b.orderId)?.status !== 'won').map((b) => b.orderId),
    );
    if (won.length === 0) return 0n;
    const left = await repo.lockBudgets(work.tx, [...new Set(won.map((b) => b.boostId))]);
    let paid = 0n;
    for (const boost of won) {
      const s = byOrder.get(boost.orderId)!;
      const due = boostAmount(s.payout, boost.rateBp, boost.capPerOrder);
      const budget = left.get(boost.boostId) ?? 0n;
      const amount = due < budget ? due : budget;
      if (amount === 0n) {
        await repo.closeBoost(work.tx, boost.orderId, due === 0n ? 'none' : 'budget_out', 0n, now);
        continue;
      }
      const grant = await this.bonus.grant(work, {
        memberId: s.order.memberId,
        type: 'boost',
        amount,
        reference: `boost:order:${boost.orderId}`,
        title: '竞彩加奖',
        remark: `注单 ${s.order.orderNo} 加奖`,
      });
      if (grant.excluded) {
        await repo.closeBoost(work.tx, boost.orderId, 'excluded', 0n, now);
        continue;
      }
      left.set(boost.boostId, budget - amount);
      await repo.addSpent(work.tx, boost.boostId, amount, now);
      await repo.closeBoost(work.tx, boost.orderId, amount < due ? 'budget_out' : 'paid', amount, now);
      paid += amount;
    }
    return paid;
  }

  /**
   * A settled order corrected (void, resettle): its boost follows its new prize. What it paid
   * beyond the new due amount is taken back (and returns to the budget); what it is now owed
   * beyond what it got is paid from what is left of the budget. One `prize_boost` entry of the
   * difference per order, keyed by the correction, in the correction's transaction.
   */
  async correct(
    work: Work,
    changes: readonly SettledForBoost[],
    correctionId: number,
    now: Date,
  ): Promise<void> {
    const decided = await repo.decidedBoostsOf(
      work.tx,
      changes.map((c) => c.order.id),
    );
    if (decided.length === 0) return;
    const byOrder = new Map(changes.map((c) => [c.order.id, c]));
    const left = await repo.lockBudgets(work.tx, [...new Set(decided.map((b) => b.boostId))]);
    for (const boost of decided) {
      const c = byOrder.get(boost.orderId)!;
      const due = c.status === 'won' ? boostAmount(c.payout, boost.rateBp, boost.capPerOrder) : 0n;
      let delta = due - boost.amount;
      const budget = left.get(boost.boostId) ?? 0n;
      if (delta > budget) delta = budget;
      const amount = boost.amount + delta;
      const status =
        amount === 0n ? (due === 0n ? 'none' : 'budget_out') : amount < due ? 'budget_out' : 'paid';
      if (delta !== 0n) {
        await this.ledger.post(work, {
          memberId: c.order.memberId,
          amount: delta,
          type: 'prize_boost',
          reference: { type: 'order', id: c.order.orderNo },
          idempotencyKey: `correction:${correctionId}:boost:${boost.orderId}`,
          remark: `加奖更正 ${c.order.orderNo}`,
        });
        left.set(boost.boostId, budget - delta);
        await repo.addSpent(work.tx, boost.boostId, delta, now);
      }
      await repo.setBoostOutcome(work.tx, boost.orderId, status, amount, now);
    }
  }

  /** An order's boost for its detail page, or null. */
  async ofOrder(orderId: number) {
    const row = await repo.boostOfOrder(this.db, orderId);
    if (!row) return null;
    return {
      name: row.name,
      rate_text: boostRateText(row.boost.rateBp),
      cap_per_order: formatFen(row.boost.capPerOrder),
      status: row.boost.status,
      amount: formatFen(row.boost.amount),
    };
  }

  // ---- console --------------------------------------------------------------------------------

  async list(query: { page: number; per_page: number }) {
    const { rows, total, stats } = await repo.listBoosts(this.reads, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    return {
      list: rows.map((r) => adminView(r, stats.get(r.id))),
      total,
      page: query.page,
      per_page: query.per_page,
      has_more: query.page * query.per_page < total,
    };
  }

  async create(input: BoostInput, call: { operatorId: number; ip: string }) {
    return inTransaction(this.db, async (work) => {
      const now = this.clock.now();
      const row = await repo.insertBoost(work.tx, {
        ...input,
        createdBy: call.operatorId,
        createdAt: now,
        updatedAt: now,
      });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'sports.boost.create',
        targetType: 'prize_boost',
        targetId: row.id,
        detail: { after: auditFields(row) },
        ip: call.ip,
      });
      return adminView(row, undefined);
    });
  }

  /** Edits a campaign: its budget may not go below what it has paid. Orders placed keep their rate. */
  async update(id: number, input: BoostInput, call: { operatorId: number; ip: string }) {
    return inTransaction(this.db, async (work) => {
      const before = await repo.lockBoost(work.tx, id);
      if (!before) throw refuse('sports.boost_not_found');
      if (input.budget < before.spent)
        throw refuse('sports.boost_budget_below_spent', { spent: formatFen(before.spent) });
      const row = await repo.updateBoost(work.tx, id, { ...input, updatedAt: this.clock.now() });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'sports.boost.update',
        targetType: 'prize_boost',
        targetId: id,
        detail: { before: auditFields(before), after: auditFields(row) },
        ip: call.ip,
      });
      return adminView(row, (await repo.boostStats(work.tx, [id])).get(id));
    });
  }
}

function adminView(row: PrizeBoostRow, stats: repo.BoostStats | undefined) {
  return {
    ...boostView(row),
    active: row.active,
    budget: formatFen(row.budget),
    spent: formatFen(row.spent),
    orders: stats?.orders ?? 0,
    paid_orders: stats?.paid ?? 0,
    created_at: row.createdAt.toISOString(),
  };
}

/** A campaign's terms as the audit log keeps them (before and after an edit). */
function auditFields(row: PrizeBoostRow) {
  return { ...boostView(row), budget: formatFen(row.budget), active: row.active };
}
