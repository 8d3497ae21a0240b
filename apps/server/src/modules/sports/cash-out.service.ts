import type { FastifyBaseLogger } from 'fastify';
import {
  boostRateText,
  CASH_OUT_MESSAGES,
  cashOutQuote,
  cashOutShares,
  formatFen,
  IN_PLAY_PLAY_TYPES,
  orderShares,
  parseSportsOdds,
  PLAY_TYPES,
  privateUserChannel,
  REALTIME_EVENTS,
  validateBetSlip,
  type BetSelection,
  type CashOutDecidedEvent,
  type OddsPolicy,
  type PlayTypeId,
} from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refuse } from '../../lib/errors.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { Broadcaster } from '../realtime/index.ts';
import { releaseOrders, shrinkOrder } from './book.repo.ts';
import { outcomeShares } from './book.service.ts';
import { closeUnpaid } from './boosts.repo.ts';
import * as repo from './cash-out.repo.ts';
import * as orders from './orders.repo.ts';
import type { BetDelays, SportsPreferencesService } from './preferences.service.ts';
import { isLiveOpen, isOpenForBetting, legSelection, placedOrder } from './sports.mapper.ts';
import type { OrderRow } from './sports.repo.ts';

type Sport = 'football' | 'basketball';
const SPORT_NAMES: Record<Sport, string> = { football: '足球', basketball: '篮球' };

/** In-play requests decided per run of the leader job; the next run (a second later) takes the rest. */
const REQUEST_BATCH = 200;

const WAITING_REASON = '提前结算确认中，请稍候';

interface Priced {
  order: OrderRow;
  offer: bigint | null;
  fair: bigint | null;
  why: string | null;
  marginBp: number;
  /** The shares priced, of the order's `sharesTotal`. */
  shares: number;
  sharesTotal: number;
  /** A leg's match is in play: taking the offer waits `delayMs` (the longest of their sports). */
  inPlay: boolean;
  delayMs: number;
  /** The latest in-play suspension the legs' matches began (a request made before it is refused). */
  suspendedSince: number | null;
  /** The order's legs as the shared engine reads them, at their accepted odds. */
  selections: BetSelection[];
}

/**
 * 提前结算 (issue 41, point 5; docs/decisions/031-cash-out.md): the book's offer for a member's
 * open order, whole or a share of it (部分提前结算: equal shares of every bet, domain
 * cash-out.ts `cashOutShares`) — each open leg at its current odds, pre-match or in play, less
 * the sport's margin — and taking it. Before kick-off it is taken at once; with a leg in play it
 * waits through the bet delay (a `cash_out_requests` row) and is priced again when that ends.
 * Taking it, under the order row's lock and only while it is `pending`, in one transaction: the
 * whole order is closed `cashed_out` for the offer (its liability released, its 加奖 closed
 * unpaid), or a share is closed and the rest stays open at its scaled-down multiples, stake,
 * most prize and liability; a `cash_out` credit. Settlement flips pending orders only, so a
 * cash-out racing the settlement of the same order leaves exactly one of them done. The member's
 * odds-change setting decides an offer that moved since it was shown.
 */
export class CashOutService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Pick<LedgerService, 'post'>,
    private readonly idempotency: Pick<IdempotencyService, 'run'>,
    private readonly preferences: Pick<SportsPreferencesService, 'oddsPolicy'>,
    private readonly operators: Pick<OperatorsService, 'audit'>,
    private readonly clock: Clock,
    private readonly delays: BetDelays,
    private readonly broadcaster: Pick<Broadcaster, 'publish'>,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  ) {}

  /** The offer for a member's order now, whole or for `shares` of it (or why there is none). */
  async quote(memberId: number, orderNo: string, shares?: number) {
    const order = await orders.findMemberOrder(this.db, memberId, { orderNo });
    if (!order) throw refuse('sports.order_not_found');
    const [priced, waiting] = await Promise.all([
      this.price(this.db, order, shares ?? null, this.clock.now()),
      repo.waitingRequest(this.db, order.id),
    ]);
    const available = priced.offer !== null && !waiting;
    return {
      order_no: order.orderNo,
      available,
      offer: priced.offer === null ? null : formatFen(priced.offer),
      reason: waiting ? WAITING_REASON : priced.why,
      stake: formatFen(order.totalAmount),
      max_prize: formatFen(order.maxPrize),
      shares: priced.shares,
      shares_total: priced.sharesTotal,
      cashed_out: formatFen(order.cashedOutAmount),
      in_play: priced.inPlay,
      delay_seconds: Math.ceil(priced.delayMs / 1000),
      waiting: waiting
        ? {
            shares: waiting.shares,
            accepted: formatFen(waiting.accepted),
            decide_at: waiting.decideAt.toISOString(),
          }
        : null,
      margin_bp: priced.marginBp,
      quoted_at: this.clock.now().toISOString(),
    };
  }

  /**
   * Prices `shares` of an order (all when null) from its legs' current odds, the sport's rule and
   * the matches' switches: a leg before kick-off while its match is on sale, a leg in play while
   * its match is open in play and its in-play market is priced and not suspended.
   */
  private async price(handle: Db | Tx, order: OrderRow, wanted: number | null, now: Date): Promise<Priced> {
    const [rules, legs] = await Promise.all([repo.rules(handle), orders.legsOfOrder(handle, order.id)]);
    const rule = rules.get(order.sport) ?? repo.CASH_OUT_DEFAULTS;
    const sharesTotal = cashOutShares(order);
    const shares = wanted ?? sharesTotal;
    const base = {
      order,
      selections: legs.map((l) => legSelection(l)),
      offer: null,
      fair: null,
      marginBp: rule.marginBp,
      shares,
      sharesTotal,
      inPlay: false,
      delayMs: 0,
      suspendedSince: null,
    };
    const none = (why: string, live: Partial<Priced> = {}): Priced => ({ ...base, ...live, why });
    if (order.status !== 'pending') return none('注单已结算或待确认，不能提前结算');
    if (order.freeBetId !== null) return none('免费投注券注单不支持提前结算');
    if (order.syndicateId !== null) return none('合买方案的注单不支持提前结算');
    if (!rule.enabled) return none(`${SPORT_NAMES[order.sport]}暂未开放提前结算`);
    if (shares > sharesTotal) return none(`本注单最多可分 ${sharesTotal} 份提前结算`);
    const open = legs.filter((l) => l.status === 'pending');
    const matchIds = [...new Set(open.map((l) => l.matchId))];
    const playTypes = [...new Set(open.map((l) => l.playType))];
    const betTypes = playTypes.map((p) => PLAY_TYPES[p as PlayTypeId]?.betType ?? p);
    const [reads, off] = await Promise.all([
      orders.slipReads(handle, order.memberId, matchIds, betTypes),
      repo.matchesOff(handle, matchIds),
    ]);
    if (off.size > 0) return none('注单中有赛事暂不支持提前结算');
    const byMatch = new Map(reads.matches.map((m) => [m.id, m]));
    const live = reads.matches.filter((m) => m.status === 'live');
    const inPlay: Partial<Priced> = {
      inPlay: live.length > 0,
      delayMs: Math.max(0, ...live.map((m) => this.delays[m.sport])),
      suspendedSince: Math.max(0, ...live.map((m) => m.liveSuspendedAt?.getTime() ?? 0)) || null,
    };
    const current: Array<bigint | null> = [];
    for (const leg of legs) {
      if (leg.status !== 'pending') {
        current.push(null);
        continue;
      }
      const match = byMatch.get(leg.matchId);
      if (!match) return none(CASH_OUT_MESSAGES.no_price, inPlay);
      if (match.status === 'live') {
        if (!IN_PLAY_PLAY_TYPES.includes(leg.playType as PlayTypeId))
          return none('注单中有玩法不支持滚球提前结算', inPlay);
        if (!isLiveOpen(match))
          return none(`盘口暂停（${match.liveSuspendReason ?? '暂停投注'}），暂不能提前结算`, inPlay);
      } else if (!isOpenForBetting(match, now)) {
        return none(
          match.status === 'scheduled'
            ? '注单中有比赛已停售，暂不能提前结算'
            : '注单中有比赛已结束，正在结算',
          inPlay,
        );
      }
      const market = reads.markets.get(leg.matchId)?.find((m) => m.playType === leg.playType);
      const odds =
        market && !market.suspended && market.line === leg.line ? market.odds[leg.optionKey] : undefined;
      current.push(odds === undefined ? null : parseSportsOdds(odds));
    }
    const quote = cashOutQuote(
      placedOrder(orderShares(order, shares), base.selections),
      legs.map((l) => l.status),
      current,
      rule.marginBp,
    );
    if (!quote.ok) return none(quote.message, inPlay);
    if (quote.offerFen <= 0n) return none(CASH_OUT_MESSAGES.lost, inPlay);
    return { ...base, ...inPlay, offer: quote.offerFen, fair: quote.fairFen, why: null };
  }

  /**
   * Takes the offer for `shares` of the order (all when absent): priced again now and decided
   * under the member's odds-change setting against the offer they accepted (any: the offer now;
   * higher: when not lower; none: only the same). In play, the request waits through the bet
   * delay instead (`decideDue`).
   */
  async cashOut(
    memberId: number,
    orderNo: string,
    input: { accepted: bigint; shares?: number | undefined },
    ctx: { idempotencyKey: string | undefined; route: string },
  ) {
    const order = await orders.findMemberOrder(this.db, memberId, { orderNo });
    if (!order) throw refuse('sports.order_not_found');
    const now = this.clock.now();
    // Priced from what the database holds now, before the transaction (its reads are not the
    // transaction's: on the embedded database one connection serves both); the order row's lock
    // below decides whether it is still open and unchanged.
    const [priced, policy, waiting] = await Promise.all([
      this.price(this.db, order, input.shares ?? null, now),
      this.preferences.oddsPolicy(memberId),
      repo.waitingRequest(this.db, order.id),
    ]);
    const { data } = await this.idempotency.run(
      {
        memberId,
        key: ctx.idempotencyKey,
        route: ctx.route,
        request: { orderNo, accepted: String(input.accepted), shares: input.shares ?? null },
      },
      async (work) => {
        if (waiting) throw refuse('sports.cash_out_unavailable', { why: WAITING_REASON });
        const offer = this.acceptable(priced, policy, input.accepted);
        if (!priced.inPlay) return this.take(work, priced, offer, input.accepted, now);
        // In play: the request waits through the bet delay, the order still open under it.
        await this.lockUnchanged(work, priced);
        const decideAt = new Date(now.getTime() + priced.delayMs);
        const opened = await repo.insertRequest(work.tx, {
          orderId: order.id,
          memberId,
          shares: priced.shares,
          accepted: input.accepted,
          oddsPolicy: policy,
          requestedAt: now,
          decideAt,
        });
        if (!opened) throw refuse('sports.cash_out_unavailable', { why: WAITING_REASON });
        return {
          order_no: order.orderNo,
          status: 'waiting' as const,
          amount: null,
          balance: null,
          stake: formatFen(order.totalAmount),
          cashed_out_at: null,
          decide_at: decideAt.toISOString(),
        };
      },
    );
    return data;
  }

  /** The offer to pay, when the member's setting takes it against the one they accepted. */
  private acceptable(priced: Priced, policy: OddsPolicy, accepted: bigint): bigint {
    if (priced.offer === null || priced.fair === null)
      throw refuse('sports.cash_out_unavailable', { why: priced.why ?? CASH_OUT_MESSAGES.no_price });
    const offer = priced.offer;
    const takes = policy === 'any' || (policy === 'higher' ? offer >= accepted : offer === accepted);
    if (!takes)
      throw refuse('sports.cash_out_offer_changed', { offer: formatFen(offer) }, { offer: formatFen(offer) });
    return offer;
  }

  /**
   * The order's row first, as settlement takes it: still pending and still what was priced (a
   * share cashed out meanwhile changed its multiples), else the cash-out is refused.
   */
  private async lockUnchanged(work: Work, priced: Priced): Promise<void> {
    const row = await repo.lockOrder(work.tx, priced.order.id);
    if (!row || row.status !== 'pending')
      throw refuse('sports.cash_out_unavailable', { why: '注单已结算，不能提前结算' });
    const same =
      row.multiple === priced.order.multiple &&
      row.totalAmount === priced.order.totalAmount &&
      String(row.multiples ?? '') === String(priced.order.multiples ?? '');
    if (!same) throw refuse('sports.cash_out_unavailable', { why: '注单已变化，请重新获取提前结算金额' });
  }

  /** Pays `offer` for the priced shares in the member's transaction (the order row locked here). */
  private async take(work: Work, priced: Priced, offer: bigint, accepted: bigint, now: Date) {
    const order = priced.order;
    await this.lockUnchanged(work, priced);
    const whole = priced.shares === priced.sharesTotal;
    const rest = whole ? null : this.rest(priced);
    const closedStake = rest ? order.totalAmount - rest.totalAmount : order.totalAmount;
    if (rest) {
      if (!(await repo.closeShare(work.tx, order.id, rest, { stake: closedStake, amount: offer })))
        throw refuse('sports.cash_out_unavailable', { why: '注单已结算，不能提前结算' });
    } else if (!(await repo.closeOrder(work.tx, order.id, offer, now))) {
      throw refuse('sports.cash_out_unavailable', { why: '注单已结算，不能提前结算' });
    }
    const cashOutId = await repo.insertCashOut(work.tx, {
      orderId: order.id,
      memberId: order.memberId,
      amount: offer,
      fair: priced.fair ?? offer,
      marginBp: priced.marginBp,
      accepted,
      shares: priced.shares,
      sharesOf: priced.sharesTotal,
      stake: closedStake,
      createdAt: now,
    });
    if (rest) {
      // The rest's liability: each outcome's share at the scaled-down order (never more than now).
      await shrinkOrder(work.tx, order.id, outcomeShares(rest.slip), now);
    } else {
      await releaseOrders(work.tx, [order.id], now);
      await closeUnpaid(work.tx, [order.id]);
    }
    const credit = await this.ledger.post(work, {
      memberId: order.memberId,
      amount: offer,
      type: 'cash_out',
      reference: { type: 'order', id: order.orderNo },
      // The whole order once; each share by its own row.
      idempotencyKey: whole ? `cash-out:${order.id}` : `cash-out:${order.id}:${cashOutId}`,
      remark: whole
        ? `提前结算 ${order.orderNo}`
        : `部分提前结算 ${order.orderNo}（${priced.shares}/${priced.sharesTotal} 份）`,
    });
    return {
      order_no: order.orderNo,
      status: whole ? ('cashed_out' as const) : ('pending' as const),
      amount: formatFen(offer),
      balance: formatFen(credit.balanceAfter),
      stake: formatFen(rest ? rest.totalAmount : 0n),
      cashed_out_at: now.toISOString(),
      decide_at: null,
    };
  }

  /** What stays in play after the priced shares: the order at its remaining multiples. */
  private rest(priced: Priced) {
    const order = priced.order;
    const kept = orderShares(order, priced.sharesTotal - priced.shares);
    const slip = validateBetSlip({
      sport: order.sport,
      mode: order.betMode,
      selections: priced.selections,
      passType: order.passType,
      multiple: kept.multiple,
      multiples: kept.multiples,
      expectedStake: null,
    });
    if (!slip.ok)
      throw new Error(`order ${order.orderNo}: the rest of a partial cash-out is no slip (${slip.message})`);
    return {
      multiple: kept.multiple,
      multiples: kept.multiples,
      totalAmount: slip.totalStake,
      maxPrize: slip.maxPrize,
      slip: {
        mode: order.betMode,
        multiple: kept.multiple,
        selections: priced.selections,
        totalStake: slip.totalStake,
        maxPrize: slip.maxPrize,
      },
    };
  }

  // ---- in play: requests decided when their bet delay ends (leader job `sports-cash-out-live`) ----

  /** Decides every in-play cash-out request due by `now`: each once, in its own transaction. */
  async decideDue(now = this.clock.now()): Promise<{ paid: number; refused: number }> {
    const report = { paid: 0, refused: 0 };
    for (const id of await repo.dueRequestIds(this.db, now, REQUEST_BATCH)) {
      try {
        const verdict = await this.decide(id, now);
        if (verdict) report[verdict]++;
      } catch (err) {
        // One request's failure (rolled back, still waiting) must not hold up the others.
        this.log.error({ err, requestId: id }, 'in-play cash-out not decided');
      }
    }
    if (report.paid + report.refused > 0) this.log.info(report, 'in-play cash-outs decided');
    return report;
  }

  /**
   * Decides one request; null when it is not due, decided, or held by another decider. Priced
   * again now: paid when the order is still open and unchanged, no suspension began on its
   * matches since the request, and the offer now is one the member's setting (as it was when
   * they asked) takes against the one they accepted; else refused with why, nothing paid.
   */
  async decide(id: number, now = this.clock.now()): Promise<'paid' | 'refused' | null> {
    try {
      return await this.decideOnce(id, now, null);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return this.decideOnce(id, now, err.message);
      throw err;
    }
  }

  private decideOnce(id: number, now: Date, refusal: string | null): Promise<'paid' | 'refused' | null> {
    return inTransaction(
      this.db,
      async (work) => {
        const request = await repo.lockDueRequest(work.tx, id, now);
        if (!request) return null;
        const order = await orders.findMemberOrder(work.tx, request.memberId, { id: request.orderId });
        if (!order) throw new Error(`cash-out request ${id}: its order is gone`);
        let event: CashOutDecidedEvent;
        if (refusal === null) {
          const priced = await this.price(work.tx, order, request.shares, now);
          if (priced.suspendedSince !== null && priced.suspendedSince > request.requestedAt.getTime())
            throw refuse('sports.cash_out_unavailable', { why: '确认期间盘口暂停，提前结算未成功' });
          const offer = this.acceptable(priced, request.oddsPolicy, request.accepted);
          const paid = await this.take(work, priced, offer, request.accepted, now);
          await repo.decideRequest(work.tx, id, { status: 'paid', reason: null, amount: offer, at: now });
          event = { order_no: order.orderNo, status: paid.status, amount: paid.amount, reason: null };
        } else {
          await repo.decideRequest(work.tx, id, {
            status: 'refused',
            reason: refusal,
            amount: null,
            at: now,
          });
          event = { order_no: order.orderNo, status: 'refused', amount: null, reason: refusal };
        }
        work.afterCommit(() =>
          this.broadcaster
            .publish(privateUserChannel(order.memberId), REALTIME_EVENTS.cashOutDecided, event)
            .catch((err: unknown) =>
              this.log.warn({ err, memberId: order.memberId }, 'cash_out.decided not published'),
            ),
        );
        return event.status === 'refused' ? 'refused' : 'paid';
      },
      this.log,
    );
  }

  // ---- console ----------------------------------------------------------------------------------

  async rules() {
    const stored = await repo.rules(this.db);
    return {
      sports: (['football', 'basketball'] as const).map((sport) => {
        const rule = stored.get(sport) ?? repo.CASH_OUT_DEFAULTS;
        return {
          sport,
          sport_name: SPORT_NAMES[sport],
          enabled: rule.enabled,
          margin_bp: rule.marginBp,
          margin_text: boostRateText(rule.marginBp),
        };
      }),
    };
  }

  async saveRule(
    input: { sport: Sport; enabled: boolean; margin_bp: number },
    call: { operatorId: number; ip: string },
  ) {
    await inTransaction(this.db, async (work) => {
      const before = (await repo.rules(work.tx)).get(input.sport) ?? repo.CASH_OUT_DEFAULTS;
      await repo.saveRule(work.tx, {
        sport: input.sport,
        enabled: input.enabled,
        marginBp: input.margin_bp,
        operatorId: call.operatorId,
        at: this.clock.now(),
      });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'sports.cash_out.rule',
        targetType: 'sport',
        targetId: input.sport,
        detail: {
          before: { enabled: before.enabled, margin_bp: before.marginBp },
          after: { enabled: input.enabled, margin_bp: input.margin_bp },
        },
        ip: call.ip,
      });
    });
    return this.rules();
  }

  async setMatch(
    matchId: number,
    input: { enabled: boolean; reason: string },
    call: { operatorId: number; ip: string },
  ) {
    return inTransaction(this.db, async (work) => {
      if (!(await repo.matchExists(work.tx, matchId))) throw refuse('sports.match_not_found');
      const wasOff = await repo.setMatchOff(work.tx, matchId, !input.enabled, {
        operatorId: call.operatorId,
        reason: input.reason,
        at: this.clock.now(),
      });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'sports.cash_out.match',
        targetType: 'match',
        targetId: matchId,
        reason: input.reason,
        detail: { before: { cash_out: !wasOff }, after: { cash_out: input.enabled } },
        ip: call.ip,
      });
      return { match_id: matchId, cash_out: input.enabled };
    });
  }
}
