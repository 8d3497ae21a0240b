import type { FastifyBaseLogger } from 'fastify';
import type { BetRefusalReason } from '@app/shared/backoffice';
import {
  formatFen,
  privateUserChannel,
  REALTIME_EVENTS,
  validateBetSlip,
  type BetSelection,
  type OddsPolicy,
  type OrderConfirmedEvent,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, isRefusal } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { addTurnover, announceFigures } from '../accounts/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { Broadcaster } from '../realtime/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import { closeUnpaid } from './boosts.repo.ts';
import { lockMemberForBook, memberDefaults, releaseOrders } from './book.repo.ts';
import { reserveLiability } from './book.service.ts';
import { oddsDirection, policyAccepts } from './odds-policy.ts';
import * as limits from './limits.repo.ts';
import * as orders from './orders.repo.ts';
import { isOpenForBetting, legSelection } from './sports.mapper.ts';
import type { LegRow, MarketRow, MatchRow, OrderRow } from './sports.repo.ts';
import * as repo from './sports.repo.ts';
import { isSuspended, suspensionsOf } from './suspensions.repo.ts';
import type { SportsFeed } from './feed/feed.ts';
import { recordRefusals } from './refusals.repo.ts';

/** How often the leader decides confirming orders (leader job `sports-accept-live`). */
export const LIVE_ACCEPT_INTERVAL_MS = 1_000;
/** Orders decided per run; the next run (a second later) takes the rest. */
const BATCH = 500;

/** Why an in-play order was refused (shown to the member as `reject_reason`). */
export const REJECT_REASONS = {
  stopped: '比赛已停止投注',
  oddsChanged: '赔率已变化',
  lineChanged: '盘口已变化',
  operator: '盘口暂停（人工暂停）',
  overCap: '超出投注上限',
  overPayout: '超出账户单场限额',
  suspended: (reason: string | null) => `盘口暂停（${reason ?? '暂停'}）`,
  /** A pre-match leg whose match kicked off (by the feed's kick-off time) during the delay. */
  kickoff: '赛事已开始，停止投注',
  /** The feed reports a goal, card or period end between the bet's request and its decision. */
  changed: '比赛状态已变化，投注未被接受',
} as const;

export interface LiveDecision {
  orderId: number;
  orderNo: string;
  status: 'pending' | 'rejected';
  reason: string | null;
  oddsChanged: boolean;
}

export interface AcceptanceReport {
  accepted: number;
  rejected: number;
  /** Refusals by reason. */
  reasons: Record<string, number>;
}

/** A refusal: the member's words, its code for the record, the leg at fault and the feed's time of the event. */
export interface Refused {
  ok: false;
  reason: string;
  code: BetRefusalReason;
  leg?: LegRow | undefined;
  eventAt?: Date | null | undefined;
}

type Verdict = { ok: true; repriced: Array<{ leg: LegRow; odds: string }> } | Refused;

/**
 * The in-play verdict on an order's legs at the end of its bet delay (docs/decisions/017). Each
 * in-play leg is refused when its match is no longer open in play, a suspension is on now, began
 * after the order was placed or is newer than the one the leg was placed after, an operator
 * suspended its market, its line changed, or its odds moved against the member's policy; the
 * first refusal (legs in order) gives the reason.
 * Pre-match legs of the order keep the odds they were placed at, but only while their match has
 * not kicked off: one that kicked off during the delay refuses the order (赛事已开始，停止投注).
 */
export function judgeLegs(
  order: Pick<OrderRow, 'createdAt'> & { oddsPolicy: OddsPolicy },
  legs: readonly LegRow[],
  matches: ReadonlyMap<number, MatchRow>,
  markets: ReadonlyMap<number, readonly MarketRow[]>,
  operatorClosed: Map<number, Set<string>>,
  now: Date,
): Verdict {
  const repriced: Array<{ leg: LegRow; odds: string }> = [];
  for (const leg of legs) {
    const match = matches.get(leg.matchId);
    if (!leg.inPlay) {
      if (!match || !isOpenForBetting(match, now))
        return { ok: false, reason: REJECT_REASONS.kickoff, code: 'kickoff', leg, eventAt: match?.kickoffAt };
      continue;
    }
    if (!match || match.status !== 'live' || !match.liveOpen)
      return { ok: false, reason: REJECT_REASONS.stopped, code: 'closed', leg };
    // Suspended now, or a suspension began after the bet was placed, or one the feed reported
    // only after it (the event may have happened just before: the bet saw a stale price).
    const since = match.liveSuspendedAt?.getTime() ?? null;
    const seen = leg.liveSuspendedSeenAt?.getTime() ?? null;
    const newer = since !== null && (since > order.createdAt.getTime() || seen === null || since > seen);
    if (match.liveSuspended || newer)
      return {
        ok: false,
        reason: REJECT_REASONS.suspended(match.liveSuspendReason),
        code: newer ? 'event' : 'suspended',
        leg,
        eventAt: match.liveSuspendedAt,
      };
    if (isSuspended(operatorClosed, match.id, leg.playType))
      return { ok: false, reason: REJECT_REASONS.operator, code: 'operator', leg };
    const market = markets.get(match.id)?.find((m) => m.playType === leg.playType);
    const current = market?.odds[leg.optionKey];
    if (!market || current === undefined || market.line !== leg.line)
      return { ok: false, reason: REJECT_REASONS.lineChanged, code: 'line', leg };
    const moved = oddsDirection(leg.odds, current);
    if (!moved) continue;
    if (!policyAccepts(order.oddsPolicy, moved))
      return { ok: false, reason: REJECT_REASONS.oddsChanged, code: 'odds', leg };
    repriced.push({ leg, odds: current });
  }
  return { ok: true, repriced };
}

/**
 * The order's legs against the feed's own word at the decision (issue 43: past-posting), beside
 * our rows, which the feed sync may not have brought up to `now` yet. A pre-match leg whose match
 * the feed no longer has scheduled, or whose kick-off has passed, refuses the order
 * (赛事已开始，停止投注). An in-play leg is refused (比赛状态已变化，投注未被接受) when the feed has
 * the match closed or suspended now, a suspension begun (by the feed's timestamp) after the bet was
 * asked for or newer than the one it was placed after, or its period, score or events (goals,
 * cards) differ from the feed's state when the bet was asked for. Matches of another feed, or
 * unknown to it, are left to the rows.
 */
export function judgeAgainstFeed(
  order: Pick<OrderRow, 'createdAt'>,
  legs: readonly LegRow[],
  matches: ReadonlyMap<number, MatchRow>,
  feed: Pick<SportsFeed, 'name' | 'state'>,
  now: Date,
): Refused | null {
  const asked = order.createdAt.getTime();
  for (const leg of legs) {
    const match = matches.get(leg.matchId);
    if (!match || match.feed !== feed.name) continue;
    const state = feed.state(match.externalId, now);
    if (!state) continue;
    if (!leg.inPlay) {
      if (state.status !== 'scheduled' || match.kickoffAt.getTime() <= now.getTime())
        return { ok: false, reason: REJECT_REASONS.kickoff, code: 'kickoff', leg, eventAt: match.kickoffAt };
      continue;
    }
    const since = state.inPlay.suspendedSince;
    const changed = (eventAt: Date | null): Refused => ({
      ok: false,
      reason: REJECT_REASONS.changed,
      code: 'event',
      leg,
      eventAt,
    });
    if (state.status !== 'live' || !state.inPlay.open || state.inPlay.suspended) return changed(since);
    const seen = leg.liveSuspendedSeenAt?.getTime() ?? null;
    if (since !== null && (since.getTime() > asked || seen === null || since.getTime() > seen))
      return changed(since);
    const before = feed.state(match.externalId, order.createdAt);
    if (
      before &&
      (before.period !== state.period ||
        before.score.home !== state.score.home ||
        before.score.away !== state.score.away ||
        before.events.length !== state.events.length)
    )
      return changed(null);
  }
  return null;
}

/**
 * Decides in-play (滚球) orders once their bet delay has passed: each in its own transaction with
 * the order row locked (FOR UPDATE SKIP LOCKED, and every write guarded by status 'confirming'),
 * so of any number of deciders exactly one decides an order, once. Accepted: the order becomes
 * 'pending' (legs moved within the policy take the current odds, the maximum prize and the book's
 * liability follow them) and its stake counts as turnover. The member is checked first, as their
 * submit was (a time-out, self-exclusion or limit begun or lowered during the delay refuses it).
 * Refused: 'rejected' with its reason, the stake refunded (`bet_refund`, keyed by the order) and
 * its book exposure released, all in the same transaction. The member hears `order.confirmed` on
 * their private channel after commit.
 */
export class LiveAcceptanceService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly broadcaster: Broadcaster,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly responsible: Pick<ResponsiblePlayService, 'refusalOfPlacedStake'>,
    /** The feed the matches come from: the decision checks its word at `now` (judgeAgainstFeed). */
    private readonly feed: Pick<SportsFeed, 'name' | 'state'> | null = null,
  ) {}

  /** Decides every confirming order due by `now` (the clock's time unless a test passes its own). */
  async run(now = this.clock.now()): Promise<AcceptanceReport> {
    const report: AcceptanceReport = { accepted: 0, rejected: 0, reasons: {} };
    for (const id of await orders.dueConfirmingOrderIds(this.db, now, BATCH)) {
      let decision: LiveDecision | null;
      try {
        decision = await this.decide(id, now);
      } catch (err) {
        // One order's failure (it rolled back, still confirming) must not hold up the others.
        this.log.error({ err, orderId: id }, 'in-play order not decided');
        continue;
      }
      if (!decision) continue;
      if (decision.status === 'pending') report.accepted++;
      else {
        report.rejected++;
        const reason = decision.reason ?? '';
        report.reasons[reason] = (report.reasons[reason] ?? 0) + 1;
      }
    }
    if (report.accepted + report.rejected > 0) this.log.info({ ...report }, 'in-play orders decided');
    return report;
  }

  /** Decides one order; null when it is not due, already decided, or held by another decider. */
  async decide(orderId: number, now = this.clock.now()): Promise<LiveDecision | null> {
    try {
      return await this.decideOnce(orderId, now, null);
    } catch (err) {
      // Accepting would take an outcome over the book's cap (its odds grew): refuse it instead.
      if (isRefusal(err, 'sports.book_cap_reached'))
        return this.decideOnce(orderId, now, { ok: false, reason: REJECT_REASONS.overCap, code: 'cap' });
      throw err;
    }
  }

  private decideOnce(orderId: number, now: Date, forced: Refused | null): Promise<LiveDecision | null> {
    return inTransaction(
      this.db,
      async (work) => {
        const order = await orders.lockDueConfirmingOrder(work.tx, orderId, now);
        if (!order) return null;
        // The member once more, by the rule their submit obeyed (理性投注): a time-out or
        // self-exclusion begun during the delay, or a limit the stake no longer fits, refuses the
        // order with its words. Its locks (the member's row for key share, then their limit rows)
        // come first after the order's, as on every money path of the member: before the matches,
        // the wallet and the book's rows.
        const refusal = forced
          ? null
          : await this.responsible.refusalOfPlacedStake(work, order.memberId, now, {
              amount: order.totalAmount,
              reference: { type: 'order', id: order.orderNo },
            });
        const legs = await orders.legsOfOrder(work.tx, order.id);
        const matchIds = [...new Set(legs.map((l) => l.matchId))];
        // Share locks: the match's state cannot change under the decision.
        const locked = await repo.lockMatchesForShare(work.tx, matchIds);
        const markets = await repo.marketsOf(work.tx, matchIds);
        const closed = await suspensionsOf(work.tx, matchIds);
        const matchById = new Map(locked.map((m) => [m.id, m]));
        const judged: Verdict = forced
          ? forced
          : refusal
            ? { ok: false, reason: refusal, code: 'member' }
            : judgeLegs(
                { createdAt: order.createdAt, oddsPolicy: order.oddsPolicy ?? 'none' },
                legs,
                matchById,
                markets,
                closed,
                now,
              );
        const verdict: Verdict =
          judged.ok && this.feed
            ? (judgeAgainstFeed(order, legs, matchById, this.feed, now) ?? judged)
            : judged;
        const decision = verdict.ok
          ? await this.accept(work, order, legs, verdict.repriced, matchById, now)
          : await this.reject(work, order, legs, verdict, now);
        const event: OrderConfirmedEvent = {
          order_no: order.orderNo,
          status: decision.status,
          reason: decision.reason,
          odds_changed: decision.oddsChanged,
          max_prize: formatFen(decision.maxPrize),
          accept_at: (order.acceptAt ?? now).toISOString(),
        };
        work.afterCommit(() =>
          this.broadcaster
            .publish(privateUserChannel(order.memberId), REALTIME_EVENTS.orderConfirmed, event)
            .catch((err: unknown) =>
              this.log.warn({ err, memberId: order.memberId }, 'order.confirmed not published'),
            ),
        );
        return {
          orderId: order.id,
          orderNo: order.orderNo,
          status: decision.status,
          reason: decision.reason,
          oddsChanged: decision.oddsChanged,
        };
      },
      this.log,
    );
  }

  private async accept(
    work: Work,
    order: OrderRow,
    legs: readonly LegRow[],
    repriced: ReadonlyArray<{ leg: LegRow; odds: string }>,
    matches: ReadonlyMap<number, MatchRow>,
    now: Date,
  ) {
    const odds = new Map(repriced.map((r) => [r.leg.id, r.odds]));
    const selections: BetSelection[] = legs.map((l) => legSelection(l, odds.get(l.id)));
    let maxPrize = order.maxPrize;
    if (repriced.length > 0) {
      const slip = validateBetSlip({
        sport: order.sport,
        mode: order.betMode,
        selections,
        passType: order.passType,
        multiple: order.multiple,
        multiples: order.multiples,
        expectedStake: null,
      });
      if (!slip.ok)
        return this.reject(
          work,
          order,
          legs,
          { ok: false, reason: REJECT_REASONS.oddsChanged, code: 'odds' },
          now,
        );
      maxPrize = slip.maxPrize;
      if (maxPrize > order.maxPrize && !(await this.withinPayoutLimit(work, order, legs, maxPrize)))
        return this.reject(
          work,
          order,
          legs,
          { ok: false, reason: REJECT_REASONS.overPayout, code: 'payout' },
          now,
        );
    }
    // A valid bet from now on: it counts as turnover (totalgame up, 打码量 owed down). The member
    // row before the outcome rows: the order in which submits take them (orders.service.ts).
    announceFigures(
      work,
      this.events,
      await addTurnover(work.tx, [{ memberId: order.memberId, amount: order.totalAmount }]),
    );
    if (repriced.length > 0) {
      await orders.repriceLegs(
        work.tx,
        repriced.map((r) => ({ id: r.leg.id, odds: r.odds })),
      );
      // The book carries the order at its new odds: its old shares off, the new ones on, under
      // the locks of every shard of its outcomes (a cap it no longer fits throws 422, and
      // `decide` refuses the order instead).
      const matchNos = new Map([...matches.values()].map((m) => [m.id, m.matchNo]));
      await reserveLiability(
        work.tx,
        order.id,
        {
          mode: order.betMode,
          multiple: order.multiple,
          selections,
          totalStake: order.totalAmount,
          maxPrize,
        },
        order.sport,
        matchNos,
        () => null,
        now,
        { lock: true, replace: true },
      );
    }
    if (!(await orders.acceptConfirmingOrder(work.tx, order.id, maxPrize))) throw new AppError(409);
    return { status: 'pending' as const, reason: null, oddsChanged: repriced.length > 0, maxPrize };
  }

  /**
   * Whether the order at its new, higher max prize still fits the member's most payout per match
   * (their own limit, else the book-wide default), as a submit checks it: the member's limit row,
   * or their member row, is locked first, so it is decided against their other submits one at a
   * time. The member's open orders already count this one at its old max prize.
   */
  private async withinPayoutLimit(work: Work, order: OrderRow, legs: readonly LegRow[], maxPrize: bigint) {
    const held = await limits.lockLimit(work.tx, order.memberId);
    const perMatch = held?.maxPayoutPerMatch ?? (await memberDefaults(work.tx)).maxPayoutPerMatch;
    if (perMatch === null) return true;
    if (!held) await lockMemberForBook(work.tx, order.memberId);
    const matchIds = [...new Set(legs.map((l) => l.matchId))];
    const open = await limits.openMaxPrizeByMatch(work.tx, order.memberId, matchIds);
    return matchIds.every((id) => (open.get(id) ?? 0n) - order.maxPrize + maxPrize <= perMatch);
  }

  private async reject(work: Work, order: OrderRow, legs: readonly LegRow[], refused: Refused, now: Date) {
    const { reason } = refused;
    if (!(await orders.rejectConfirmingOrder(work.tx, order.id, reason, now))) throw new AppError(409);
    // The refusal's record (the console's 拒单记录): the leg at fault, else the order's first.
    const leg = refused.leg ?? legs[0];
    if (leg)
      await recordRefusals(work.tx, [
        {
          memberId: order.memberId,
          orderNo: order.orderNo,
          matchId: leg.matchId,
          playType: leg.playType,
          optionKey: leg.optionKey,
          stage: 'decision',
          reason: refused.code,
          message: reason,
          feedEventAt: refused.eventAt ?? null,
          requestedAt: order.createdAt,
          decidedAt: now,
        },
      ]);
    // The wallet before the outcome rows: the order in which submits take them (orders.service.ts).
    await this.ledger.post(work, {
      memberId: order.memberId,
      amount: order.totalAmount,
      type: 'bet_refund',
      reference: { type: 'order', id: order.orderNo },
      idempotencyKey: `order:${order.id}:rejected`,
      remark: `滚球注单未确认退款 ${order.orderNo}（${reason}）`,
    });
    await releaseOrders(work.tx, [order.id], now);
    // Never a bet: its 加奖 closes unpaid.
    await closeUnpaid(work.tx, [order.id]);
    return { status: 'rejected' as const, reason, oddsChanged: false, maxPrize: order.maxPrize };
  }
}
