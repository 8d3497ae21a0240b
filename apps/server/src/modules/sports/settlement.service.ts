import type { FastifyBaseLogger } from 'fastify';
import {
  formatFen,
  matchResultSchema,
  parseLine,
  settleOption,
  settleOrder,
  type BetSelection,
  type MatchResult,
  type PlayTypeId,
  PLAY_TYPES,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import type { LedgerService, PostEntryInput } from '../ledger/ledger.service.ts';
import type { HeldPushes, MessagesService, OutgoingMessage } from '../messages/messages.service.ts';
import * as orders from './orders.repo.ts';
import * as sports from './sports.repo.ts';
import { legSelection } from './sports.mapper.ts';

/** The member's inbox message for a winning order (one per order, whatever the batch). */
export function winMessage(
  order: { id: number; memberId: number; orderNo: string; totalAmount: bigint },
  payout: bigint,
): OutgoingMessage {
  return {
    memberId: order.memberId,
    type: 'betting',
    title: '恭喜中奖',
    content: `您的注单 ${order.orderNo} 已中奖，投注 ${formatFen(order.totalAmount)} 元，派奖 ${formatFen(payout)} 元已到账。`,
    link: `/betPages/order/detail?order_no=${order.orderNo}`,
    dedupeKey: `order:${order.id}:won`,
  };
}

/**
 * Orders settled per transaction. Every statement of a batch is set-based (one read, one UPDATE,
 * one ledger post for all members, one message insert), so a batch costs about its rows, plus a
 * commit; large batches amortise the commits and the per-member credits, and keep a member's
 * wallet locked for a fraction of a second.
 */
const ORDER_BATCH = 10_000;

export interface SettleReport {
  legs: number;
  orders: number;
  paid: bigint;
}

export interface SettlementOptions {
  /** Orders per transaction (tests lower it to cross batch boundaries). */
  batchSize?: number;
}

/** An order the engine decided, before the guarded UPDATE says whether this run flipped it. */
interface Decided {
  order: orders.SettlingOrder;
  status: 'won' | 'lost' | 'refunded';
  payout: bigint;
}

/**
 * Exactly-once settlement. Legs of a finished (or called-off) match are decided in bulk; every
 * order whose legs are all decided is settled once (`WHERE status = 'pending'` guards the row,
 * a ledger idempotency key guards the money). Safe to re-run at any point after a crash.
 */
export class SettlementService {
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly events: EventBus,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly messages: MessagesService,
    private readonly clock: Clock,
    options: SettlementOptions = {},
  ) {
    this.batchSize = options.batchSize ?? ORDER_BATCH;
  }

  async settleMatch(matchId: number): Promise<SettleReport> {
    const now = this.clock.now();
    const match = await sports.matchById(this.db, matchId);
    if (!match?.result) return { legs: 0, orders: 0, paid: 0n };
    const result = matchResultSchema.parse(match.result);
    // Every order on the match (read meanwhile): those not yet ready are left in their batch.
    const [legs, ids] = await Promise.all([
      this.settleLegs(matchId, result, now),
      orders.orderIdsOfMatch(this.db, matchId),
    ]);
    const report = await this.settleOrders(ids, now);
    await orders.markMatchSettled(this.db, matchId, now);
    return { ...report, legs };
  }

  /**
   * Settles these over matches and returns the orders settled. Matches nobody bet on (most of a
   * feed pass) are only marked settled, together in one statement; the others go through
   * settleMatch one by one.
   */
  async settleMatches(matchIds: readonly number[]): Promise<number> {
    if (!matchIds.length) return 0;
    const betOn = await orders.matchesWithLegs(this.db, matchIds);
    await orders.markUnbetMatchesSettled(
      this.db,
      matchIds.filter((id) => !betOn.has(id)),
      this.clock.now(),
    );
    let settled = 0;
    for (const id of matchIds) if (betOn.has(id)) settled += (await this.settleMatch(id)).orders;
    return settled;
  }

  /** Decides every pending leg of the match with one UPDATE per play type and line. */
  private async settleLegs(matchId: number, result: MatchResult, now: Date): Promise<number> {
    const groups = await orders.pendingLegOptions(this.db, matchId);
    const byMarket = new Map<
      string,
      { playType: string; line: string | null; statuses: Map<string, string> }
    >();
    for (const g of groups) {
      const playType = g.playType as PlayTypeId;
      const line = PLAY_TYPES[playType].line === 'none' ? null : parseLine(playType, g.line ?? '');
      const status = settleOption(playType, g.optionKey, line, result);
      if (status === 'pending') continue;
      const key = `${g.playType}|${g.line ?? ''}`;
      let market = byMarket.get(key);
      if (!market) byMarket.set(key, (market = { playType: g.playType, line: g.line, statuses: new Map() }));
      market.statuses.set(g.optionKey, status);
    }
    let settled = 0;
    for (const market of byMarket.values()) settled += await orders.decideLegs(this.db, matchId, market, now);
    return settled;
  }

  /** Sweeps any pending order whose legs are all decided (covers a crash between the two steps). */
  async settleReadyOrders(): Promise<Omit<SettleReport, 'legs'>> {
    return this.settleOrders(await orders.readyOrderIds(this.db), this.clock.now());
  }

  /**
   * Settles `ids` batch by batch. Deciding a batch (read + engine) needs no transaction: what
   * counts is the guarded UPDATE, which pays only the orders it flips from pending. So the next
   * batch is read and decided while the current one is written, on another connection (PGlite,
   * with one, simply runs it after).
   */
  private async settleOrders(ids: number[], now: Date): Promise<Omit<SettleReport, 'legs'>> {
    let settled = 0;
    let paid = 0n;
    const decide = (from: number) => this.decideBatch(ids.slice(from, from + this.batchSize));
    // Inbox pushes go once per member at the end of the run, not once per batch.
    const pushes = this.messages.holdPushes();
    try {
      let next = ids.length > 0 ? decide(0) : undefined;
      for (let i = 0; next; i += this.batchSize) {
        const decided = await next;
        next = i + this.batchSize < ids.length ? decide(i + this.batchSize) : undefined;
        // Awaited on the next turn; until then a failure must not count as unhandled.
        next?.catch(() => undefined);
        const outcome = await inTransaction(
          this.db,
          (work) => this.payBatch(work, decided, now, pushes),
          this.log,
        );
        settled += outcome.n;
        paid += outcome.total;
      }
    } finally {
      await pushes.flush();
    }
    if (settled > 0) this.log.info({ orders: settled, paid: paid.toString() }, 'orders settled');
    return { orders: settled, paid };
  }

  /** Runs the engine on the batch's pending orders whose legs are all decided. */
  private async decideBatch(ids: number[]): Promise<Decided[]> {
    const pending = await orders.pendingOrdersWithLegs(this.db, ids);
    const matchIds = new Set<number>();
    for (const order of pending) for (const leg of order.legs) matchIds.add(leg.matchId);
    const results = new Map<string, MatchResult>();
    for (const m of await sports.matchResults(this.db, [...matchIds]))
      if (m.result) results.set(String(m.id), matchResultSchema.parse(m.result));

    const decided: Decided[] = [];
    // The engine is pure: orders with the same picks, odds, pass type and multiple (a popular
    // single is thousands of them) settle alike, so each distinct one is computed once.
    const known = new Map<string, ReturnType<typeof settleOrder>>();
    for (const order of pending) {
      // Ready only once every leg is decided (a match over but not yet settled waits for it).
      if (order.legs.some((l) => l.status === 'pending')) continue;
      let key = `${order.passType}|${order.multiple}`;
      for (const l of order.legs)
        key += `|${l.matchId}:${l.playType}:${l.optionKey}:${l.odds}:${l.line ?? ''}`;
      let outcome = known.get(key);
      if (!outcome) {
        const selections: BetSelection[] = order.legs.map((l) => legSelection(l));
        outcome = settleOrder({ passType: order.passType, multiple: order.multiple, selections }, results);
        known.set(key, outcome);
      }
      if (outcome.status !== 'pending')
        decided.push({ order, status: outcome.status, payout: outcome.payout });
    }
    return decided;
  }

  /** One transaction: the decided orders still pending flipped, paid and told, or none of it. */
  private async payBatch(
    work: Work,
    decided: readonly Decided[],
    now: Date,
    pushes: HeldPushes,
  ): Promise<{ n: number; total: bigint }> {
    // One guarded UPDATE: only the orders it flips from pending are paid and told, now.
    const flipped = new Set(
      await orders.markOrdersSettled(
        work.tx,
        decided.map((d) => ({ id: d.order.id, status: d.status, payout: d.payout })),
        now,
      ),
    );
    const settled = decided.filter((d) => flipped.has(d.order.id));
    await this.ledger.postMany(work, credits(settled));
    // One inbox message per winning order, keyed by the order: a re-run sends none again.
    await this.messages.sendMany(
      work,
      settled.filter((d) => d.status === 'won').map(({ order, payout }) => winMessage(order, payout)),
      pushes,
    );
    let total = 0n;
    for (const d of settled) total += d.payout;
    work.afterCommit(() => {
      for (const { order, status, payout } of settled)
        this.events.emit('order.settled', {
          memberId: order.memberId,
          orderId: order.id,
          orderNo: order.orderNo,
          status,
          payout,
          at: now,
        });
    });
    return { n: settled.length, total };
  }
}

/**
 * One credit per member and kind per batch (each order keeps its own payout): a big match
 * settles in seconds. Its key names the member's first order of the batch, which the same
 * transaction flips out of pending, so no later batch can build the same key.
 */
function credits(settled: readonly Decided[]): PostEntryInput[] {
  const byMember = new Map<
    string,
    { memberId: number; kind: 'payout' | 'bet_refund'; amount: bigint; orders: string[]; firstId: number }
  >();
  for (const { order, status, payout } of settled) {
    if (payout === 0n) continue;
    const kind = status === 'refunded' ? 'bet_refund' : 'payout';
    const key = `${kind}:${order.memberId}`;
    let credit = byMember.get(key);
    if (!credit)
      byMember.set(
        key,
        (credit = { memberId: order.memberId, kind, amount: 0n, orders: [], firstId: order.id }),
      );
    credit.amount += payout;
    credit.orders.push(order.orderNo);
    credit.firstId = Math.min(credit.firstId, order.id);
  }
  return [...byMember.values()].map((credit) => {
    const first = credit.orders[0] ?? '';
    const single = credit.orders.length === 1;
    return {
      memberId: credit.memberId,
      amount: credit.amount,
      type: credit.kind,
      reference: { type: 'order', id: single ? first : `${first}+${credit.orders.length - 1}` },
      idempotencyKey: `order:${credit.firstId}:${credit.kind}:${credit.memberId}`,
      remark: `${credit.kind === 'bet_refund' ? '注单退款' : '派奖'} ${single ? first : `${credit.orders.length}笔注单`}`,
    };
  });
}
