import type { FastifyBaseLogger } from 'fastify';
import type { PublicCache } from '../../lib/public-cache.ts';
import {
  type BetSelection,
  formatFen,
  formatYuan,
  type MatchResult,
  matchResultSchema,
  parseLine,
  PLAY_TYPES,
  type PlayTypeId,
  PUBLIC_CHANNELS,
  REALTIME_EVENTS,
  settleOption,
  settleOrder,
} from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ControlChanges, SoloAllowance } from '../dual-control/index.ts';
import type { SettlementService } from './settlement.service.ts';
import { legSelection, optionName, placedOrder } from './sports.mapper.ts';
import { matchesOff } from './cash-out.repo.ts';
import type { BoostsService } from './boosts.service.ts';
import * as sportsRepo from './sports.repo.ts';
import type { OrderStatus } from './sports.table.ts';
import {
  deleteSuspension,
  insertSuspension,
  isSuspended,
  suspensionsOf,
  WHOLE_MATCH,
} from './suspensions.repo.ts';
import type { Broadcaster } from '../realtime/index.ts';
import * as limitsRepo from './limits.repo.ts';
import { findMemberIdByName } from '../accounts/index.ts';
import * as repo from './admin.repo.ts';
import { SportsBookAdmin } from './admin-book.service.ts';
import { voidFactsOfMatches } from './void-trace.repo.ts';
import { voidTraceOf } from './void-trace.ts';
import { decidePendingOf } from './feed-corrections.repo.ts';
import { resultKey } from './feed-corrections.service.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toItem(r: repo.AdminMatchRow) {
  return {
    id: Number(r.id),
    sport: r.sport,
    match_no: r.match_no,
    league: r.league,
    home: r.home,
    away: r.away,
    kickoff_at: iso(r.kickoff_at)!,
    status: r.status,
    clock: r.clock,
    score: `${r.home_score}:${r.away_score}`,
    suspended: r.suspended ?? [],
    open_orders: Number(r.open_orders),
    open_stake: formatFen(BigInt(r.open_stake ?? 0)),
    corrected: r.corrected,
    settled_at: iso(r.settled_at),
  };
}

type OrderRow = Awaited<ReturnType<typeof repo.ordersOnMatch>>['orders'][number];
type LegRow = Awaited<ReturnType<typeof repo.ordersOnMatch>>['legs'][number];

/** What a correction does: the new status of each leg on the match, and each order's new outcome. */
/** A void or resettle as the console asks for it. */
interface CorrectionInput {
  kind: 'void' | 'resettle';
  home?: number | undefined;
  away?: number | undefined;
  ht_home?: number | undefined;
  ht_away?: number | undefined;
  reason: string;
}

interface Plan {
  legs: Map<'won' | 'lost' | 'void', number[]>;
  /** Orders with a leg on the match that stay open (a parlay waiting for its other matches). */
  open: number;
  changes: Array<{
    order: OrderRow;
    status: OrderStatus;
    payout: bigint;
    delta: bigint;
    wasPending: boolean;
  }>;
}

/**
 * Sports operations: matches with their markets and live state, suspension of a market or a
 * whole match (order submit refuses it), the book's liability by outcome, the open orders of a
 * match, and a match voided or resettled exactly once (match_corrections is unique per match)
 * with the difference of every settled order posted as a `settle_correction` ledger entry.
 */
export class SportsAdminService {
  /** The book's liability per outcome and its caps (sports-book.service.ts). */
  readonly book: SportsBookAdmin;

  constructor(
    private readonly db: Db,
    /** The matches, a match's orders and the member limits as listed (Core.reads); never a decision. */
    private readonly reads: Db,
    private readonly ledger: LedgerService,
    private readonly settlement: SettlementService,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
    /** Dual control: member limits raised and resettlements beyond one operator's allowance. */
    private readonly dual: { changes: ControlChanges; solo: SoloAllowance },
    private readonly publicCache: Pick<PublicCache, 'invalidate'> | null = null,
    private readonly broadcaster: Broadcaster | null = null,
    private readonly log: Pick<FastifyBaseLogger, 'warn'> | null = null,
    /** 加奖 of corrected orders follows their new prize. */
    private readonly boosts: Pick<BoostsService, 'correct'> | null = null,
  ) {
    this.book = new SportsBookAdmin(db, operators, clock, dual.changes);
    dual.changes.register<
      Omit<LimitChange, 'max_stake' | 'max_payout_per_match'> & {
        max_stake: string | null;
        max_payout_per_match: string | null;
      }
    >({
      kind: 'sports.member_limit',
      permission: 'sports',
      apply: (work, p, ctx) =>
        this.saveLimitIn(
          work,
          {
            ...p,
            max_stake: p.max_stake === null ? null : BigInt(p.max_stake),
            max_payout_per_match: p.max_payout_per_match === null ? null : BigInt(p.max_payout_per_match),
          },
          ctx.checker,
          ctx,
        ),
    });
    dual.changes.register<{ matchId: number; body: CorrectionInput }>({
      kind: 'sports.correction',
      permission: 'sports',
      apply: async (work, p, ctx) => {
        const match = await repo.lockMatch(work.tx, p.matchId);
        if (!match) throw refuse('sports.match_not_found');
        const next = this.resultOf(match, p.body);
        const plan = await this.plan(work.tx, p.matchId, next);
        const summary = await this.correctIn(work, p.matchId, match, next, plan, p.body, ctx.checker, ctx);
        return { summary };
      },
    });
  }

  async list(q: Parameters<typeof repo.pageMatches>[1]) {
    const { rows, total } = await repo.pageMatches(this.reads, q);
    return pageOf(rows.map(toItem), total, q);
  }

  async detail(id: number) {
    const row = await repo.findAdminMatch(this.db, id);
    if (!row) throw refuse('sports.match_not_found');
    const [markets, open, cashOutOff, facts] = await Promise.all([
      sportsRepo.marketsOf(this.db, [id]),
      repo.openLegsByOption(this.db, id),
      matchesOff(this.db, [id]),
      voidFactsOfMatches(this.db, [id]),
    ]);
    const trace = voidTraceOf(facts);
    const suspended = row.suspended ?? [];
    return {
      ...toItem(row),
      match_suspended: suspended.includes(WHOLE_MATCH),
      cash_out: !cashOutOff.has(id),
      result: row.result ?? null,
      // The console names the operator (members see only 运营人员).
      void_trace: trace && {
        action: trace.action,
        by: trace.operatorName ?? trace.actor,
        operator_id: trace.operatorId,
        reason: trace.reason,
        at: trace.at ? trace.at.toISOString() : null,
      },
      markets: (markets.get(id) ?? []).map((m) => ({
        play_type: m.playType,
        name: PLAY_TYPES[m.playType as PlayTypeId]?.name ?? m.playType,
        line: m.line,
        version: m.version,
        suspended: m.suspended ?? false,
        outcomes: Object.entries(m.odds).map(([option, odds]) => {
          const o = open.find((x) => x.play_type === m.playType && x.option_key === option);
          return {
            option,
            name: optionName(m.playType, option),
            odds,
            legs: Number(o?.legs ?? 0),
            stake: formatFen(BigInt(o?.stake ?? 0)),
            payout_if_won: formatFen(BigInt(o?.payout_if_won ?? 0)),
            parlay_legs: Number(o?.parlay_legs ?? 0),
            parlay_payout_if_won: formatFen(BigInt(o?.parlay_payout_if_won ?? 0)),
            worst_case_payout: formatFen(
              BigInt(o?.payout_if_won ?? 0) + BigInt(o?.parlay_payout_if_won ?? 0),
            ),
          };
        }),
      })),
    };
  }

  async orders(matchId: number, q: Parameters<typeof repo.pageMatchOrders>[2]) {
    const { rows, total } = await repo.pageMatchOrders(this.reads, matchId, q);
    return pageOf(
      rows.map((r) => ({
        id: Number(r.id),
        order_no: String(r.order_no as string),
        member_id: Number(r.member_id),
        username: String(r.username as string),
        pass_type: String(r.pass_type as string),
        option: optionName(String(r.play_type as string), String(r.option_key as string)),
        odds: String(r.odds as string),
        leg_status: String(r.leg_status as string),
        amount: formatFen(BigInt(r.total_amount as string)),
        max_prize: formatFen(BigInt(r.max_prize as string)),
        payout: formatFen(BigInt(r.payout as string)),
        status: String(r.status as string),
        created_at: new Date(r.created_at as string).toISOString(),
      })),
      total,
      q,
    );
  }

  /** Closes a market (or the whole match) to new bets; the match row lock orders it against submits. */
  async suspend(
    matchId: number,
    playType: string | undefined,
    reason: string,
    call: OperatorCall,
    open: boolean,
  ) {
    const key = playType ?? WHOLE_MATCH;
    await inTransaction(this.db, async (work) => {
      const match = await repo.lockMatch(work.tx, matchId);
      if (!match) throw refuse('sports.match_not_found');
      if (playType && !(playType in PLAY_TYPES)) throw refuse('sports.play_not_found');
      const changed = open
        ? await deleteSuspension(work.tx, matchId, key)
        : await insertSuspension(work.tx, {
            matchId,
            playType: key,
            reason,
            operatorId: call.operatorId,
            createdAt: this.clock.now(),
          });
      if (!changed) throw refuse(open ? 'sports.play_not_suspended' : 'sports.play_already_suspended');
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: open ? 'sports.reopen' : 'sports.suspend',
        targetType: 'match',
        targetId: matchId,
        reason,
        detail: { play_type: key, before: { suspended: open }, after: { suspended: !open } },
        ip: call.ip,
      });
    });
    // Committed: the public match lists show the market closed (or open) at once, and open
    // screens and slips hear it now (odds.updated with each market's `suspended`).
    this.publicCache?.invalidate('sports');
    await this.pushMarkets(matchId);
    return this.detail(matchId);
  }

  private async pushMarkets(matchId: number): Promise<void> {
    if (!this.broadcaster) return;
    const markets = (await sportsRepo.marketsOf(this.db, [matchId])).get(matchId) ?? [];
    const closed = await suspensionsOf(this.db, [matchId]);
    await this.broadcaster
      .publish(PUBLIC_CHANNELS.liveMatches, REALTIME_EVENTS.oddsUpdated, {
        id: matchId,
        markets: markets.map((m) => ({
          play_type: m.playType,
          line: m.line,
          odds: m.odds,
          suspended: isSuspended(closed, matchId, m.playType),
        })),
      })
      .catch((err: unknown) => this.log?.warn({ err, matchId }, 'suspension not pushed'));
  }

  private resultOf(
    match: { sport: 'football' | 'basketball' },
    b: {
      kind: 'void' | 'resettle';
      home?: number | undefined;
      away?: number | undefined;
      ht_home?: number | undefined;
      ht_away?: number | undefined;
    },
  ): MatchResult {
    if (b.kind === 'void') return { status: 'void' };
    if (b.home === undefined || b.away === undefined) throw refuse('sports.full_time_score_missing');
    if (match.sport === 'football') {
      if (b.ht_home === undefined || b.ht_away === undefined) throw refuse('sports.half_time_score_missing');
      if (b.ht_home > b.home || b.ht_away > b.away) throw refuse('sports.half_time_over_full_time');
      return {
        status: 'finished',
        sport: 'football',
        fullTime: { home: b.home, away: b.away },
        halfTime: { home: b.ht_home, away: b.ht_away },
      };
    }
    return { status: 'finished', sport: 'basketball', final: { home: b.home, away: b.away } };
  }

  /** Recomputes every order touching the match under the new result (pure but for the reads). */
  private async plan(tx: Db | Tx, matchId: number, result: MatchResult): Promise<Plan> {
    const { orders, legs } = await repo.ordersOnMatch(tx, matchId);
    const otherIds = [...new Set(legs.map((l) => l.matchId).filter((id) => id !== matchId))];
    const results = new Map<string, MatchResult>([[String(matchId), result]]);
    for (const r of await repo.resultsOf(tx, otherIds))
      if (r.result) results.set(String(r.id), matchResultSchema.parse(r.result));
    const plan: Plan = { legs: new Map(), open: 0, changes: [] };
    for (const leg of legs.filter((l) => l.matchId === matchId)) {
      const playType = leg.playType as PlayTypeId;
      const line = PLAY_TYPES[playType].line === 'none' ? null : parseLine(playType, leg.line ?? '');
      const status = result.status === 'void' ? 'void' : settleOption(playType, leg.optionKey, line, result);
      if (status === 'pending') continue;
      plan.legs.set(status, [...(plan.legs.get(status) ?? []), leg.id]);
    }
    const byOrder = new Map<number, LegRow[]>();
    for (const l of legs) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
    for (const order of orders) {
      const selections: BetSelection[] = (byOrder.get(order.id) ?? [])
        .sort((a, b) => a.position - b.position)
        .map((l) => legSelection(l));
      const outcome = settleOrder(placedOrder(order, selections), results);
      if (outcome.status === 'pending') {
        // Its leg on this match changes (void, or decided); the order waits for the others.
        plan.open++;
        continue;
      }
      const wasPending = order.status === 'pending';
      const delta = outcome.payout - (wasPending ? 0n : order.payout);
      if (!wasPending && outcome.status === order.status && delta === 0n) continue;
      plan.changes.push({ order, status: outcome.status, payout: outcome.payout, delta, wasPending });
    }
    return plan;
  }

  private summary(plan: Plan) {
    const refunds = plan.changes.filter((c) => c.status === 'refunded' && c.delta > 0n);
    const extra = plan.changes.filter((c) => c.status !== 'refunded' && c.delta > 0n);
    const back = plan.changes.filter((c) => c.delta < 0n);
    const sum = (list: Plan['changes']) => list.reduce((a, c) => a + c.delta, 0n);
    return {
      orders: plan.changes.length + plan.open,
      open_orders: plan.open,
      settled_orders: plan.changes.filter((c) => !c.wasPending).length,
      refunds: refunds.length,
      refund_amount: formatFen(sum(refunds)),
      extra_payouts: extra.length,
      extra_amount: formatFen(sum(extra)),
      take_backs: back.length,
      take_back_amount: formatFen(-sum(back)),
      net: formatFen(sum(plan.changes)),
    };
  }

  async preview(matchId: number, b: Parameters<SportsAdminService['resultOf']>[1]) {
    const match = await sportsRepo.findMatch(this.db, matchId);
    if (!match) throw refuse('sports.match_not_found');
    return this.summary(await this.plan(this.db, matchId, this.resultOf(match.match, b)));
  }

  /**
   * Voids or resettles the match, once. Legs on the match take their new status; an order
   * already settled is corrected by a `settle_correction` entry of the difference (a debit a
   * member can no longer cover refuses the whole correction with 余额不足); orders still pending
   * are settled by the normal settlement right after commit. The money it moves for each member
   * (corrections, and payouts of orders it decides) counts against the operator's solo allowance;
   * beyond it the correction waits for a second operator (dual-control `sports.correction`).
   */
  async correct(matchId: number, b: CorrectionInput, call: OperatorCall) {
    const outcome = await inTransaction(this.db, async (work) => {
      const match = await repo.lockMatch(work.tx, matchId);
      if (!match) throw refuse('sports.match_not_found');
      const next = this.resultOf(match, b);
      const plan = await this.plan(work.tx, matchId, next);
      const moves = plan.changes.map((c) => ({
        operatorId: call.operatorId,
        memberId: c.order.memberId,
        amount: c.delta,
        kind: 'sports_correction' as const,
        reference: `match_correction:${matchId}:order:${c.order.id}`,
      }));
      // Checked first, recorded only once the correction is made (a second one is refused there).
      if ((await this.dual.solo.allows(work, moves)).alone) {
        const summary = await this.correctIn(work, matchId, match, next, plan, b, call, null);
        await this.dual.solo.record(work, moves);
        return { summary };
      }
      const summary = this.summary(plan);
      const pending = await this.dual.changes.propose(
        work,
        {
          kind: 'sports.correction',
          targetType: 'match',
          targetId: matchId,
          summary: `${b.kind === 'void' ? '作废' : '重新结算'}比赛 ${matchId}：${summary.orders} 笔注单，净额 ${summary.net} 元，超出单人审批额度`,
          payload: { matchId, body: b },
          before: { result: match.result ?? null },
          after: { result: next, ...summary },
          reason: b.reason,
        },
        call,
      );
      return { summary, pending };
    });
    if (outcome.pending) return { ...outcome.summary, pending_change: outcome.pending };
    return outcome.summary;
  }

  private async correctIn(
    work: Work,
    matchId: number,
    match: NonNullable<Awaited<ReturnType<typeof repo.lockMatch>>>,
    next: MatchResult,
    plan: Plan,
    b: CorrectionInput,
    call: { operatorId: number; ip: string },
    approval: { changeId: number; makerId: number } | null,
  ) {
    const summary = this.summary(plan);
    const now = this.clock.now();
    const correctionId = await repo.insertCorrection(work.tx, {
      matchId,
      kind: b.kind,
      reason: b.reason,
      before: match.result ?? null,
      after: next,
      ordersAffected: plan.changes.length,
      netAmount: plan.changes.filter((c) => !c.wasPending).reduce((a, c) => a + c.delta, 0n),
      operatorId: call.operatorId,
      createdAt: now,
    });
    if (correctionId === null) throw refuse('sports.match_already_corrected');
    // A 赛果更正提醒 waiting on the match is decided with it (applied when this is the feed's result).
    await decidePendingOf(work.tx, matchId, resultKey(next) ?? 'void', call.operatorId, b.reason, now);
    for (const [status, ids] of plan.legs) await repo.setLegStatus(work.tx, ids, status, now);
    for (const c of plan.changes.filter((x) => !x.wasPending)) {
      if (c.delta !== 0n)
        await this.ledger.post(work, {
          memberId: c.order.memberId,
          amount: c.delta,
          type: 'settle_correction',
          reference: { type: 'order', id: c.order.id },
          idempotencyKey: `correction:${correctionId}:order:${c.order.id}`,
          remark: `${b.kind === 'void' ? '赛事作废' : '重新结算'}更正 ${c.order.orderNo}`,
        });
      await repo.setOrderOutcome(work.tx, c.order.id, c.status, c.payout, now);
    }
    await this.boosts?.correct(
      work,
      plan.changes.flatMap((c) =>
        !c.wasPending && (c.status === 'won' || c.status === 'lost' || c.status === 'refunded')
          ? [{ order: c.order, status: c.status, payout: c.payout }]
          : [],
      ),
      correctionId,
      now,
    );
    await repo.setMatchResult(work.tx, matchId, next, b.kind === 'void');
    if (b.kind === 'void')
      await insertSuspension(work.tx, {
        matchId,
        playType: WHOLE_MATCH,
        reason: `作废：${b.reason}`,
        operatorId: call.operatorId,
        createdAt: now,
      });
    await this.operators.audit(work, {
      operatorId: call.operatorId,
      action: `sports.${b.kind}`,
      targetType: 'match',
      targetId: matchId,
      reason: b.reason,
      detail: {
        before: { result: match.result ?? null },
        after: { result: next },
        ...summary,
        ...(approval ? { approved_change: approval.changeId, proposed_by: approval.makerId } : {}),
      },
      ip: call.ip,
    });
    // Orders that were pending and are now decided are paid by the settlement's own exactly-once path.
    work.afterCommit(async () => {
      await this.settlement.settleReadyOrders(matchId);
      this.publicCache?.invalidate('sports');
    });
    return summary;
  }

  // ---- per-member limits ----

  limits(q: { page: number; per_page: number; keyword?: string | undefined; memberId?: number }) {
    return this.limitsFrom(this.reads, q);
  }

  /** The limits page from `db`: the list's reads, or the primary for the limit just saved. */
  private async limitsFrom(
    db: Db,
    q: { page: number; per_page: number; keyword?: string | undefined; memberId?: number },
  ) {
    const { rows, total } = await limitsRepo.pageLimits(db, q);
    return pageOf(
      rows.map((r) => ({
        member_id: Number(r.member_id),
        username: r.username,
        max_stake: r.max_stake === null ? null : formatFen(BigInt(r.max_stake)),
        max_payout_per_match:
          r.max_payout_per_match === null ? null : formatFen(BigInt(r.max_payout_per_match)),
        reason: r.reason,
        updated_at: iso(r.updated_at)!,
      })),
      total,
      q,
    );
  }

  /**
   * Sets (or, with both null, removes) a member's limits: the most one order stakes and the most
   * they may win on one match over their open orders. Order submit checks both in its
   * transaction. Audited with before → after. Raising either (or removing one: no limit) waits for
   * a second operator (dual-control `sports.member_limit`); the answer then names the pending change.
   */
  async saveLimit(
    b: { member: string; max_stake: bigint | null; max_payout_per_match: bigint | null; reason: string },
    call: OperatorCall,
  ) {
    const memberId = await findMemberIdByName(this.db, b.member);
    if (memberId === undefined) throw refuse('backoffice.member_not_found');
    const change: LimitChange = { memberId, ...b };
    const pending = await inTransaction(this.db, async (work) => {
      const before = await limitsRepo.lockLimit(work.tx, memberId);
      const raised = limitRaises(before, change);
      if (raised.length === 0) {
        await this.saveLimitIn(work, change, call);
        return undefined;
      }
      const show = (v: bigint | null | undefined) => (v === null || v === undefined ? null : formatFen(v));
      return this.dual.changes.propose(
        work,
        {
          kind: 'sports.member_limit',
          targetType: 'member',
          targetId: memberId,
          summary: `放宽会员 ${b.member} 的限额：${raised.join('；')}`,
          payload: {
            memberId,
            member: b.member,
            max_stake: b.max_stake?.toString() ?? null,
            max_payout_per_match: b.max_payout_per_match?.toString() ?? null,
            reason: b.reason,
          },
          before: {
            max_stake: show(before?.maxStake),
            max_payout_per_match: show(before?.maxPayoutPerMatch),
          },
          after: { max_stake: show(b.max_stake), max_payout_per_match: show(b.max_payout_per_match) },
          reason: b.reason,
        },
        call,
      );
    });
    const saved = await this.limitsFrom(this.db, { page: 1, per_page: 1, memberId });
    return { item: saved.list[0] ?? null, pending_change: pending };
  }

  private async saveLimitIn(
    work: Work,
    b: LimitChange,
    call: { operatorId: number; ip: string },
    approval?: { changeId: number; makerId: number },
  ): Promise<void> {
    const show = (v: bigint | null | undefined) => (v === null || v === undefined ? null : formatFen(v));
    const before = await limitsRepo.lockLimit(work.tx, b.memberId);
    if (b.max_stake === null && b.max_payout_per_match === null) {
      if (!before) throw refuse('sports.member_limit_missing');
      await limitsRepo.deleteLimit(work.tx, b.memberId);
    } else {
      await limitsRepo.saveLimit(work.tx, {
        memberId: b.memberId,
        maxStake: b.max_stake,
        maxPayoutPerMatch: b.max_payout_per_match,
        reason: b.reason,
        operatorId: call.operatorId,
        updatedAt: this.clock.now(),
      });
    }
    await this.operators.audit(work, {
      operatorId: call.operatorId,
      action: 'sports.limit.save',
      targetType: 'member',
      targetId: b.memberId,
      memberId: b.memberId,
      reason: b.reason,
      detail: {
        before: {
          max_stake: show(before?.maxStake),
          max_payout_per_match: show(before?.maxPayoutPerMatch),
        },
        after: { max_stake: show(b.max_stake), max_payout_per_match: show(b.max_payout_per_match) },
        ...(approval ? { approved_change: approval.changeId, proposed_by: approval.makerId } : {}),
      },
      ip: call.ip,
    });
  }
}

interface LimitChange {
  memberId: number;
  member: string;
  max_stake: bigint | null;
  max_payout_per_match: bigint | null;
  reason: string;
}

/**
 * What a member limit change loosens, in words (empty when it loosens nothing). Without a row
 * the member has no limit of their own, so any new one only tightens; a null value is no limit.
 */
export function limitRaises(
  before: { maxStake: bigint | null; maxPayoutPerMatch: bigint | null } | undefined,
  next: { max_stake: bigint | null; max_payout_per_match: bigint | null },
): string[] {
  if (!before) return [];
  const words = (v: bigint | null) => (v === null ? '不限' : `${formatYuan(v)}元`);
  const out: string[] = [];
  const loosens = (was: bigint | null, now: bigint | null) => was !== null && (now === null || now > was);
  if (loosens(before.maxStake, next.max_stake))
    out.push(`单笔最高投注 ${words(before.maxStake)} → ${words(next.max_stake)}`);
  if (loosens(before.maxPayoutPerMatch, next.max_payout_per_match))
    out.push(`单场最高可赢 ${words(before.maxPayoutPerMatch)} → ${words(next.max_payout_per_match)}`);
  return out;
}
