import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatFen } from '@app/shared';
import { as, body, newMember, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fund,
  openMatches,
  winDrawLoseSingle,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { orders } from '../sports/sports.table.ts';
import { messages } from './messages.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSportsApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const bet = (member: TestMember, match: MatchRow, win: boolean) => winDrawLoseSingle(t, member, match, win);

const bettingMessages = (memberId: number) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.memberId, memberId), eq(messages.type, 'betting')));

describe('win messages', () => {
  it('tells the member of each winning order once, even when settlement runs again', async () => {
    const [match] = await openMatches(t, 'football', 1);
    const m = await newMember(t.app);
    await fund(t, m, 1_000n);
    const won1 = await bet(m, match!, true);
    const won2 = await bet(m, match!, true);
    const lost = await bet(m, match!, false);
    await finish(t, [match!]);
    await t.app.services.settlement.settleMatch(match!.id);
    await t.app.services.settlement.settleMatch(match!.id);

    const first = await bettingMessages(m.id);
    expect(first.map((x) => x.dedupeKey).sort()).toEqual(
      [`order:${won1.order_id}:won`, `order:${won2.order_id}:won`].sort(),
    );
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, won1.order_id));
    const mine = first.find((x) => x.dedupeKey === `order:${won1.order_id}:won`)!;
    expect(mine).toMatchObject({
      title: '恭喜中奖',
      link: `/betPages/order/detail?order_no=${won1.order_no}`,
    });
    expect(mine.content).toContain(formatFen(row!.payout));
    expect(first.some((x) => x.content.includes(lost.order_no))).toBe(false);

    // A crash that lost the orders' status update after paying: the re-run pays and tells nothing twice.
    await t.database.db
      .update(orders)
      .set({ status: 'pending', settledAt: null, payout: sql`0` })
      .where(eq(orders.id, won1.order_id));
    await t.database.db
      .update(orders)
      .set({ status: 'pending', settledAt: null, payout: sql`0` })
      .where(eq(orders.id, won2.order_id));
    await t.app.services.settlement.settleReadyOrders(match!.id);
    expect(await bettingMessages(m.id)).toHaveLength(2);

    const inbox = body<{ list: Array<{ type: string }>; unread_count: number }>(
      await as(t.app, m, { method: 'GET', url: '/v1/messages?type=betting' }),
    ).data;
    expect(inbox.list).toHaveLength(2);
    expect(inbox.unread_count).toBe(3);
  });
});
