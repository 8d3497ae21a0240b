import {
  COMBO_FILTER_CODES,
  DEFAULT_ODDS_POLICY,
  formatFen,
  openMaxPrize,
  PLAY_TYPES,
  settleCombinations,
  settleOrder,
  sportFromTypeId,
  matchResultSchema,
  type BetSelection,
  type MatchResult,
  type OrderSubmitBody,
  type PlayTypeId,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, isRefusal, refuse } from '../../lib/errors.ts';
import { recordRefusals } from './refusals.repo.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MemberRow } from '../accounts/index.ts';
import { addTurnover, announceFigures } from '../accounts/index.ts';
import type { EventBus } from '../../lib/events.ts';
import { legSelection, optionName, placedOrder, toLegView, toOrderSummary } from './sports.mapper.ts';
import type { BetDelays, SportsPreferencesService } from './preferences.service.ts';
import * as follow from './follow.repo.ts';
import { voidFactsOfMatches, voidFactsOfOrders } from './void-trace.repo.ts';
import { voidTraceOf } from './void-trace.ts';
import * as orders from './orders.repo.ts';
import { BookShardFull, rebalance, reserveLiability } from './book.service.ts';
import * as repo from './sports.repo.ts';
import type { BoostsService } from './boosts.service.ts';
import type { FreeBetsService } from '../free-bets/index.ts';
import {
  acceptanceTime,
  applySlipRules,
  assertMemberLimitsHeld,
  assertMemberMayBet,
  assertOddsAccepted,
  assertPlaysNotSuspended,
  assertStillOpen,
  assertUnderStakeLimit,
  legRows,
  newOrderNo,
  pastPostedLegs,
  PAST_POSTING_REFUSALS,
  priceSlip,
} from './submit.steps.ts';
import { pageOf } from '../../lib/paging.ts';
import { insertUnderFreshNumber } from '../../lib/order-no.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';

export interface SubmitContext {
  member: MemberRow;
  idempotencyKey: string | undefined;
  route: string;
  /** 跟单: the 晒单 this order copies (follow.service.ts). */
  followPostId?: number;
}

export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly clock: Clock,
    private readonly responsible: Pick<ResponsiblePlayService, 'assertMayPlay'>,
    private readonly preferences: Pick<SportsPreferencesService, 'oddsPolicy'>,
    private readonly delays: BetDelays,
    private readonly events: EventBus,
    private readonly boosts: Pick<BoostsService, 'attach' | 'ofOrder'>,
    private readonly freeBets: Pick<FreeBetsService, 'use' | 'ofOrder'>,
  ) {}

  /**
   * Places an order: re-checks everything against current data (matches open before kick-off or
   * open in play, odds against the current odds under the member's odds-change policy, the
   * member's flags and balance) and commits the order, its legs and the stake debit together.
   * An order with an in-play leg is born 'confirming': the acceptance job decides it once its bet
   * delay has passed (acceptance.service.ts). The steps and their rules: submit.steps.ts.
   */
  async submit(body: OrderSubmitBody, ctx: SubmitContext) {
    const requestedAt = this.clock.now();
    try {
      return await this.submitOnce(body, ctx);
    } catch (err) {
      // Past-posting (issue 43): a bet refused because its match had moved on leaves a record for
      // the console, one insert of its own (nothing moved, no order was written).
      if (isRefusal(err, ...PAST_POSTING_REFUSALS))
        await this.recordRefused(body, ctx.member.id, requestedAt, err);
      throw err;
    }
  }

  private async recordRefused(body: OrderSubmitBody, memberId: number, requestedAt: Date, err: AppError) {
    const { matches } = await orders.slipReads(
      this.db,
      memberId,
      [...new Set(body.selections.map((s) => s.match_id))],
      [],
    );
    const decidedAt = this.clock.now();
    await recordRefusals(
      this.db,
      pastPostedLegs(body.selections, matches, decidedAt).map((leg) => ({
        memberId,
        orderNo: null,
        matchId: leg.matchId,
        playType: leg.playType,
        optionKey: leg.option,
        stage: 'submit' as const,
        reason: leg.code,
        message: err.message,
        feedEventAt: leg.eventAt,
        requestedAt,
        decidedAt,
      })),
    );
  }

  private async submitOnce(body: OrderSubmitBody, ctx: SubmitContext) {
    const { member } = ctx;
    assertMemberMayBet(member);
    const sport = sportFromTypeId(body.sport_type);
    if (!sport) throw refuse('sports.sport_unsupported');
    const matchIds = [...new Set(body.selections.map((s) => s.match_id))];
    const betTypes = [...new Set(body.selections.map((s) => s.bet_type))];
    const reads = await orders.slipReads(this.db, member.id, matchIds, betTypes);
    const now = this.clock.now();

    const priced = priceSlip(body.selections, reads, now);
    const acceptAt = acceptanceTime(priced, this.delays, now);
    const confirming = acceptAt !== null;
    // An in-play order keeps the policy for its decision; other orders whose odds did not move
    // never ask for it.
    const policy =
      priced.changes.length > 0 || confirming
        ? await this.preferences.oddsPolicy(member.id)
        : DEFAULT_ODDS_POLICY;
    assertOddsAccepted(policy, priced.changes);
    const ruled = applySlipRules(body, sport, priced);
    assertUnderStakeLimit(ruled, ruled.multiple, reads.limit, reads.defaults);
    const { slip } = ruled;
    // 免费投注券: the ticket is the whole stake, the book's money — no debit, not a valid bet, no
    // 加奖, and the member's own stake limits do not count it (a time-out still stops it).
    const freeBetId = body.free_bet_id ?? null;
    if (freeBetId !== null && body.multiples) throw refuse('free_bets.optimised');

    // `lockBook`: the second try, after the book's fast path found a shard without room
    // (BookShardFull): everything runs again, deciding the book against each outcome's whole cap.
    const place = (lockBook: boolean) =>
      this.idempotency.run(
        { memberId: member.id, key: ctx.idempotencyKey, route: ctx.route, request: body },
        async (work) => {
          // Time-out, self-exclusion and the member's own limits, first: their lock is the first
          // this transaction takes, as on every money path of the member.
          await this.responsible.assertMayPlay(
            work,
            member.id,
            this.clock.now(),
            freeBetId === null ? { kind: 'stake', amount: slip.totalStake } : { kind: 'play' },
          );
          // The matches must still be open at commit: lock them against a concurrent close.
          const locked = await orders.lockSubmitMatches(work.tx, matchIds);
          assertStillOpen(locked, priced, this.clock.now());
          await assertMemberLimitsHeld(work.tx, member.id, ruled, ruled.multiple, reads, matchIds, locked);
          // The order and its legs, reading in the same statement the operators' suspensions: one
          // takes the match row FOR UPDATE, so it is either seen here or waits for this order.
          // A number drawn twice in one second (1 in a million each) is drawn again.
          const order = await insertUnderFreshNumber(
            () => newOrderNo(now),
            (orderNo) =>
              orders.insertOrderReadingSuspensions(
                work.tx,
                {
                  orderNo,
                  memberId: member.id,
                  sport,
                  betMode: body.bet_mode,
                  passType: slip.passType.code,
                  multiple: body.multiple,
                  multiples: slip.multiples,
                  matchCount: slip.matchCount,
                  betCount: slip.betCount,
                  totalAmount: slip.totalStake,
                  maxPrize: slip.maxPrize,
                  createdAt: now,
                  status: confirming ? 'confirming' : 'pending',
                  acceptAt,
                  oddsPolicy: confirming ? policy : null,
                  freeBetId,
                  followPostId: ctx.followPostId ?? null,
                },
                legRows(priced, locked),
                matchIds,
              ),
          );
          const { orderNo } = order;
          assertPlaysNotSuspended(order.suspended, priced.selections);
          const freeBet =
            freeBetId === null
              ? null
              : await this.freeBets.use(
                  work.tx,
                  member.id,
                  freeBetId,
                  {
                    passType: slip.passType.code,
                    totalStakeFen: slip.totalStake,
                    odds: priced.selections.map((s) => s.odds),
                    inPlay: confirming,
                    at: now,
                  },
                  { id: order.id, orderNo },
                );
          // 加奖: the best running campaign covering the order, kept with it (shown on the order).
          const boost = freeBet
            ? null
            : await this.boosts.attach(work.tx, member, {
                id: order.id,
                sport,
                passType: slip.passType.code,
                at: now,
              });
          const balance = freeBet
            ? await orders.mainBalance(work.tx, member.id)
            : (
                await this.ledger.post(work, {
                  memberId: member.id,
                  amount: -slip.totalStake,
                  type: 'bet',
                  reference: { type: 'order', id: orderNo },
                  remark: `竞彩投注 ${orderNo}`,
                })
              ).balanceAfter;
          // Valid bets count as turnover: they raise totalgame and pay down the 打码量 still owed.
          // An in-play order is not a valid bet until it is accepted: it counts then.
          if (!confirming && !freeBet)
            announceFigures(
              work,
              this.events,
              await addTurnover(work.tx, [{ memberId: member.id, amount: slip.totalStake }]),
            );
          // The book's per-outcome liability caps: booked under the outcome shard rows' locks, last,
          // just before the commit. Orders on a popular outcome that share a shard wait for its row
          // until this transaction ends, so nothing else may run while it is held. Lock order:
          // wallet, member, outcome shard rows in key order (the in-play decision takes them in the
          // same order; settlement releases only outcomes of closed matches, which no submit reaches).
          // Over a cap, the throw rolls back the debit and the turnover with the order.
          await reserveLiability(
            work.tx,
            order.id,
            {
              mode: body.bet_mode,
              multiple: ruled.multiple,
              selections: priced.selections,
              totalStake: slip.totalStake,
              maxPrize: slip.maxPrize,
            },
            sport,
            new Map(locked.map((m) => [m.id, m.matchNo])),
            ruled.at,
            now,
            { lock: lockBook },
          );
          return {
            order_id: order.id,
            order_no: orderNo,
            bet_count: slip.betCount,
            total_amount: formatFen(slip.totalStake),
            max_prize: formatFen(slip.maxPrize),
            pass_type: slip.passType.code,
            pass_type_name: slip.passType.code === 'single' ? '单关' : slip.passType.name,
            status: confirming ? ('confirming' as const) : ('pending' as const),
            balance: formatFen(balance),
            created_at: now.toISOString(),
            accept_at: acceptAt?.toISOString() ?? null,
            boost,
            free_bet: freeBet,
          };
        },
      );
    try {
      return (await place(false)).data;
    } catch (err) {
      if (!(err instanceof BookShardFull)) throw err;
      // Its shard had no room: the room is allotted again (a short transaction of its own), and
      // where every share now fits a shard the fast path is tried once more; else, or if it
      // misses again, the locked path decides against the whole cap.
      if (await rebalance(this.db, err.shares, this.clock.now())) {
        try {
          return (await place(false)).data;
        } catch (again) {
          if (!(again instanceof BookShardFull)) throw again;
        }
      }
      return (await place(true)).data;
    }
  }

  async history(
    memberId: number,
    query: { status?: string | undefined; sport_type?: number | undefined; page: number; per_page: number },
  ) {
    const sport = query.sport_type ? sportFromTypeId(query.sport_type) : null;
    const { rows, total } = await orders.listOrders(
      this.db,
      { memberId, status: query.status as orders.OrderFilter['status'], sport },
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    );
    const facts = await voidFactsOfOrders(
      this.db,
      rows.map((r) => r.id),
    );
    return pageOf(
      rows.map((r) => {
        const own = facts.get(r.id);
        return toOrderSummary(r, own ? voidTraceOf(own) : null);
      }),
      total,
      query,
    );
  }

  /** The member's own order (another member's answers 404, as if it did not exist). */
  private async ownOrder(memberId: number, by: { id: number } | { orderNo: string }) {
    const order = await orders.findMemberOrder(this.db, memberId, by);
    if (!order) throw refuse('sports.order_not_found');
    return order;
  }

  async detail(memberId: number, by: { id: number } | { orderNo: string }) {
    const order = await this.ownOrder(memberId, by);
    const legs = await orders.legsOfOrder(this.db, order.id);
    const { rows } = await repo.findMatches(
      this.db,
      { ids: [...new Set(legs.map((l) => l.matchId))] },
      { limit: 100, offset: 0 },
    );
    const byId = new Map(rows.map((r) => [r.match.id, r]));
    // Who voided or resettled a match of the order, and why (an operator is never named here).
    const summary = toOrderSummary(order, voidTraceOf(await voidFactsOfMatches(this.db, [...byId.keys()])));
    // An open order some of whose legs are decided can pay at most what its standing legs allow
    // (a void leg at 1.00, a lost one nothing), no longer what it was placed with.
    if (order.status === 'pending' && legs.some((l) => l.status !== 'pending'))
      summary.max_prize = formatFen(
        openMaxPrize(
          placedOrder(
            order,
            legs.map((l) => legSelection(l)),
          ),
          legs.map((l) => l.status),
        ),
      );
    return {
      ...summary,
      boost: await this.boosts.ofOrder(order.id),
      free_bet: order.freeBetId === null ? null : await this.freeBets.ofOrder(order.id),
      follow: { post_id: await follow.postIdOfOrder(this.db, order.id), copied_from: order.followPostId },
      syndicate_id: order.syndicateId,
      legs: legs.map((l) => {
        const m = byId.get(l.matchId);
        if (!m) throw new AppError(500);
        return toLegView(l, m);
      }),
    };
  }

  private async placed(memberId: number, orderNo: string) {
    const order = await this.ownOrder(memberId, { orderNo });
    const legs = await orders.legsOfOrder(this.db, order.id);
    const { rows } = await repo.findMatches(
      this.db,
      { ids: [...new Set(legs.map((l) => l.matchId))] },
      { limit: 100, offset: 0 },
    );
    const results = new Map<string, MatchResult>();
    for (const r of rows) {
      // A refused in-play order was never a bet: every combination is void, its stake returned.
      if (order.status === 'rejected') results.set(String(r.match.id), { status: 'void' });
      else if (r.match.result) results.set(String(r.match.id), matchResultSchema.parse(r.match.result));
    }
    const selections: BetSelection[] = legs.map((l) => legSelection(l));
    return {
      order,
      legs,
      matchRows: new Map(rows.map((r) => [r.match.id, r])),
      results,
      placed: placedOrder(order, selections),
    };
  }

  async comboDetails(
    memberId: number,
    orderNo: string,
    query: { page: number; per_page: number; status?: number | undefined },
  ) {
    const { legs, matchRows, results, placed } = await this.placed(memberId, orderNo);
    const from = (query.page - 1) * query.per_page;
    const list = [];
    let matched = 0;
    let index = 0;
    for (const combo of settleCombinations(placed, results)) {
      index++;
      if (query.status !== undefined && COMBO_FILTER_CODES[combo.status] !== query.status) continue;
      if (matched++ < from || list.length >= query.per_page) continue;
      list.push({
        index,
        size: combo.size,
        legs: combo.legs.map((i) => {
          const leg = legs[i]!;
          const m = matchRows.get(leg.matchId)!;
          return {
            match_no: m.match.matchNo,
            teams: `${m.names.home.name} vs ${m.names.away.name}`,
            option_name: `${PLAY_TYPES[leg.playType as PlayTypeId].name} ${optionName(leg.playType, leg.optionKey)}`,
            odds: leg.odds,
            status: leg.status,
          };
        }),
        status: combo.status,
        status_code: COMBO_FILTER_CODES[combo.status],
        prize: formatFen(combo.payout),
        potential_prize: formatFen(combo.potentialPrize),
        multiple: combo.multiple,
      });
    }
    return {
      list,
      total: matched,
      page: query.page,
      per_page: query.per_page,
      has_more: from + list.length < matched,
    };
  }

  async comboStats(memberId: number, orderNo: string) {
    const { placed, results } = await this.placed(memberId, orderNo);
    const outcome = settleOrder(placed, results);
    return {
      ...outcome.counts,
      payout: formatFen(outcome.status === 'pending' ? outcome.payoutSoFar : outcome.payout),
    };
  }
}
