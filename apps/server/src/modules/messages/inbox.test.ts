import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { privateUserChannel, unreadBadge, type MessageType } from '@app/shared';
import { inTransaction } from '../../db/tx.ts';
import { as, body, createTestApp, newMember, type TestApp, type TestMember } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function send(m: TestMember, type: MessageType, title: string, link?: string): Promise<number> {
  const id = await inTransaction(t.database.db, (work) =>
    t.app.services.messages.send(work, {
      memberId: m.id,
      type,
      title,
      content: `${title}的内容`,
      ...(link ? { link } : {}),
    }),
  );
  return id!;
}

const get = (m: TestMember, url: string) => as(t.app, m, { method: 'GET', url });
const post = (m: TestMember, url: string, payload?: unknown) =>
  as(t.app, m, {
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

interface Page {
  list: Array<{ id: number; type: string; title: string; is_read: number; link: string | null }>;
  total: number;
  has_more: boolean;
  unread_count: number;
}

describe('inbox', () => {
  it('welcomes a new member with a system message sent in the registration transaction', async () => {
    const m = await newMember(t.app);
    const page = body<Page>(await get(m, '/v1/messages')).data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ type: 'system', title: '欢迎加入金彩体育', is_read: 0 });
    expect(page.unread_count).toBe(1);
  });

  it('lists by type and read state, newest first, with pages', async () => {
    const m = await newMember(t.app);
    const a = await send(m, 'finance', '充值到账');
    const b = await send(m, 'betting', '恭喜中奖', '/betPages/order/detail?order_no=X1');
    const c = await send(m, 'finance', '提现成功');
    const all = body<Page>(await get(m, '/v1/messages?per_page=2')).data;
    expect(all.list.map((x) => x.id)).toEqual([c, b]);
    expect(all).toMatchObject({ total: 4, has_more: true, unread_count: 4 });
    const finance = body<Page>(await get(m, '/v1/messages?type=finance')).data;
    expect(finance.list.map((x) => x.id)).toEqual([c, a]);
    await post(m, `/v1/messages/${a}/read`);
    const unread = body<Page>(await get(m, '/v1/messages?type=finance&is_read=0')).data;
    expect(unread.list.map((x) => x.id)).toEqual([c]);
    const read = body<Page>(await get(m, '/v1/messages?is_read=1')).data;
    expect(read.list.map((x) => x.id)).toEqual([a]);
    const detail = body<{ link: string; type_name: string }>(await get(m, `/v1/messages/${b}`)).data;
    expect(detail).toMatchObject({ link: '/betPages/order/detail?order_no=X1', type_name: '投注中奖' });
  });

  it('counts unread per type, in statistics and in unread-count', async () => {
    const m = await newMember(t.app);
    await send(m, 'finance', '充值到账');
    const read = await send(m, 'finance', '提现成功');
    await send(m, 'activity', '签到成功');
    await post(m, `/v1/messages/${read}/read`);
    expect(body(await get(m, '/v1/messages/unread-count')).data).toEqual({ unread_count: 3 });
    const stats = body<{
      total: number;
      unread: number;
      read: number;
      by_type: Array<{ type: string; total: number; unread: number }>;
    }>(await get(m, '/v1/messages/statistics')).data;
    expect(stats).toMatchObject({ total: 4, unread: 3, read: 1 });
    expect(stats.by_type.find((x) => x.type === 'finance')).toMatchObject({ total: 2, unread: 1 });
    const types = body<{ list: Array<{ type: string; name: string; unread: number }> }>(
      await get(m, '/v1/messages/types'),
    ).data;
    expect(types.list.map((x) => x.type)).toEqual(['system', 'finance', 'betting', 'activity', 'agent']);
    expect(types.list.find((x) => x.type === 'activity')).toMatchObject({ name: '活动消息', unread: 1 });
  });

  it('marks read one, several and all (optionally by type), and reading twice changes nothing', async () => {
    const m = await newMember(t.app);
    const f1 = await send(m, 'finance', 'f1');
    const f2 = await send(m, 'finance', 'f2');
    const b1 = await send(m, 'betting', 'b1');
    const a1 = await send(m, 'activity', 'a1');
    const one = body<{ affected: number; unread_count: number }>(
      await post(m, `/v1/messages/${f1}/read`),
    ).data;
    expect(one).toEqual({ affected: 1, unread_count: 4 });
    expect(body(await post(m, `/v1/messages/${f1}/read`)).data).toEqual({ affected: 0, unread_count: 4 });
    const several = await post(m, '/v1/messages/mark-multiple-read', { ids: [f1, f2, b1] });
    expect(body(several).data).toEqual({ affected: 2, unread_count: 2 });
    const byType = await post(m, '/v1/messages/mark-all-read', { type: 'activity' });
    expect(body(byType).data).toEqual({ affected: 1, unread_count: 1 });
    expect(body<Page>(await get(m, `/v1/messages?is_read=0`)).data.list.map((x) => x.type)).toEqual([
      'system',
    ]);
    const all = await post(m, '/v1/messages/mark-all-read');
    expect(all.statusCode).toBe(200);
    expect(body(all).data).toEqual({ affected: 1, unread_count: 0 });
    expect(a1).toBeGreaterThan(0);
  });

  it('deletes one message and clears the rest; deleted ones are gone from every view', async () => {
    const m = await newMember(t.app);
    const x = await send(m, 'finance', 'x');
    await send(m, 'finance', 'y');
    const res = await post(m, `/v1/messages/${x}/delete`);
    expect(body(res)).toMatchObject({ code: 200, data: { affected: 1, unread_count: 2 } });
    expect((await get(m, `/v1/messages/${x}`)).statusCode).toBe(404);
    expect((await post(m, `/v1/messages/${x}/delete`)).statusCode).toBe(404);
    expect((await post(m, `/v1/messages/${x}/read`)).statusCode).toBe(404);
    expect(body<Page>(await get(m, '/v1/messages')).data.total).toBe(2);
    expect(body(await post(m, '/v1/messages/clear')).data).toEqual({ affected: 2, unread_count: 0 });
    expect(body<Page>(await get(m, '/v1/messages')).data).toMatchObject({ total: 0, list: [] });
    expect(body(await get(m, '/v1/messages/statistics')).data).toMatchObject({ total: 0, unread: 0 });
  });

  it("never shows or changes another member's messages", async () => {
    const owner = await newMember(t.app);
    const other = await newMember(t.app);
    const id = await send(owner, 'finance', '私密消息');
    expect((await get(other, `/v1/messages/${id}`)).statusCode).toBe(404);
    expect(body(await get(other, `/v1/messages/${id}`)).message).toBe('消息不存在');
    expect((await post(other, `/v1/messages/${id}/read`)).statusCode).toBe(404);
    expect((await post(other, `/v1/messages/${id}/delete`)).statusCode).toBe(404);
    expect(body(await post(other, '/v1/messages/mark-multiple-read', { ids: [id] })).data).toMatchObject({
      affected: 0,
    });
    await post(other, '/v1/messages/mark-all-read');
    await post(other, '/v1/messages/clear');
    const mine = body<Page>(await get(owner, '/v1/messages')).data;
    expect(mine.list.find((x) => x.id === id)).toMatchObject({ is_read: 0 });
    expect(body<Page>(await get(other, '/v1/messages')).data.list.some((x) => x.id === id)).toBe(false);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const m = await newMember(t.app);
    const id = await send(m, 'finance', 'z');
    const cases: Array<[string, string, unknown?]> = [
      ['GET', '/v1/messages/abc'],
      ['GET', '/v1/messages/-1'],
      ['GET', '/v1/messages/0'],
      ['GET', '/v1/messages/99999999999999999999'],
      ['GET', '/v1/messages/1.5'],
      ['POST', '/v1/messages/-3/read'],
      ['POST', '/v1/messages/abc/delete'],
      ['GET', '/v1/messages?type=lottery'],
      ['GET', '/v1/messages?is_read=2'],
      ['GET', '/v1/messages?page=0'],
      ['GET', '/v1/messages?per_page=1000'],
      ['POST', '/v1/messages/mark-multiple-read', {}],
      ['POST', '/v1/messages/mark-multiple-read', { ids: [] }],
      ['POST', '/v1/messages/mark-multiple-read', { ids: 'all' }],
      ['POST', '/v1/messages/mark-multiple-read', { ids: ['1'] }],
      ['POST', '/v1/messages/mark-multiple-read', { ids: [-1] }],
      ['POST', '/v1/messages/mark-multiple-read', { ids: [2 ** 40] }],
      ['POST', '/v1/messages/mark-multiple-read', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
      ['POST', '/v1/messages/mark-all-read', { type: 'spam' }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await (method === 'GET' ? get(m, url) : post(m, url, payload));
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(body(res).message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(body(await get(m, '/v1/messages/unread-count')).data).toEqual({ unread_count: 2 });
    expect(body(await get(m, `/v1/messages/${id}`)).data).toMatchObject({ is_read: 0 });
  });

  it('answers 401 without a token', async () => {
    for (const url of [
      '/v1/messages',
      '/v1/messages/unread-count',
      '/v1/messages/statistics',
      '/v1/messages/types',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/messages/clear' })).statusCode).toBe(401);
  });

  it('sends a batch with one push per member carrying the unread count, and skips known keys', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const publish = vi.spyOn(t.app.services.realtime.broadcaster, 'publish');
    const batch = [
      { memberId: a.id, type: 'betting' as const, title: '恭喜中奖', content: '1', dedupeKey: 'order:1:won' },
      { memberId: a.id, type: 'betting' as const, title: '恭喜中奖', content: '2', dedupeKey: 'order:2:won' },
      { memberId: b.id, type: 'betting' as const, title: '恭喜中奖', content: '3', dedupeKey: 'order:3:won' },
    ];
    expect(await inTransaction(t.database.db, (work) => t.app.services.messages.sendMany(work, batch))).toBe(
      3,
    );
    expect(await inTransaction(t.database.db, (work) => t.app.services.messages.sendMany(work, batch))).toBe(
      0,
    );
    const toA = publish.mock.calls.filter(([channel]) => channel === privateUserChannel(a.id));
    expect(toA).toHaveLength(1);
    expect(toA[0]?.[2]).toMatchObject({ message: '2', unread_count: 3 });
    publish.mockRestore();
  });
});

describe('unreadBadge', () => {
  it('shows nothing at 0, the number up to 99 and 99+ above', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
});
