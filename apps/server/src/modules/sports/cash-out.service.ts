import {
  boostRateText,
  CASH_OUT_MESSAGES,
  cashOutQuote,
  formatFen,
  parseSportsOdds,
  PLAY_TYPES,
  type PlayTypeId,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import { releaseOrders } from './book.repo.ts';
import { closeUnpaid } from './boosts.repo.ts';
import * as repo from './cash-out.repo.ts';
import * as orders from './orders.repo.ts';
import type { SportsPreferencesService } from './preferences.service.ts';
import { isOpenForBetting, legSelection, placedOrder } from './sports.mapper.ts';
import type { OrderRow } from './sports.repo.ts';

type Sport = 'football' | 'basketball';
const SPORT_NAMES: Record<Sport, string> = { football: '足球', basketball: '篮球' };

interface Priced {
  order: OrderRow;
  offer: bigint | null;
  fair: bigint | null;
  why: string | null;
  marginBp: number;
}

/**
 * 提前结算 (issue 41, point 5; docs/decisions/031-cash-out.md): the book's offer for a member's
 * open pre-match order — each open leg at its current odds (domain/sports/cash-out.ts) less the
 * sport's margin — and taking it: under the order row's lock the order is closed `cashed_out`
 * for the offer (a `cash_out` credit), its book liability released and its 加奖 closed unpaid, in
 * one transaction. Settlement flips pending orders only, so a cash-out racing the settlement of
 * the same order leaves exactly one of them done. The member's odds-change setting decides an
 * offer that moved since it was shown.
 */
export class CashOutService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Pick<LedgerService, 'post'>,
    private readonly idempotency: Pick<IdempotencyService, 'run'>,
    private readonly preferences: Pick<SportsPreferencesService, 'oddsPolicy'>,
    private readonly operators: Pick<OperatorsService, 'audit'>,
    private readonly clock: Clock,
  ) {}

  /** The offer for a member's order now (or why there is none). */
  async quote(memberId: number, orderNo: string) {
    const order = await orders.findMemberOrder(this.db, memberId, { orderNo });
    if (!order) throw refuse('sports.order_not_found');
    const priced = await this.price(order);
    return {
      order_no: order.orderNo,
      available: priced.offer !== null,
      offer: priced.offer === null ? null : formatFen(priced.offer),
      reason: priced.why,
      stake: formatFen(order.totalAmount),
      max_prize: formatFen(order.maxPrize),
      margin_bp: priced.marginBp,
      quoted_at: this.clock.now().toISOString(),
    };
  }

  /** Prices an order from its legs' current odds, the sport's rule and the matches' switches. */
  private async price(order: OrderRow): Promise<Priced> {
    const [rules, legs] = await Promise.all([repo.rules(this.db), orders.legsOfOrder(this.db, order.id)]);
    const rule = rules.get(order.sport) ?? repo.CASH_OUT_DEFAULTS;
    const none = (why: string): Priced => ({ order, offer: null, fair: null, why, marginBp: rule.marginBp });
    if (order.status !== 'pending') return none('注单已结算或待确认，不能提前结算');
    if (order.freeBetId !== null) return none('免费投注券注单不支持提前结算');
    if (!rule.enabled) return none(`${SPORT_NAMES[order.sport]}暂未开放提前结算`);
    const open = legs.filter((l) => l.status === 'pending');
    const matchIds = [...new Set(open.map((l) => l.matchId))];
    const playTypes = [...new Set(open.map((l) => l.playType))];
    const betTypes = playTypes.map((p) => PLAY_TYPES[p as PlayTypeId]?.betType ?? p);
    const [reads, off] = await Promise.all([
      orders.slipReads(this.db, order.memberId, matchIds, betTypes),
      repo.matchesOff(this.db, matchIds),
    ]);
    if (off.size > 0) return none('注单中有赛事暂不支持提前结算');
    const now = this.clock.now();
    const byMatch = new Map(reads.matches.map((m) => [m.id, m]));
    const current: Array<bigint | null> = [];
    for (const leg of legs) {
      if (leg.status !== 'pending') {
        current.push(null);
        continue;
      }
      const match = byMatch.get(leg.matchId);
      if (!match || !isOpenForBetting(match, now)) return none('注单中有比赛已开赛，暂不支持提前结算');
      const market = reads.markets.get(leg.matchId)?.find((m) => m.playType === leg.playType);
      const odds =
        market && !market.suspended && market.line === leg.line ? market.odds[leg.optionKey] : undefined;
      current.push(odds === undefined ? null : parseSportsOdds(odds));
    }
    const quote = cashOutQuote(
      placedOrder(
        order,
        legs.map((l) => legSelection(l)),
      ),
      legs.map((l) => l.status),
      current,
      rule.marginBp,
    );
    if (!quote.ok) return none(quote.message);
    if (quote.offerFen <= 0n) return none(CASH_OUT_MESSAGES.lost);
    return { order, offer: quote.offerFen, fair: quote.fairFen, why: null, marginBp: rule.marginBp };
  }

  /**
   * Takes the offer: priced again now and decided under the member's odds-change setting against
   * the offer they accepted (any: the offer now; higher: when not lower; none: only the same).
   */
  async cashOut(
    memberId: number,
    orderNo: string,
    accepted: bigint,
    ctx: { idempotencyKey: string | undefined; route: string },
  ) {
    const order = await orders.findMemberOrder(this.db, memberId, { orderNo });
    if (!order) throw refuse('sports.order_not_found');
    // Priced from what the database holds now, before the transaction (its reads are not the
    // transaction's: on the embedded database one connection serves both); the order row's lock
    // below decides whether it is still open.
    const [priced, policy] = await Promise.all([this.price(order), this.preferences.oddsPolicy(memberId)]);
    const { data } = await this.idempotency.run(
      {
        memberId,
        key: ctx.idempotencyKey,
        route: ctx.route,
        request: { orderNo, accepted: String(accepted) },
      },
      async (work) => {
        if (priced.offer === null || priced.fair === null)
          throw refuse('sports.cash_out_unavailable', { why: priced.why ?? CASH_OUT_MESSAGES.no_price });
        const offer = priced.offer;
        const takes = policy === 'any' || (policy === 'higher' ? offer >= accepted : offer === accepted);
        if (!takes)
          throw refuse(
            'sports.cash_out_offer_changed',
            { offer: formatFen(offer) },
            { offer: formatFen(offer) },
          );
        const now = this.clock.now();
        // The order's row first, as settlement takes it: then its outcomes' liability, then the wallet.
        const status = await repo.lockOrderStatus(work.tx, order.id);
        if (status !== 'pending' || !(await repo.closeOrder(work.tx, order.id, offer, now)))
          throw refuse('sports.cash_out_unavailable', { why: '注单已结算，不能提前结算' });
        await repo.insertCashOut(work.tx, {
          orderId: order.id,
          memberId,
          amount: offer,
          fair: priced.fair,
          marginBp: priced.marginBp,
          accepted,
          createdAt: now,
        });
        await releaseOrders(work.tx, [order.id], now);
        await closeUnpaid(work.tx, [order.id]);
        const credit = await this.ledger.post(work, {
          memberId,
          amount: offer,
          type: 'cash_out',
          reference: { type: 'order', id: order.orderNo },
          idempotencyKey: `cash-out:${order.id}`,
          remark: `提前结算 ${order.orderNo}`,
        });
        return {
          order_no: order.orderNo,
          amount: formatFen(offer),
          balance: formatFen(credit.balanceAfter),
          status: 'cashed_out' as const,
          cashed_out_at: now.toISOString(),
        };
      },
    );
    return data;
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
