import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import * as queue from './book-backfill.repo.ts';
import * as book from './book.repo.ts';
import { BOOK_SHARDS, outcomeShares } from './book.service.ts';
import { legSelection } from './sports.mapper.ts';

/** How often the leader looks at the queue; an empty queue costs one indexed read. */
export const BOOK_BACKFILL_INTERVAL_MS = 60_000;
/** Orders booked per transaction; a run takes batches until the queue is empty. */
const BATCH = 500;

/**
 * Books the liability of orders left open from before the book existed (`book_backfill_queue`,
 * filled by migration 0024), by the same rule as a submit (`outcomeShares`): each order's shares
 * go into `book_order_exposure` and onto their outcomes in `book_exposure`, so the caps count
 * them and settlement releases them like any other order's. No cap is checked: the orders were
 * accepted long ago, and the book must show what it really risks.
 *
 * Exactly once: each batch takes its queue rows `FOR UPDATE SKIP LOCKED` and deletes them in the
 * same transaction, locks the orders, and books only those still open with no shares yet. An
 * order that settles meanwhile either settled first (not open: skipped) or waits for this
 * transaction's lock and then releases the shares it booked.
 */
export class BookBackfillService {
  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
    private readonly clock: Clock,
  ) {}

  async run(): Promise<{ orders: number }> {
    let booked = 0;
    for (;;) {
      const batch = await inTransaction(this.db, (work) => this.batch(work.tx));
      booked += batch.booked;
      if (batch.taken < BATCH) break;
    }
    if (booked) this.log.info({ orders: booked }, 'book: liability of orders open before the book booked');
    return { orders: booked };
  }

  private async batch(tx: Tx) {
    const ids = await queue.takeQueued(tx, BATCH);
    if (!ids.length) return { taken: 0, booked: 0 };
    const open = await queue.lockOpenUnbooked(tx, ids);
    if (!open.length) return { taken: ids.length, booked: 0 };

    const perOrder = open.map(({ order, legs }) => ({
      orderId: order.id,
      shares: outcomeShares({
        mode: order.betMode,
        multiple: order.multiple,
        selections: legs.map((l) => legSelection(l)),
        totalStake: order.totalAmount,
        maxPrize: order.maxPrize,
      }),
    }));
    const rows = perOrder.flatMap((p) => p.shares.map((s) => ({ ...s, orderId: p.orderId, shard: 0 })));
    if (!rows.length) return { taken: ids.length, booked: 0 };

    // Every shard of the outcomes locked, in the order submits take them; the shares go onto
    // shard 0 and the shards lose their cap, so the next order on each outcome takes the locked
    // path and is decided against the whole liability, these orders included.
    const outcomes = new Map<string, book.OutcomeKey>();
    for (const r of rows)
      outcomes.set(`${r.matchId}|${r.playType}|${r.optionKey}`, {
        matchId: r.matchId,
        playType: r.playType,
        optionKey: r.optionKey,
      });
    const sorted = [...outcomes.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, o]) => o);
    const now = this.clock.now();
    const { rows: shards } = await book.lockOutcomes(tx, sorted, BOOK_SHARDS, [], now);
    for (const r of rows) {
      const row = shards.find(
        (x) =>
          x.shard === 0 &&
          x.matchId === r.matchId &&
          x.playType === r.playType &&
          x.optionKey === r.optionKey,
      );
      if (row) row.liability += r.liability;
    }
    await book.writeShards(
      tx,
      shards.map((x) => ({ ...x, cap: null })),
      now,
    );
    await book.recordShares(tx, rows);
    return { taken: ids.length, booked: perOrder.filter((p) => p.shares.length).length };
  }
}
