import type { FastifyBaseLogger } from 'fastify';
import {
  type BetSelection,
  formatYuan,
  type MatchResult,
  matchResultSchema,
  parseLine,
  PLAY_TYPES,
  type PlayTypeId,
  settleOption,
  settleOrder,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import type { LedgerService, PostEntryInput } from '../ledger/index.ts';
import type { HeldPushes, MessagesService, OutgoingMessage } from '../messages/index.ts';
import { releaseOrders } from './book.repo.ts';
import * as orders from './orders.repo.ts';
import * as repo from './settlement.repo.ts';
import * as sports from './sports.repo.ts';
import { legSelection, placedOrder } from './sports.mapper.ts';
import type { BoostsService } from './boosts.service.ts';

/** The member's inbox message for a winning order (one per order, whatever the batch). */
export function winMessage(
  order: { id: number; memberId: number; orderNo: string; totalAmount: bigint },
  payout: bigint,
): OutgoingMessage {
  return {
    memberId: order.memberId,
    type: 'betting',
    title: '恭喜中奖',
    content: `您的注单 ${order.orderNo} 已中奖，投注 ${formatYuan(order.totalAmount)} 元，派奖 ${formatYuan(payout)} 元已到账。`,
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

/**
 * Batches worked on at once (PostgreSQL runs them side by side, PGlite one after another): while
 * one batch pays and commits, the next decides its legs, reads its orders and flips them.
 */
const BATCHES_IN_FLIGHT = 2;

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
  order: repo.SettlingOrder;
  status: 'won' | 'lost' | 'refunded';
  payout: bigint;
}

/** A batch given up because one before it failed (that failure is the one reported). */
class BatchAbandoned extends Error {}

/**
 * Orders the batches in flight: `begun` once the batch's transaction has begun, `committed` once
 * it has committed (each false if the batch failed first). Transactions begin in batch order, and
 * a batch takes the locks its predecessor also takes (outcomes' liability, members' wallets)
 * only once that one has committed, so two batches never wait on each other crosswise.
 */
class BatchGate {
  readonly begun: Promise<boolean>;
  readonly committed: Promise<boolean>;
  private setBegun: (ok: boolean) => void = () => undefined;
  private setCommitted: (ok: boolean) => void = () => undefined;

  constructor() {
    this.begun = new Promise((resolve) => (this.setBegun = resolve));
    this.committed = new Promise((resolve) => (this.setCommitted = resolve));
  }

  begin(): void {
    this.setBegun(true);
  }

  commit(): void {
    this.setCommitted(true);
  }

  /** A promise settles once: after begin or commit this only answers what is still open. */
  fail(): void {
    this.setBegun(false);
    this.setCommitted(false);
  }
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
    private readonly boosts: Pick<BoostsService, 'settle'>,
    options: SettlementOptions = {},
  ) {
    this.batchSize = options.batchSize ?? ORDER_BATCH;
  }

  async settleMatch(matchId: number): Promise<SettleReport> {
    return this.settleTogether([matchId]);
  }

  /**
   * Settles these over matches and returns the orders settled. Matches nobody bet on (most of a
   * feed pass) are only marked settled, together in one statement; the others are settled
   * together (settleTogether).
   */
  async settleMatches(matchIds: readonly number[]): Promise<number> {
    if (!matchIds.length) return 0;
    const betOn = await repo.matchesWithLegs(this.db, matchIds);
    await repo.markUnbetMatchesSettled(
      this.db,
      matchIds.filter((id) => !betOn.has(id)),
      this.clock.now(),
    );
    if (!betOn.size) return 0;
    return (await this.settleTogether(matchIds.filter((id) => betOn.has(id)))).orders;
  }

  /**
   * Every order on these matches, each read and settled once: each batch decides its orders' legs
   * of these matches, then settles those orders whose legs are all decided (the others wait in
   * pending for their other matches). Settled one match after another, a parlay over eight
   * matches that finish in the same pass was read eight times, and settled by the last.
   */
  private async settleTogether(matchIds: readonly number[]): Promise<SettleReport> {
    const now = this.clock.now();
    const results = new Map<number, MatchResult>();
    for (const m of await sports.matchResults(this.db, [...matchIds]))
      if (m.result) results.set(Number(m.id), matchResultSchema.parse(m.result));
    if (!results.size) return { legs: 0, orders: 0, paid: 0n };
    const over = [...results.keys()];
    const [decisions, ids] = await Promise.all([
      Promise.all(over.map((id) => this.legDecisions(id, results.get(id)!))),
      orders.orderIdsOfMatches(this.db, over),
    ]);
    const report = await this.settleOrders(ids, now, decisions.flat());
    // Legs no batch held (an order that came meanwhile; normally none): the match-wide UPDATEs,
    // then the orders they made ready, before the match is marked settled (after it, nothing
    // would look for them again).
    let { legs, orders: settled, paid } = report;
    for (const id of over) {
      const late = await this.settleLegs(id, results.get(id)!, now);
      if (late > 0) {
        const ready = await this.settleOrders(await orders.readyOrderIds(this.db, id), now);
        settled += ready.orders;
        paid += ready.paid;
      }
      legs += late;
      await orders.markMatchSettled(this.db, id, now);
    }
    return { orders: settled, paid, legs };
  }

  /** How each (play type, line, option) of the match's pending legs settles (those it decides). */
  private async legDecisions(matchId: number, result: MatchResult): Promise<repo.LegDecision[]> {
    const decisions: repo.LegDecision[] = [];
    for (const g of await orders.pendingLegOptions(this.db, matchId)) {
      const playType = g.playType as PlayTypeId;
      const line = PLAY_TYPES[playType].line === 'none' ? null : parseLine(playType, g.line ?? '');
      const status = settleOption(playType, g.optionKey, line, result);
      if (status !== 'pending') decisions.push({ matchId, ...g, status });
    }
    return decisions;
  }

  /** Decides every pending leg of the match with one UPDATE per play type and line. */
  private async settleLegs(matchId: number, result: MatchResult, now: Date): Promise<number> {
    const byMarket = new Map<
      string,
      { playType: string; line: string | null; statuses: Map<string, string> }
    >();
    for (const d of await this.legDecisions(matchId, result)) {
      const key = `${d.playType}|${d.line ?? ''}`;
      let market = byMarket.get(key);
      if (!market) byMarket.set(key, (market = { playType: d.playType, line: d.line, statuses: new Map() }));
      market.statuses.set(d.optionKey, d.status);
    }
    let settled = 0;
    for (const market of byMarket.values()) settled += await orders.decideLegs(this.db, matchId, market, now);
    return settled;
  }

  /**
   * Settles the match's pending orders whose legs are all decided: after an operator's correction
   * of the match, or a crash between deciding legs and paying orders.
   */
  async settleReadyOrders(matchId: number): Promise<Omit<SettleReport, 'legs'>> {
    const report = await this.settleOrders(await orders.readyOrderIds(this.db, matchId), this.clock.now());
    return { orders: report.orders, paid: report.paid };
  }

  /**
   * Settles `ids` batch by batch, BATCHES_IN_FLIGHT at a time. Deciding a batch (its legs of the
   * finished matches, `legs`, then read + engine) needs no transaction: what counts is the guarded UPDATE, which
   * pays only the orders it flips from pending. A batch fails alone: those after it are given up
   * (they commit nothing) and the error is thrown once every batch has stopped.
   */
  private async settleOrders(
    ids: number[],
    now: Date,
    legs?: readonly repo.LegDecision[],
  ): Promise<SettleReport> {
    const batches: number[][] = [];
    for (let i = 0; i < ids.length; i += this.batchSize) batches.push(ids.slice(i, i + this.batchSize));
    const gates = batches.map(() => new BatchGate());
    const report: SettleReport = { legs: 0, orders: 0, paid: 0n };
    let failure: Error | undefined;
    let next = 0;
    // Inbox pushes go once per member at the end of the run, not once per batch.
    const pushes = this.messages.holdPushes();
    const runBatches = async () => {
      for (let k = next++; k < batches.length; k = next++) {
        const batch = batches[k]!;
        const gate = gates[k]!;
        const previous = gates[k - 1];
        if (failure !== undefined) {
          gate.fail();
          return;
        }
        try {
          if (legs) {
            // Awaited first: `report.legs += await …` would read the total before another batch adds to it.
            const decidedLegs = await repo.decideLegsOfOrders(this.db, legs, batch, now);
            report.legs += decidedLegs;
          }
          const decided = await this.decideBatch(batch);
          if (previous && !(await previous.begun)) throw new BatchAbandoned();
          const outcome = await inTransaction(
            this.db,
            (work) => {
              gate.begin();
              work.afterCommit(() => gate.commit());
              return this.payBatch(work, decided, now, pushes, previous);
            },
            this.log,
          );
          report.orders += outcome.n;
          report.paid += outcome.total;
        } catch (err) {
          gate.fail();
          if (!(err instanceof BatchAbandoned))
            failure ??= err instanceof Error ? err : new Error(String(err));
          return;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(BATCHES_IN_FLIGHT, batches.length) }, runBatches));
    } finally {
      await pushes.flush();
    }
    if (failure !== undefined) throw failure;
    if (report.orders > 0)
      this.log.info({ orders: report.orders, paid: report.paid.toString() }, 'orders settled');
    return report;
  }

  /**
   * Runs the engine on the batch's pending orders whose legs are all decided. The engine is pure:
   * orders with the same picks, odds, pass type and multiple (a popular single is thousands of
   * them) settle alike, so it runs once per group the read answers.
   */
  private async decideBatch(ids: number[]): Promise<Decided[]> {
    const groups = (await repo.pendingOrderGroups(this.db, ids)).map((group) => ({
      group,
      legs: repo.parseLegs(group.legs),
    }));
    const matchIds = new Set<number>();
    for (const { legs } of groups) for (const leg of legs) matchIds.add(leg.matchId);
    const results = new Map<string, MatchResult>();
    for (const m of await sports.matchResults(this.db, [...matchIds]))
      if (m.result) results.set(String(m.id), matchResultSchema.parse(m.result));
    const decided: Decided[] = [];
    for (const { group, legs } of groups) {
      // Ready only once every leg is decided (a match over but not yet settled waits for it).
      if (legs.some((l) => l.status === 'pending')) continue;
      const selections: BetSelection[] = legs.map((l) => legSelection(l));
      const outcome = settleOrder(placedOrder(group, selections), results);
      if (outcome.status === 'pending') continue;
      for (const order of group.orders)
        decided.push({ order, status: outcome.status, payout: outcome.payout });
    }
    // By ascending id, as the orders were read (groups interleave them).
    return decided.sort((a, b) => a.order.id - b.order.id);
  }

  /**
   * One transaction: the decided orders still pending flipped, paid and told, or none of it.
   * What only this batch touches (its orders, its members' inbox rows) goes first; the rows the
   * batch before it also locks (outcomes' liability, members' wallets) once that one committed.
   */
  private async payBatch(
    work: Work,
    decided: readonly Decided[],
    now: Date,
    pushes: HeldPushes,
    previous: BatchGate | undefined,
  ): Promise<{ n: number; total: bigint }> {
    // One guarded UPDATE: only the orders it flips from pending are paid and told, now.
    const flipped = await repo.flipOrders(
      work.tx,
      decided.map((d) => ({ id: d.order.id, status: d.status, payout: d.payout })),
      now,
    );
    const flippedIds = new Set(flipped);
    const settled = decided.filter((d) => flippedIds.has(d.order.id));
    // One inbox message per winning order, keyed by the order: a re-run sends none again.
    await this.messages.sendMany(
      work,
      settled.filter((d) => d.status === 'won').map(({ order, payout }) => winMessage(order, payout)),
      pushes,
    );
    if (previous && !(await previous.committed)) throw new BatchAbandoned();
    // A settled order no longer weighs on the book: only the orders flipped here are released.
    await releaseOrders(work.tx, flipped, now);
    await this.ledger.postMany(work, credits(settled));
    // 加奖 after the payouts: the winners' wallets are held, then the campaigns' rows.
    await this.boosts.settle(work, settled, now);
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
