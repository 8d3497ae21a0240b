import { readFileSync } from 'node:fs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { body, newMember, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fund,
  oddsOf,
  openMatches,
  submit,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { bookBackfillQueue } from './book-backfill.table.ts';
import { releaseOrders } from './book.repo.ts';
import { bookExposure, bookOrderExposure } from './book.table.ts';
import { orders } from './sports.table.ts';

let t: TestApp;
let pool: MatchRow[];
beforeAll(async () => {
  t = await createSportsApp();
  pool = await openMatches(t, 'football', 3);
}, 120_000);
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function wdl(match: MatchRow, option: string) {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  return { match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! };
}
async function orderId(res: Awaited<ReturnType<typeof submit>>): Promise<number> {
  expect(body(res)).toMatchObject({ code: 200 });
  const orderNo = body<{ order_no: string }>(res).data.order_no;
  const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
  return row!.id;
}
const matchIds = () => pool.map((m) => m.id);
async function shares() {
  return t.database.db
    .select()
    .from(bookOrderExposure)
    .where(inArray(bookOrderExposure.matchId, matchIds()))
    .orderBy(
      asc(bookOrderExposure.orderId),
      asc(bookOrderExposure.matchId),
      asc(bookOrderExposure.optionKey),
    );
}
/** Each outcome's liability (the sum of its shards), outcomes with none left out. */
async function totals() {
  const rows = await t.database.db
    .select({
      matchId: bookExposure.matchId,
      playType: bookExposure.playType,
      optionKey: bookExposure.optionKey,
      liability: sql<string>`SUM(${bookExposure.liability})::text`,
    })
    .from(bookExposure)
    .where(inArray(bookExposure.matchId, matchIds()))
    .groupBy(bookExposure.matchId, bookExposure.playType, bookExposure.optionKey)
    .having(sql`SUM(${bookExposure.liability}) <> 0`)
    .orderBy(asc(bookExposure.matchId), asc(bookExposure.playType), asc(bookExposure.optionKey));
  return rows.map((r) => ({ ...r, liability: BigInt(r.liability) }));
}

describe('the book carries orders open from before it existed', () => {
  it('books their liability by the submit rule, once however many runs, skips settled ones, and settlement releases it', async () => {
    const [a, b, played] = pool as [MatchRow, MatchRow, MatchRow];
    const m = await newMember(t.app);
    await fund(t, m, 1_000_000n);
    const place = async (passType: string, multiple: number, picks: Array<[MatchRow, string]>) =>
      orderId(
        await submit(t, m, {
          sport_type: 1,
          bet_mode: passType === 'single' ? 'single' : 'mixed',
          pass_type: passType,
          multiple,
          selections: await Promise.all(picks.map(([match, option]) => wdl(match, option))),
        }),
      );
    const singleId = await place('single', 3, [
      [a, 'h'],
      [b, 'd'],
    ]);
    const parlayId = await place('2x1', 2, [
      [a, 'a'],
      [b, 'h'],
    ]);
    const settledId = await place('single', 1, [[played, 'h']]);
    // Settled before the backfill runs (its shares already released): the queue may still name it.
    await t.database.db.update(orders).set({ status: 'lost' }).where(eq(orders.id, settledId));
    await releaseOrders(t.database.db, [settledId], t.app.services.clock.now());

    // The backfill books onto shard 0; a submit onto its order's shard.
    const bookedAtSubmit = (await shares()).map((s) => ({ ...s, shard: 0 }));
    const totalsAtSubmit = await totals();
    expect(bookedAtSubmit.map((s) => s.orderId)).toEqual([singleId, singleId, parlayId, parlayId]);

    // The database as migration 0024 finds one made before the book: open orders with no shares
    // and outcomes with nothing on them.
    const db = t.database.db;
    await db.delete(bookOrderExposure).where(inArray(bookOrderExposure.orderId, [singleId, parlayId]));
    await db.update(bookExposure).set({ liability: 0n }).where(inArray(bookExposure.matchId, matchIds()));
    // Migration 0024's own statement fills the queue: the open orders with no shares.
    const migration = readFileSync(
      new URL('../../../drizzle/0024_book_backfill.sql', import.meta.url),
      'utf8',
    );
    await db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    const queued = await db.select().from(bookBackfillQueue).orderBy(asc(bookBackfillQueue.orderId));
    expect(queued.map((q) => q.orderId)).toEqual([singleId, parlayId]);
    // A settled order in the queue (settled between the migration and the job) is passed over.
    await db.insert(bookBackfillQueue).values({ orderId: settledId });

    const runs = await Promise.all([t.app.services.bookBackfill.run(), t.app.services.bookBackfill.run()]);
    expect(runs.reduce((n, r) => n + r.orders, 0)).toBe(2);
    expect(await shares()).toEqual(bookedAtSubmit);
    expect(await totals()).toEqual(totalsAtSubmit);
    expect(await db.select().from(bookBackfillQueue)).toEqual([]);
    expect(await t.app.services.bookBackfill.run()).toEqual({ orders: 0 });

    // An order the queue names twice by mistake is not booked twice.
    await db.insert(bookBackfillQueue).values({ orderId: singleId });
    expect(await t.app.services.bookBackfill.run()).toEqual({ orders: 0 });
    expect(await totals()).toEqual(totalsAtSubmit);

    await finish(t, [a, b]);
    await t.app.services.settlement.settleMatch(a.id);
    await t.app.services.settlement.settleMatch(b.id);
    const left = await db
      .select()
      .from(bookExposure)
      .where(and(inArray(bookExposure.matchId, [a.id, b.id]), sql`${bookExposure.liability} <> 0`));
    expect(left).toEqual([]);
    expect(await shares()).toEqual([]);
  });
});
