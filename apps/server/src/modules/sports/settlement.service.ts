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
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MessagesService, OutgoingMessage } from '../messages/messages.service.ts';
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

/** Orders settled per transaction: big enough to amortise commits and credits, small enough to keep locks short. */
const ORDER_BATCH = 1000;

export interface SettleReport {
  legs: number;
  orders: number;
  paid: bigint;
}

/**
 * Exactly-once settlement. Legs of a finished (or called-off) match are decided in bulk; every
 * order whose legs are all decided is settled once (`WHERE status = 'pending'` guards the row,
 * a ledger idempotency key guards the money). Safe to re-run at any point after a crash.
 */
export class SettlementService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly events: EventBus,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly messages: MessagesService,
    private readonly clock: Clock,
  ) {}

  async settleMatch(matchId: number): Promise<SettleReport> {
    const now = this.clock.now();
    const match = await sports.matchById(this.db, matchId);
    if (!match?.result) return { legs: 0, orders: 0, paid: 0n };
    const result = matchResultSchema.parse(match.result);
    const legs = await this.settleLegs(matchId, result, now);
    const report = await this.settleOrders(await orders.readyOrderIds(this.db, matchId), now);
    await orders.markMatchSettled(this.db, matchId, now);
    return { ...report, legs };
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

  private async settleOrders(ids: number[], now: Date): Promise<Omit<SettleReport, 'legs'>> {
    let settled = 0;
    let paid = 0n;
    for (let i = 0; i < ids.length; i += ORDER_BATCH) {
      const batch = ids.slice(i, i + ORDER_BATCH);
      const outcome = await inTransaction(
        this.db,
        async (work) => {
          const rows = await orders.pendingOrdersByIds(work.tx, batch);
          const legs = await orders.legsOfOrders(work.tx, batch);
          const matchIds = [...new Set(legs.map((l) => l.matchId))];
          const results = new Map<string, MatchResult>();
          const matchRows = await sports.matchResults(work.tx, matchIds);
          for (const m of matchRows)
            if (m.result) results.set(String(m.id), matchResultSchema.parse(m.result));
          const decided: Array<{
            order: (typeof rows)[number];
            status: 'won' | 'lost' | 'refunded';
            payout: bigint;
          }> = [];
          for (const order of rows) {
            const own = legs.filter((l) => l.orderId === order.id).sort((a, b) => a.position - b.position);
            const selections: BetSelection[] = own.map((l) => legSelection(l));
            const outcome = settleOrder(
              { passType: order.passType, multiple: order.multiple, selections },
              results,
            );
            if (outcome.status !== 'pending')
              decided.push({ order, status: outcome.status, payout: outcome.payout });
          }
          // Losers in one statement; paying orders in one statement, then their credits.
          const lost = decided.filter((d) => d.payout === 0n).map((d) => d.order.id);
          const paying = decided.filter((d) => d.payout > 0n);
          const updated = new Set<number>([
            ...(await orders.markOrdersLost(work.tx, lost, now)),
            ...(await orders.markOrdersPaid(
              work.tx,
              paying.map((d) => ({ id: d.order.id, status: d.status, payout: d.payout })),
              now,
            )),
          ]);
          // One credit per member and kind per batch (each order keeps its own payout): a big
          // match settles in seconds, and the key of the batch's first order keeps it exactly-once.
          const credits = new Map<
            string,
            {
              memberId: number;
              kind: 'payout' | 'bet_refund';
              amount: bigint;
              orders: string[];
              firstId: number;
            }
          >();
          let n = 0;
          let total = 0n;
          for (const { order, status, payout } of decided) {
            if (!updated.has(order.id)) continue;
            if (payout > 0n) {
              const kind = status === 'refunded' ? 'bet_refund' : 'payout';
              const key = `${kind}:${order.memberId}`;
              const credit = credits.get(key) ?? {
                memberId: order.memberId,
                kind,
                amount: 0n,
                orders: [],
                firstId: order.id,
              };
              credit.amount += payout;
              credit.orders.push(order.orderNo);
              credit.firstId = Math.min(credit.firstId, order.id);
              credits.set(key, credit);
            }
            const { memberId, orderNo } = order;
            work.afterCommit(() =>
              this.events.emit('order.settled', {
                memberId,
                orderId: order.id,
                orderNo,
                status,
                payout,
                at: now,
              }),
            );
            n++;
            total += payout;
          }
          // One inbox message per winning order, keyed by the order: a re-run sends none again.
          await this.messages.sendMany(
            work,
            decided
              .filter((d) => d.status === 'won' && updated.has(d.order.id))
              .map(({ order, payout }) => winMessage(order, payout)),
          );
          for (const credit of credits.values()) {
            const first = credit.orders[0] ?? '';
            const single = credit.orders.length === 1;
            await this.ledger.post(work, {
              memberId: credit.memberId,
              amount: credit.amount,
              type: credit.kind,
              reference: { type: 'order', id: single ? first : `${first}+${credit.orders.length - 1}` },
              idempotencyKey: `order:${credit.firstId}:${credit.kind}:${credit.memberId}`,
              remark: `${credit.kind === 'bet_refund' ? '注单退款' : '派奖'} ${single ? first : `${credit.orders.length}笔注单`}`,
            });
          }
          return { n, total };
        },
        this.log,
      );
      settled += outcome.n;
      paid += outcome.total;
    }
    if (settled > 0) this.log.info({ orders: settled, paid: paid.toString() }, 'orders settled');
    return { orders: settled, paid };
  }
}
