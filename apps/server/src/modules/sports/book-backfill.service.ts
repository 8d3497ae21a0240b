import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import * as queue from './book-backfill.repo.ts';
import * as book from './book.repo.ts';
import { outcomeShares } from './book.service.ts';
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
    const rows = perOrder.flatMap((p) => p.shares.map((s) => ({ ...s, orderId: p.orderId })));
    if (!rows.length) return { taken: ids.length, booked: 0 };

    // One increment per outcome, in key order (the order submits lock them in).
    const merged = new Map<string, book.OutcomeShare>();
    for (const r of rows) {
      const key = `${r.matchId}|${r.playType}|${r.optionKey}`;
      const prev = merged.get(key);
      merged.set(key, {
        matchId: r.matchId,
        playType: r.playType,
        optionKey: r.optionKey,
        liability: (prev?.liability ?? 0n) + r.liability,
      });
    }
    const outcomes = [...merged.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, share]) => share);
    await book.addExposure(tx, outcomes, this.clock.now());
    await queue.insertShares(tx, rows);
    return { taken: ids.length, booked: perOrder.filter((p) => p.shares.length).length };
  }
}
