/**
 * 在线客服: a member writes (text and pictures) and an operator who took the conversation answers,
 * both ways over realtime; pictures are checked by their bytes and shown only to their member and
 * to operators with the support permission; a member never reaches another's conversation;
 * outside the opening hours a message is a ticket whose answer also reaches the inbox; the
 * operator takes, assigns, transfers and closes (audited), the member rates; canned replies and
 * search; the channels carry each event only to whom it belongs.
 */
import { privateUserChannel, SUPPORT_OPERATOR_CHANNEL } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import type { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../../test/harness.ts';
import { TestSocket } from '../../test/socket-client.ts';

let t: TestApp;
let admin: TestOperator;
let agent: TestOperator;
let colleague: TestOperator;
let finance: TestOperator;
const clock = () => t.app.services.clock as ManualClock;

/** Beijing 12:00 on a Wednesday, then later in the day as each test moves on. */
const at = (beijing: string) => new Date(`2030-06-12T${beijing}:00+08:00`);

const SETTINGS = {
  enabled: true,
  days: [1, 2, 3, 4, 5, 6, 7],
  open_from: '09:00',
  open_to: '21:00',
  welcome: '您好，请问有什么可以帮您？',
  offline_notice: '当前为非服务时间，请留言。',
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, agent, colleague, finance] = [
    await newOperator(t.app, 'admin'),
    await newOperator(t.app, 'support'),
    await newOperator(t.app, 'support'),
    await newOperator(t.app, 'finance'),
  ];
  const saved = await op(admin, 'PUT', '/admin/v1/support/settings', SETTINGS);
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

function op(o: TestOperator, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: o.auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const send = (m: TestMember, text: unknown) =>
  as(t.app, m, { method: 'POST', url: '/v1/support/messages', payload: { text } });

const sendPicture = (m: TestMember, bytes: Buffer) =>
  as(t.app, m, { method: 'POST', url: '/v1/support/pictures', payload: { data: bytes.toString('base64') } });

interface Message {
  id: number;
  conversation_id: number;
  sender: string;
  kind: string;
  text: string;
  picture_id: number | null;
  operator_name: string | null;
}
interface Conversation {
  id: number;
  status: string;
  ticket: boolean;
  operator_id: number | null;
  operator_name: string | null;
  unread: number;
  rating: number | null;
  username: string;
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);

async function started(m: TestMember, text = '我的提现还没到账') {
  const res = await send(m, text);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ message: Message; conversation: { id: number; status: string; ticket: boolean } }>(res).data;
}

async function take(o: TestOperator, id: number) {
  const res = await op(o, 'POST', `/admin/v1/support/conversations/${id}/take`);
  expect(res.statusCode, res.body).toBe(200);
  return body<Conversation>(res).data;
}

const reply = (o: TestOperator, id: number, text: string) =>
  op(o, 'POST', `/admin/v1/support/conversations/${id}/messages`, { text });

async function history(m: TestMember, query = '') {
  const res = await as(t.app, m, { method: 'GET', url: `/v1/support/messages${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: Message[]; has_more: boolean }>(res).data;
}

async function auditOf(targetId: number) {
  return rowsOf<{ action: string; operator_id: number; reason: string | null }>(
    await t.database.db.execute(
      sql`SELECT action, operator_id, reason FROM audit_logs
          WHERE target_type = 'support_conversation' AND target_id = ${String(targetId)} ORDER BY id`,
    ),
  );
}

async function countRows(table: 'support_messages' | 'support_pictures' | 'support_conversations') {
  const rows = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`SELECT COUNT(*)::int AS n FROM ${sql.raw(table)}`),
  );
  return Number(rows[0]?.n ?? 0);
}

describe('在线客服: the member and the operator', () => {
  it('opens a conversation with the welcome, queues it, and the taking operator answers', async () => {
    clock().set(at('12:00'));
    const a = await newMember(t.app);
    const first = await started(a, '你好，我想咨询充值');
    expect(first.conversation).toMatchObject({ status: 'waiting', ticket: false });
    expect(first.message).toMatchObject({ sender: 'member', kind: 'text', text: '你好，我想咨询充值' });

    const queue = body<{ list: Conversation[] }>(
      await op(agent, 'GET', '/admin/v1/support/queue?scope=unassigned&per_page=100'),
    ).data.list;
    expect(queue.find((c) => c.id === first.conversation.id)).toMatchObject({
      username: a.username,
      status: 'waiting',
      unread: 1,
    });

    const taken = await take(agent, first.conversation.id);
    expect(taken).toMatchObject({ status: 'active', operator_id: agent.id });
    const again = await op(
      colleague,
      'POST',
      `/admin/v1/support/conversations/${first.conversation.id}/take`,
    );
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toContain('已由');
    // Only the operator serving it writes into it.
    expect((await reply(colleague, first.conversation.id, '我来')).statusCode).toBe(403);

    const answered = await reply(agent, first.conversation.id, '您好，请提供订单号');
    expect(answered.statusCode, answered.body).toBe(200);
    const mine = body<{ list: Conversation[] }>(await op(agent, 'GET', '/admin/v1/support/queue?scope=mine'))
      .data.list;
    expect(mine.map((c) => c.id)).toContain(first.conversation.id);

    const seen = await history(a);
    expect(seen.list.map((m) => [m.sender, m.text])).toEqual([
      ['system', SETTINGS.welcome],
      ['member', '你好，我想咨询充值'],
      ['system', expect.stringContaining('为您服务')],
      ['operator', '您好，请提供订单号'],
    ]);
    expect(seen.list[3]!.operator_name).toBe('测试support');

    const status = body<{ enabled: boolean; open_now: boolean; unread: number; conversation: Conversation }>(
      await as(t.app, a, { method: 'GET', url: '/v1/support/status' }),
    ).data;
    expect(status).toMatchObject({ enabled: true, open_now: true, unread: 2 });
    expect(status.conversation).toMatchObject({ status: 'active', operator_name: '测试support' });

    // The member reads up to the answer: nothing unread, and the read mark is the answer's.
    const read = await as(t.app, a, {
      method: 'POST',
      url: '/v1/support/read',
      payload: { last_id: seen.list[3]!.id },
    });
    expect(read.statusCode).toBe(200);
    const after = body<{ unread: number; conversation: { member_read_id: number } }>(
      await as(t.app, a, { method: 'GET', url: '/v1/support/status' }),
    ).data;
    expect(after.unread).toBe(0);
    expect(after.conversation.member_read_id).toBe(seen.list[3]!.id);
  });

  it('sends pictures both ways, shown only to their member and to support operators', async () => {
    clock().set(at('12:10'));
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const { conversation } = await started(a);
    await take(agent, conversation.id);

    for (const bytes of [PNG, JPEG, WEBP]) {
      const res = await sendPicture(a, bytes);
      expect(res.statusCode, res.body).toBe(200);
      expect(body<{ message: Message }>(res).data.message).toMatchObject({ kind: 'picture', text: '' });
    }
    const pictures = (await history(a)).list.filter((m) => m.kind === 'picture');
    expect(pictures).toHaveLength(3);
    const pictureId = pictures[0]!.picture_id!;

    const own = await as(t.app, a, { method: 'GET', url: `/v1/support/pictures/${pictureId}` });
    expect(body<{ mime: string; data: string }>(own).data).toMatchObject({
      mime: 'image/png',
      data: PNG.toString('base64'),
    });
    expect(
      body<{ mime: string }>(
        await as(t.app, a, { method: 'GET', url: `/v1/support/pictures/${pictures[2]!.picture_id}` }),
      ).data.mime,
    ).toBe('image/webp');
    // Another member: not found, as if it did not exist.
    const other = await as(t.app, b, { method: 'GET', url: `/v1/support/pictures/${pictureId}` });
    expect(other.statusCode).toBe(404);
    expect(JSON.stringify(body(other).data)).not.toContain(PNG.toString('base64').slice(0, 16));
    // Operators: with the support permission only.
    expect((await op(agent, 'GET', `/admin/v1/support/pictures/${pictureId}`)).statusCode).toBe(200);
    expect((await op(finance, 'GET', `/admin/v1/support/pictures/${pictureId}`)).statusCode).toBe(403);

    // The operator sends one back; the member sees it.
    const back = await op(agent, 'POST', `/admin/v1/support/conversations/${conversation.id}/pictures`, {
      data: JPEG.toString('base64'),
    });
    expect(back.statusCode, back.body).toBe(200);
    const sent = body<{ message: Message }>(back).data.message;
    expect(sent).toMatchObject({ sender: 'operator', kind: 'picture' });
    const got = await as(t.app, a, { method: 'GET', url: `/v1/support/pictures/${sent.picture_id}` });
    expect(body<{ mime: string }>(got).data.mime).toBe('image/jpeg');
  });

  it('refuses pictures of another type or over 2 MB, writing nothing', async () => {
    clock().set(at('12:20'));
    const a = await newMember(t.app);
    await started(a);
    const before = [await countRows('support_pictures'), await countRows('support_messages')];

    const gif = await sendPicture(a, GIF);
    expect(gif.statusCode).toBe(422);
    expect(body(gif).message).toBe('仅支持 PNG、JPG、WEBP 格式的图片');
    // A name or a header cannot make text a picture: only the bytes count.
    const text = await sendPicture(a, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(text.statusCode).toBe(422);
    const big = await sendPicture(a, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]));
    expect(big.statusCode).toBe(422);
    expect(body(big).message).toBe('图片不能超过2MB');
    const notBase64 = await as(t.app, a, {
      method: 'POST',
      url: '/v1/support/pictures',
      payload: { data: '这不是图片'.repeat(4) },
    });
    expect(notBase64.statusCode).toBe(400);
    expect(body(notBase64).message).toContain('图片内容不正确');

    expect([await countRows('support_pictures'), await countRows('support_messages')]).toEqual(before);
  });

  it('refuses wrong input with a Chinese message and writes nothing', async () => {
    clock().set(at('12:30'));
    const a = await newMember(t.app);
    const before = await countRows('support_messages');
    for (const payload of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 42 },
      { text: ['a'] },
      { text: 'x'.repeat(1001) },
      { text: 'a\u0000b' },
    ]) {
      const res = await as(t.app, a, { method: 'POST', url: '/v1/support/messages', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const empty = await as(t.app, a, {
      method: 'POST',
      url: '/v1/support/messages',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (await as(t.app, a, { method: 'POST', url: '/v1/support/typing', payload: { typing: 'yes' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await as(t.app, a, { method: 'POST', url: '/v1/support/read', payload: { last_id: -1 } })).statusCode,
    ).toBe(400);
    expect(
      (await op(agent, 'PUT', '/admin/v1/support/settings', { ...SETTINGS, open_from: '25:00' })).statusCode,
    ).toBe(400);
    expect(await countRows('support_messages')).toBe(before);
  });

  it('limits how fast a member writes', async () => {
    clock().set(at('12:40'));
    const a = await newMember(t.app);
    for (let i = 0; i < 10; i++) expect((await send(a, `第${i}条`)).statusCode).toBe(200);
    const over = await send(a, '太快了');
    expect(over.statusCode).toBe(429);
    expect(body(over).message).toMatch(/发送太频繁，请\d+秒后再试/);
    clock().set(at('12:41'));
    expect((await send(a, '过一会儿再发')).statusCode).toBe(200);
  });
});

describe('在线客服: privacy', () => {
  it('member B never reads member A’s conversation, messages or pictures', async () => {
    clock().set(at('13:00'));
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const { conversation } = await started(a, 'A 的秘密');
    const picture = body<{ message: Message }>(await sendPicture(a, PNG)).data.message;

    expect((await history(b)).list).toEqual([]);
    const status = body<{ conversation: unknown }>(
      await as(t.app, b, { method: 'GET', url: '/v1/support/status' }),
    ).data;
    expect(status.conversation).toBeNull();
    expect(
      (await as(t.app, b, { method: 'GET', url: `/v1/support/pictures/${picture.picture_id}` })).statusCode,
    ).toBe(404);
    // Rating someone else's conversation: not found.
    expect(
      (
        await as(t.app, b, {
          method: 'POST',
          url: `/v1/support/conversations/${conversation.id}/rating`,
          payload: { rating: 1 },
        })
      ).statusCode,
    ).toBe(404);
    // B's own message opens B's own conversation, never A's.
    const own = await started(b, 'B 的问题');
    expect(own.conversation.id).not.toBe(conversation.id);
    expect((await history(b)).list.map((m) => m.text)).not.toContain('A 的秘密');
  });

  it('refuses operators without the support permission everywhere', async () => {
    for (const [method, url] of [
      ['GET', '/admin/v1/support/queue'],
      ['GET', '/admin/v1/support/conversations'],
      ['GET', '/admin/v1/support/canned-replies'],
      ['GET', '/admin/v1/support/settings'],
      ['GET', '/admin/v1/support/realtime/connection-info'],
    ] as const) {
      const res = await op(finance, method, url);
      expect(res.statusCode, url).toBe(403);
    }
    const auth = await op(finance, 'POST', '/admin/v1/support/broadcasting/auth', {
      socket_id: '1.1',
      channel_name: SUPPORT_OPERATOR_CHANNEL,
    });
    expect(auth.statusCode).toBe(403);
  });
});

describe('在线客服: decisions', () => {
  it('assigns, transfers (told to the member) and closes; the member rates once; each decision audited', async () => {
    clock().set(at('14:00'));
    const a = await newMember(t.app);
    const { conversation } = await started(a);
    const id = conversation.id;

    const colleagues = body<Array<{ id: number }>>(
      await op(agent, 'GET', '/admin/v1/support/colleagues'),
    ).data;
    expect(colleagues.map((c) => c.id)).toEqual(expect.arrayContaining([agent.id, colleague.id, admin.id]));
    expect(colleagues.map((c) => c.id)).not.toContain(finance.id);

    const assigned = await op(admin, 'POST', `/admin/v1/support/conversations/${id}/assign`, {
      operator_id: agent.id,
    });
    expect(body<Conversation>(assigned).data).toMatchObject({ status: 'active', operator_id: agent.id });
    expect(
      (await op(admin, 'POST', `/admin/v1/support/conversations/${id}/assign`, { operator_id: finance.id }))
        .statusCode,
    ).toBe(422);

    // Only its operator transfers it.
    expect(
      (
        await op(colleague, 'POST', `/admin/v1/support/conversations/${id}/transfer`, {
          operator_id: admin.id,
        })
      ).statusCode,
    ).toBe(403);
    const moved = await op(agent, 'POST', `/admin/v1/support/conversations/${id}/transfer`, {
      operator_id: colleague.id,
      note: '会员咨询提现，转财务相关同事',
    });
    expect(body<Conversation>(moved).data.operator_id).toBe(colleague.id);
    expect((await history(a)).list.at(-1)!.text).toContain('已为您转接至客服');
    expect((await reply(colleague, id, '您好，我是新的客服')).statusCode).toBe(200);

    // Not rateable while open.
    const early = await as(t.app, a, {
      method: 'POST',
      url: `/v1/support/conversations/${id}/rating`,
      payload: { rating: 5 },
    });
    expect(early.statusCode).toBe(409);

    const closed = await op(colleague, 'POST', `/admin/v1/support/conversations/${id}/close`);
    expect(body<Conversation>(closed).data.status).toBe('closed');
    expect((await reply(colleague, id, '还在吗')).statusCode).toBe(409);
    const asked = body<{ conversation: { rating_asked: boolean; status: string } }>(
      await as(t.app, a, { method: 'GET', url: '/v1/support/status' }),
    ).data.conversation;
    expect(asked).toMatchObject({ status: 'closed', rating_asked: true });

    const rated = await as(t.app, a, {
      method: 'POST',
      url: `/v1/support/conversations/${id}/rating`,
      payload: { rating: 4, comment: '回复很快' },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    const again = await as(t.app, a, {
      method: 'POST',
      url: `/v1/support/conversations/${id}/rating`,
      payload: { rating: 5 },
    });
    expect(again.statusCode).toBe(409);
    for (const bad of [0, 6, 3.5, '5']) {
      const res = await as(t.app, a, {
        method: 'POST',
        url: `/v1/support/conversations/${id}/rating`,
        payload: { rating: bad },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toContain('请选择1-5星评价');
    }
    const detail = body<Conversation & { rating_comment: string }>(
      await op(admin, 'GET', `/admin/v1/support/conversations/${id}`),
    ).data;
    expect(detail).toMatchObject({ rating: 4, rating_comment: '回复很快' });
    // Once rated, the member's next visit starts afresh.
    expect(
      body<{ conversation: unknown }>(await as(t.app, a, { method: 'GET', url: '/v1/support/status' })).data
        .conversation,
    ).toBeNull();

    expect(await auditOf(id)).toEqual([
      { action: 'support.assign', operator_id: admin.id, reason: null },
      { action: 'support.transfer', operator_id: agent.id, reason: '会员咨询提现，转财务相关同事' },
      { action: 'support.close', operator_id: colleague.id, reason: null },
    ]);
    // A new message after the close opens a new conversation; the old one is kept.
    const next = await started(a, '还有一个问题');
    expect(next.conversation.id).not.toBe(id);
    expect((await history(a)).list.some((m) => m.conversation_id === id)).toBe(true);
    const taken = await take(agent, next.conversation.id);
    expect(taken.status).toBe('active');
    expect((await auditOf(next.conversation.id)).map((r) => r.action)).toEqual(['support.take']);
  });

  it('shows the member and what is open beside the chat', async () => {
    clock().set(at('14:30'));
    const a = await newMember(t.app);
    const { conversation } = await started(a);
    const res = await op(agent, 'GET', `/admin/v1/support/conversations/${conversation.id}/member`);
    expect(res.statusCode, res.body).toBe(200);
    const panel = body<{
      member: { id: number; username: string };
      pending_deposits: unknown[];
      pending_withdrawals: unknown[];
      recent_orders: unknown[];
      past_conversations: number;
    }>(res).data;
    expect(panel.member).toMatchObject({ id: a.id, username: a.username });
    expect(panel).toMatchObject({
      pending_deposits: [],
      pending_withdrawals: [],
      recent_orders: [],
      past_conversations: 0,
    });
  });
});

describe('在线客服: tickets outside the opening hours', () => {
  it('a message left at night is a ticket; its answer reaches the conversation and the inbox', async () => {
    clock().set(at('23:30'));
    const a = await newMember(t.app);
    const status = body<{ open_now: boolean; hours_text: string }>(
      await as(t.app, a, { method: 'GET', url: '/v1/support/status' }),
    ).data;
    expect(status).toMatchObject({ open_now: false, hours_text: '每天 09:00-21:00' });
    const left = await started(a, '晚上充值没到账，明天请帮我看看');
    expect(left.conversation).toMatchObject({ ticket: true, status: 'waiting' });
    expect((await history(a)).list[0]).toMatchObject({ sender: 'system', text: SETTINGS.offline_notice });

    // The next morning an operator (signed in that morning) answers.
    clock().set(new Date(at('09:30').getTime() + 86_400_000));
    const agent = await newOperator(t.app, 'support');
    const queue = body<{ list: Conversation[] }>(
      await op(agent, 'GET', '/admin/v1/support/queue?scope=unassigned&per_page=100'),
    ).data.list;
    expect(queue.find((c) => c.id === left.conversation.id)).toMatchObject({ ticket: true });
    await take(agent, left.conversation.id);
    expect((await reply(agent, left.conversation.id, '已为您查到，款项已入账')).statusCode).toBe(200);
    expect((await reply(agent, left.conversation.id, '还有其他问题吗？')).statusCode).toBe(200);

    expect((await history(a)).list.at(-2)).toMatchObject({
      sender: 'operator',
      text: '已为您查到，款项已入账',
    });
    const inbox = rowsOf<{ title: string; content: string }>(
      await t.database.db.execute(
        sql`SELECT title, content FROM messages WHERE member_id = ${a.id} ORDER BY id`,
      ),
    );
    // One inbox message for the ticket's answer, however many replies follow.
    expect(inbox.filter((m) => m.title === '客服已回复您的留言')).toEqual([
      { title: '客服已回复您的留言', content: '已为您查到，款项已入账' },
    ]);
  });

  it('staffed days and overnight hours decide whether a message is a ticket', async () => {
    clock().set(at('12:00'));
    const saved = await op(admin, 'PUT', '/admin/v1/support/settings', {
      ...SETTINGS,
      days: [1, 2, 3, 4, 5],
      open_from: '20:00',
      open_to: '02:00',
    });
    expect(body<{ days: number[] }>(saved).data.days).toEqual([1, 2, 3, 4, 5]);
    const open = async () =>
      body<{ open_now: boolean; hours_text: string }>(
        await as(t.app, await newMember(t.app), { method: 'GET', url: '/v1/support/status' }),
      ).data;
    clock().set(new Date('2030-06-13T01:30:00+08:00')); // Thursday 01:30: Wednesday's evening shift
    expect((await open()).open_now).toBe(true);
    clock().set(new Date('2030-06-16T01:00:00+08:00')); // Sunday 01:00: Saturday had no shift
    expect(await open()).toMatchObject({ open_now: false, hours_text: '周一至周五 20:00-02:00' });
    clock().set(new Date('2030-06-17T01:00:00+08:00')); // Monday 01:00: Sunday had no shift
    expect((await open()).open_now).toBe(false);
    clock().set(new Date('2030-06-17T20:00:00+08:00'));
    expect((await open()).open_now).toBe(true);
    const audited = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT COUNT(*)::int AS n FROM audit_logs WHERE action = 'settings.support' AND operator_id = ${admin.id}`,
      ),
    );
    expect(Number(audited[0]!.n)).toBeGreaterThanOrEqual(2);
    clock().set(at('12:00'));
    expect((await op(admin, 'PUT', '/admin/v1/support/settings', SETTINGS)).statusCode).toBe(200);
  });

  it('turned off, members cannot write and the app opens kf_url', async () => {
    clock().set(at('12:00'));
    await op(admin, 'PUT', '/admin/v1/support/settings', { ...SETTINGS, enabled: false });
    const a = await newMember(t.app);
    expect(
      body<{ enabled: boolean }>(await as(t.app, a, { method: 'GET', url: '/v1/support/status' })).data
        .enabled,
    ).toBe(false);
    const res = await send(a, '在吗');
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe('在线客服暂未开启');
    await op(admin, 'PUT', '/admin/v1/support/settings', SETTINGS);
  });
});

describe('在线客服: canned replies and search', () => {
  it('operators keep canned replies (audited), and deleted ones leave the list', async () => {
    const created = await op(agent, 'POST', '/admin/v1/support/canned-replies', {
      title: '问候',
      body: '您好，很高兴为您服务',
      sort: 1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = body<{ id: number }>(created).data;
    const updated = await op(agent, 'PUT', `/admin/v1/support/canned-replies/${id}`, {
      title: '问候语',
      body: '您好，请问有什么可以帮您？',
      sort: 2,
    });
    expect(body(updated).data).toMatchObject({ id, title: '问候语', sort: 2 });
    expect(
      (await op(agent, 'POST', '/admin/v1/support/canned-replies', { title: '', body: 'x' })).statusCode,
    ).toBe(400);
    const list = body<Array<{ id: number }>>(
      await op(colleague, 'GET', '/admin/v1/support/canned-replies'),
    ).data;
    expect(list.map((r) => r.id)).toContain(id);
    expect((await op(agent, 'DELETE', `/admin/v1/support/canned-replies/${id}`)).statusCode).toBe(200);
    expect((await op(agent, 'DELETE', `/admin/v1/support/canned-replies/${id}`)).statusCode).toBe(404);
    const after = body<Array<{ id: number }>>(
      await op(agent, 'GET', '/admin/v1/support/canned-replies'),
    ).data;
    expect(after.map((r) => r.id)).not.toContain(id);
    const actions = rowsOf<{ action: string }>(
      await t.database.db.execute(
        sql`SELECT action FROM audit_logs WHERE target_type = 'support_canned_reply' AND target_id = ${String(id)} ORDER BY id`,
      ),
    ).map((r) => r.action);
    expect(actions).toEqual([
      'support.canned_reply.create',
      'support.canned_reply.update',
      'support.canned_reply.delete',
    ]);
  });

  it('finds every conversation, closed ones too, by member, words and date', async () => {
    clock().set(at('15:00'));
    const a = await newMember(t.app);
    const { conversation } = await started(a, '彩票派奖金额不对，期号20300612');
    await take(agent, conversation.id);
    await op(agent, 'POST', `/admin/v1/support/conversations/${conversation.id}/close`);

    const search = async (query: string) =>
      body<{ list: Conversation[]; total: number }>(
        await op(colleague, 'GET', `/admin/v1/support/conversations?${query}`),
      ).data;
    expect((await search(`username=${a.username}`)).list.map((c) => c.id)).toEqual([conversation.id]);
    expect((await search('q=期号20300612')).list.map((c) => c.id)).toEqual([conversation.id]);
    expect(
      (
        await search(`q=${encodeURIComponent('派奖金额')}&status=closed&from=2030-06-12&to=2030-06-12`)
      ).list.map((c) => c.id),
    ).toContain(conversation.id);
    expect((await search(`q=期号20300612&from=2030-06-13`)).total).toBe(0);
    expect((await search('q=期号20300612&status=waiting')).total).toBe(0);
    expect((await op(colleague, 'GET', '/admin/v1/support/conversations?from=2030-13-01')).statusCode).toBe(
      400,
    );
  });
});

describe('在线客服: realtime', () => {
  async function socketFor(channel: string, sign: (socketId: string) => Promise<string>) {
    const socket = await TestSocket.open(baseUrl);
    const socketId = await socket.socketId();
    const auth = await sign(socketId);
    await socket.request(
      { event: 'pusher:subscribe', data: { channel, auth } },
      'pusher_internal:subscription_succeeded',
    );
    return socket;
  }
  const memberSocket = (m: TestMember) =>
    socketFor(privateUserChannel(m.id), async (socketId) => {
      const res = await as(t.app, m, {
        method: 'POST',
        url: '/v1/broadcasting/auth',
        payload: { socket_id: socketId, channel_name: privateUserChannel(m.id) },
      });
      return body<{ auth: string }>(res).data.auth;
    });
  const supportSocket = (o: TestOperator) =>
    socketFor(SUPPORT_OPERATOR_CHANNEL, async (socketId) => {
      const res = await op(o, 'POST', '/admin/v1/support/broadcasting/auth', {
        socket_id: socketId,
        channel_name: SUPPORT_OPERATOR_CHANNEL,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ auth: string }>().auth;
    });
  const payload = <T>(frame: { data?: unknown }) => JSON.parse(frame.data as string) as T;

  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await t.listen();
  });

  it('carries messages, typing, read marks and changes to the member and to support operators only', async () => {
    clock().set(at('16:00'));
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const [aSocket, bSocket, desk] = [
      await memberSocket(a),
      await memberSocket(b),
      await supportSocket(agent),
    ];

    const { conversation } = await started(a, '实时消息');
    const toDesk = await desk.next(
      (f) => f.event === 'support.message' && payload<{ message: Message }>(f).message.text === '实时消息',
    );
    expect(payload<{ member_id: number }>(toDesk).member_id).toBe(a.id);
    await aSocket.next(
      (f) => f.event === 'support.message' && payload<{ message: Message }>(f).message.text === '实时消息',
    );

    await take(agent, conversation.id);
    await aSocket.next(
      (f) =>
        f.event === 'support.conversation' &&
        payload<{ conversation: { status: string } }>(f).conversation.status === 'active',
    );
    await op(agent, 'POST', `/admin/v1/support/conversations/${conversation.id}/typing`, { typing: true });
    const typing = await aSocket.event('support.typing');
    expect(payload(typing)).toEqual({ conversation_id: conversation.id, from: 'operator', typing: true });
    await as(t.app, a, { method: 'POST', url: '/v1/support/typing', payload: { typing: true } });
    const memberTyping = await desk.event('support.typing');
    expect(payload(memberTyping)).toEqual({ conversation_id: conversation.id, from: 'member', typing: true });

    const answer = body<{ message: Message }>(await reply(agent, conversation.id, '实时回复')).data.message;
    await aSocket.next(
      (f) => f.event === 'support.message' && payload<{ message: Message }>(f).message.id === answer.id,
    );
    await as(t.app, a, { method: 'POST', url: '/v1/support/read', payload: { last_id: answer.id } });
    const read = await desk.event('support.read');
    expect(payload(read)).toEqual({ conversation_id: conversation.id, reader: 'member', last_id: answer.id });

    await op(agent, 'POST', `/admin/v1/support/conversations/${conversation.id}/close`);
    await aSocket.next(
      (f) =>
        f.event === 'support.conversation' &&
        payload<{ conversation: { rating_asked: boolean } }>(f).conversation.rating_asked,
    );

    // B's socket saw nothing of A's: B's own message arrives after all of A's, and is all there is.
    await started(b, 'B 的消息');
    await bSocket.next((f) => f.event === 'support.message');
    await desk.next(
      (f) => f.event === 'support.message' && payload<{ member_id: number }>(f).member_id === b.id,
    );
    const bEvents = bSocket.frames.filter((f) => f.event.startsWith('support.'));
    expect(bEvents.length).toBeGreaterThan(0);
    for (const f of bEvents) {
      const seen = payload<{ conversation_id?: number; conversation?: { id: number } }>(f);
      expect(seen.conversation_id ?? seen.conversation?.id).not.toBe(conversation.id);
      expect(String(f.data)).not.toContain('实时');
    }
    for (const s of [aSocket, bSocket, desk]) s.close();
  });

  it('the support channel is signed only for operators with the support permission', async () => {
    const a = await newMember(t.app);
    const socket = await TestSocket.open(baseUrl);
    const socketId = await socket.socketId();
    // A member's own signing refuses it.
    const asMember = await as(t.app, a, {
      method: 'POST',
      url: '/v1/broadcasting/auth',
      payload: { socket_id: socketId, channel_name: SUPPORT_OPERATOR_CHANNEL },
    });
    expect(asMember.statusCode).toBe(403);
    // Another member's channel: refused too.
    const other = await as(t.app, a, {
      method: 'POST',
      url: '/v1/broadcasting/auth',
      payload: { socket_id: socketId, channel_name: privateUserChannel(a.id + 1) },
    });
    expect(other.statusCode).toBe(403);
    // A made-up signature is refused by the hub.
    const refused = await socket.request(
      { event: 'pusher:subscribe', data: { channel: SUPPORT_OPERATOR_CHANNEL, auth: 'jingcai-key:00' } },
      'pusher:error',
    );
    expect(refused.event).toBe('pusher:error');
    // The console's channel signing names only the operators' pending-counts channel.
    const wrongChannel = await op(agent, 'POST', '/admin/v1/support/broadcasting/auth', {
      socket_id: socketId,
      channel_name: 'private-operators',
    });
    expect(wrongChannel.statusCode).toBe(400);
    socket.close();
  });
});
