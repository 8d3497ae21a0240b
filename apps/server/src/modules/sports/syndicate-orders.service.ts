import { DEFAULT_ODDS_POLICY, sportFromTypeId, type OrderSubmitBody } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refuse } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { insertUnderFreshNumber } from '../../lib/order-no.ts';
import { addTurnover, announceFigures } from '../accounts/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { reserveLiability } from './book.service.ts';
import * as orders from './orders.repo.ts';
import type { SportsPreferencesService } from './preferences.service.ts';
import * as repo from './sports.repo.ts';
import { passTypeName, salesCloseAt, toLegView, type LegLike } from './sports.mapper.ts';
import {
  applySlipRules,
  assertOddsAccepted,
  assertPlaysNotSuspended,
  assertStillOpen,
  assertUnderStakeLimit,
  legRows,
  newOrderNo,
  priceSlip,
} from './submit.steps.ts';

/** A 合买 plan's slip: an order submit without a 免费投注券. */
export type SyndicateSlip = Omit<OrderSubmitBody, 'free_bet_id'>;

/** Who paid for a plan's order, from their frozen shares. */
export interface SyndicateFunder {
  memberId: number;
  amount: bigint;
}

/**
 * The sports book's side of 合买 (modules/syndicates): pricing a plan's slip when it is started,
 * and placing its order when it is full or at its deadline. The order is the initiator's, checked
 * by the same steps as a member's submit (matches open, markets not suspended, the betting rules,
 * the book's caps), at the odds current when it is placed (出票赔率为准: a plan cannot ask a
 * hundred holders about a moved price; a moved line still refuses). Its stake is not the
 * initiator's: each holder's shares leave their frozen wallet as a `bet` entry of the order, and
 * count as their turnover.
 */
export class SyndicateOrders {
  constructor(
    private readonly db: Db,
    private readonly ledger: Pick<LedgerService, 'postMany'>,
    private readonly clock: Clock,
    private readonly preferences: Pick<SportsPreferencesService, 'oddsPolicy'>,
    private readonly events: EventBus,
  ) {}

  /**
   * The slip priced now, refused as a submit would be (and in play: a plan is pre-match). Moves
   * beyond the initiator's odds-change setting are sent back with what changed; the slip returned
   * carries the current odds. `closesAt` is the first match's sales close.
   */
  async quote(memberId: number, slip: SyndicateSlip) {
    const checked = await this.check(this.db, memberId, slip, 'member', this.clock.now());
    return {
      ...checked.summary,
      legs: await this.legViews(
        checked.priced.selections.map((s, position) => ({
          id: position + 1,
          matchId: Number(s.matchId),
          playType: `${s.sport}.${s.betType}`,
          optionKey: s.option,
          odds: s.odds,
          line: s.line ?? null,
          status: 'pending' as const,
          inPlay: false,
        })),
      ),
    };
  }

  /**
   * Places a plan's order in the caller's transaction: the initiator's, staked from the funders'
   * frozen wallets (which must add up to `totalFen`), booked against the book's caps under lock.
   * A refusal (a match closed or suspended, a moved line, a cap) throws: the caller rolls back and
   * fails the plan with its words.
   */
  async place(
    work: Work,
    input: {
      memberId: number;
      slip: SyndicateSlip;
      totalFen: bigint;
      funders: readonly SyndicateFunder[];
      syndicateId: number;
      planNo: string;
    },
  ): Promise<{ orderId: number; orderNo: string; maxPrize: bigint }> {
    const now = this.clock.now();
    const { sport, priced, ruled, matchIds } = await this.check(
      work.tx,
      input.memberId,
      input.slip,
      'any',
      now,
    );
    const { slip } = ruled;
    if (slip.totalStake !== input.totalFen)
      throw new Error(`合买 ${input.planNo}: slip ${slip.totalStake} ≠ plan ${input.totalFen}`);
    let funded = 0n;
    for (const f of input.funders) funded += f.amount;
    if (funded !== input.totalFen)
      throw new Error(`合买 ${input.planNo}: funded ${funded} ≠ ${input.totalFen}`);
    const locked = await orders.lockSubmitMatches(work.tx, matchIds);
    assertStillOpen(locked, priced, now);
    const order = await insertUnderFreshNumber(
      () => newOrderNo(now),
      (orderNo) =>
        orders.insertOrderReadingSuspensions(
          work.tx,
          {
            orderNo,
            memberId: input.memberId,
            sport,
            betMode: input.slip.bet_mode,
            passType: slip.passType.code,
            multiple: input.slip.multiple,
            multiples: slip.multiples,
            matchCount: slip.matchCount,
            betCount: slip.betCount,
            totalAmount: slip.totalStake,
            maxPrize: slip.maxPrize,
            createdAt: now,
            status: 'pending',
            acceptAt: null,
            oddsPolicy: null,
            freeBetId: null,
            followPostId: null,
            syndicateId: input.syndicateId,
          },
          legRows(priced, locked),
          matchIds,
        ),
    );
    assertPlaysNotSuspended(order.suspended, priced.selections);
    await this.ledger.postMany(
      work,
      input.funders.map((f) => ({
        memberId: f.memberId,
        wallet: 'frozen' as const,
        amount: -f.amount,
        type: 'bet' as const,
        reference: { type: 'order', id: order.orderNo },
        idempotencyKey: `syndicate:${input.syndicateId}:stake:${f.memberId}`,
        remark: `合买投注 ${input.planNo}（注单 ${order.orderNo}）`,
      })),
    );
    announceFigures(work, this.events, await addTurnover(work.tx, input.funders));
    await reserveLiability(
      work.tx,
      order.id,
      {
        mode: input.slip.bet_mode,
        multiple: ruled.multiple,
        selections: priced.selections,
        totalStake: slip.totalStake,
        maxPrize: slip.maxPrize,
      },
      sport,
      new Map(locked.map((m) => [m.id, m.matchNo])),
      ruled.at,
      now,
      { lock: true },
    );
    return { orderId: order.id, orderNo: order.orderNo, maxPrize: slip.maxPrize };
  }

  /** A placed order's legs as the order detail shows them (results included). */
  async orderLegs(orderId: number) {
    return this.legViews(await orders.legsOfOrder(this.db, orderId));
  }

  private async check(
    handle: Db,
    memberId: number,
    body: SyndicateSlip,
    policyOf: 'member' | 'any',
    now: Date,
  ) {
    const sport = sportFromTypeId(body.sport_type);
    if (!sport) throw refuse('sports.sport_unsupported');
    const matchIds = [...new Set(body.selections.map((s) => s.match_id))];
    const betTypes = [...new Set(body.selections.map((s) => s.bet_type))];
    const reads = await orders.slipReads(handle, memberId, matchIds, betTypes);
    const priced = priceSlip(body.selections, reads, now);
    if (priced.inPlay.some(Boolean))
      throw refuse('syndicates.plan_invalid', { problem: '滚球比赛不能发起合买' });
    const policy =
      policyOf === 'any'
        ? 'any'
        : priced.changes.length
          ? await this.preferences.oddsPolicy(memberId)
          : DEFAULT_ODDS_POLICY;
    assertOddsAccepted(policy, priced.changes);
    // The plan's stake is its own: the book-wide default per order applies, not the initiator's.
    const { total_amount: _shown, ...unshown } = body;
    const ruled = applySlipRules(policyOf === 'any' ? unshown : body, sport, priced);
    assertUnderStakeLimit(ruled, ruled.multiple, undefined, reads.defaults);
    const closesAt = new Date(Math.min(...reads.matches.map((m) => salesCloseAt(m).getTime())));
    const current: SyndicateSlip = {
      ...body,
      selections: body.selections.map((s, i) => ({
        ...s,
        odds: priced.selections[i]?.odds ?? s.odds,
        line: priced.selections[i]?.line ?? s.line ?? null,
      })),
    };
    const { slip } = ruled;
    return {
      sport,
      priced,
      ruled,
      matchIds,
      summary: {
        sport,
        slip: current,
        totalStake: slip.totalStake,
        maxPrize: slip.maxPrize,
        betCount: slip.betCount,
        passType: slip.passType.code,
        passTypeName: slip.passType.code === 'single' ? '单关' : passTypeName(slip.passType.code),
        closesAt,
      },
    };
  }

  private async legViews(legs: readonly LegLike[]) {
    const { rows } = await repo.findMatches(
      this.db,
      { ids: [...new Set(legs.map((l) => l.matchId))] },
      { limit: 100, offset: 0 },
    );
    const byId = new Map(rows.map((r) => [r.match.id, r]));
    return legs.map((l) => {
      const m = byId.get(l.matchId);
      if (!m) throw new AppError(500);
      return toLegView(l, m);
    });
  }
}
