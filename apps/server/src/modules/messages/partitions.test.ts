/**
 * Messages partitioned by Beijing month (decision 042): a message of a month without a partition
 * lands in the default one, housekeeping makes the next months, a dedupe key is sent once per
 * member across months (one message, one key row), and a member reads, marks and hides messages
 * of any month by id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMonthPartitions } from '../../db/partitions.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { inTransaction } from '../../db/tx.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  createIsolatedTestApp,
  newMember,
  TEST_START,
  uniqueIp,
  type TestApp,
} from '../../test/harness.ts';
import type { OutgoingMessage } from './index.ts';

let t: TestApp;
// Months no other test writes in, on a database of this file's own (housekeeping runs here).
const clock = new ManualClock(new Date('2034-03-10T04:00:00.000Z'));

beforeAll(async () => {
  t = await createIsolatedTestApp({ HISTORY_PARTITIONS_AHEAD_MONTHS: '3' }, clock);
});
afterAll(async () => {
  await t.close();
});

const send = (message: OutgoingMessage) =>
  inTransaction(t.database.db, (work) => t.app.services.messages.send(work, message));
const sendMany = (list: OutgoingMessage[]) =>
  inTransaction(t.database.db, (work) => t.app.services.messages.sendMany(work, list));

async function stored(memberId: number) {
  return rowsOf<{ id: number; key: string | null; part: string }>(
    await t.database.db.execute(sql`
      SELECT id, dedupe_key AS key, tableoid::regclass::text AS part FROM messages
      WHERE member_id = ${memberId} ORDER BY id`),
  );
}

async function keys(memberId: number) {
  return rowsOf<{ key: string; id: number }>(
    await t.database.db.execute(sql`
      SELECT dedupe_key AS key, message_id AS id FROM message_dedupe_keys
      WHERE member_id = ${memberId} ORDER BY message_id`),
  );
}

describe('messages partitioned by month', () => {
  it('keeps a dedupe key once per member across months and reads messages of any month', async () => {
    expect(TEST_START.getTime()).toBeLessThan(clock.now().getTime());
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    const deposit = (memberId: number): OutgoingMessage => ({
      memberId,
      type: 'finance',
      title: '充值到账',
      content: '您的充值 100.00 元已到账',
      dedupeKey: 'deposit:partitions',
    });

    // March 2034 has no partition: the welcome and the deposit notice land in the default one.
    const march = await send(deposit(m.id));
    expect(march).toBeTypeOf('number');
    expect((await stored(m.id)).map((r) => [r.key, r.part])).toEqual([
      ['welcome', 'messages_default'],
      ['deposit:partitions', 'messages_default'],
    ]);
    expect((await stored(m.id))[1]?.id).toBe(march);

    // Housekeeping makes April to June of messages, and leaves March to an operator.
    await t.app.services.housekeeping.run();
    expect(await ensureMonthPartitions(t.database.db, 'messages', clock.now(), 3)).toEqual([
      { month: '2034-03', outcome: 'default_holds_rows' },
      { month: '2034-04', outcome: 'exists' },
      { month: '2034-05', outcome: 'exists' },
      { month: '2034-06', outcome: 'exists' },
    ]);

    // In May the same key sends nothing again, alone or in a batch; another member's same key,
    // a new key and a message without a key are written once each, in May's partition.
    clock.set(new Date('2034-05-20T04:00:00.000Z'));
    expect(await send(deposit(m.id))).toBeUndefined();
    const note = { memberId: m.id, type: 'system' as const, title: '通知', content: '无键' };
    expect(
      await sendMany([
        deposit(m.id),
        deposit(other.id),
        deposit(other.id),
        { ...deposit(m.id), dedupeKey: 'deposit:may' },
        { ...deposit(m.id), dedupeKey: 'deposit:may' },
        note,
        note,
      ]),
    ).toBe(4);
    const mine = await stored(m.id);
    expect(mine.map((r) => [r.key, r.part])).toEqual([
      ['welcome', 'messages_default'],
      ['deposit:partitions', 'messages_default'],
      ['deposit:may', 'messages_p203405'],
      [null, 'messages_p203405'],
      [null, 'messages_p203405'],
    ]);
    expect((await stored(other.id)).map((r) => [r.key, r.part])).toEqual([
      ['welcome', 'messages_default'],
      ['deposit:partitions', 'messages_p203405'],
    ]);
    // One key row per keyed message, pointing at it.
    expect(await keys(m.id)).toEqual(
      mine.filter((r) => r.key !== null).map((r) => ({ key: r.key, id: r.id })),
    );

    // Signed in again (March's session has ended), the member reads March's message by id, marks
    // it read and hides it.
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { username: m.username, password: m.password },
      remoteAddress: uniqueIp(),
    });
    const member = { auth: { authorization: `Bearer ${body<{ token: string }>(login).data.token}` } };
    const detail = await as(t.app, member, { method: 'GET', url: `/v1/messages/${march}` });
    expect(body<{ id: number; title: string }>(detail).data).toMatchObject({ id: march, title: '充值到账' });
    const read = await as(t.app, member, { method: 'POST', url: `/v1/messages/${march}/read` });
    expect(body<{ affected: number }>(read).data.affected).toBe(1);
    const page = await as(t.app, member, { method: 'GET', url: '/v1/messages?page=1&per_page=10' });
    expect(body<{ total: number }>(page).data.total).toBe(5);
    expect(
      (await as(t.app, member, { method: 'POST', url: `/v1/messages/${march}/delete` })).statusCode,
    ).toBe(200);
    const after = await as(t.app, member, { method: 'GET', url: '/v1/messages?page=1&per_page=10' });
    expect(body<{ total: number }>(after).data.total).toBe(4);
  });
});
