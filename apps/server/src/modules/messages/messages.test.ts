import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { privateUserChannel } from '@app/shared';
import { inTransaction } from '../../db/tx.ts';
import { createTestApp, newMember, type TestApp } from '../../test/harness.ts';
import { messages } from './messages.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('MessagesService.send', () => {
  it('writes once per dedupe key and pushes a notification with the unread count after commit', async () => {
    const m = await newMember(t.app);
    const publish = vi.spyOn(t.app.services.realtime.broadcaster, 'publish');
    const send = () =>
      inTransaction(t.database.db, (work) =>
        t.app.services.messages.send(work, {
          memberId: m.id,
          type: 'finance',
          title: '充值到账',
          content: '您的充值 100.00 元已到账',
          link: '/pages/financePages/billdetails',
          dedupeKey: 'deposit:1',
        }),
      );
    const id = await send();
    expect(id).toBeTypeOf('number');
    expect(await send()).toBeUndefined();
    const rows = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.memberId, m.id), eq(messages.dedupeKey, 'deposit:1')));
    expect(rows).toHaveLength(1);
    const pushes = publish.mock.calls.filter(([channel]) => channel === privateUserChannel(m.id));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.[1]).toBe('notification');
    expect(pushes[0]?.[2]).toMatchObject({
      id: String(id),
      title: '充值到账',
      type: 'finance',
      unread_count: 2,
    });
    expect(await t.app.services.messages.unreadCount(m.id)).toBe(2);
    publish.mockRestore();
  });

  it('sends nothing when the transaction rolls back', async () => {
    const m = await newMember(t.app);
    const publish = vi.spyOn(t.app.services.realtime.broadcaster, 'publish');
    await expect(
      inTransaction(t.database.db, async (work) => {
        await t.app.services.messages.send(work, {
          memberId: m.id,
          type: 'system',
          title: 'x',
          content: 'y',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.app.services.messages.unreadCount(m.id)).toBe(1);
    expect(publish.mock.calls.filter(([channel]) => channel === privateUserChannel(m.id))).toHaveLength(0);
    publish.mockRestore();
  });
});
