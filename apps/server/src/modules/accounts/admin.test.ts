import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createTestApp, newMember, newOperator, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

describe('member search and profile', () => {
  it('finds a member by account or id, shows the profile with wallets, and lists their ledger', async () => {
    const support = await newOperator(t.app, 'support');
    const m = await newMember(t.app);
    const byName = await as(t.app, support, {
      method: 'GET',
      url: `/admin/v1/members?keyword=${m.username}`,
    });
    expect(body<{ total: number; list: Array<{ id: number }> }>(byName).data).toMatchObject({
      total: 1,
      list: [{ id: m.id }],
    });
    const byId = await as(t.app, support, { method: 'GET', url: `/admin/v1/members?keyword=${m.id}` });
    expect(body<{ list: Array<{ username: string }> }>(byId).data.list[0]!.username).toBe(m.username);
    const detail = await as(t.app, support, { method: 'GET', url: `/admin/v1/members/${m.id}` });
    expect(body(detail).data).toMatchObject({
      id: m.id,
      balance: '0.00',
      flags: { enabled: 1, is_black: 0 },
    });
    const missing = await as(t.app, support, { method: 'GET', url: '/admin/v1/members/99999999' });
    expect(body(missing)).toMatchObject({ code: 404, message: '会员不存在' });
  });

  it('changes a flag only with a reason and a permitted role; disabling ends the member’s sessions at once', async () => {
    const m = await newMember(t.app);
    const support = await newOperator(t.app, 'support');
    const refused = await as(t.app, support, {
      method: 'POST',
      url: `/admin/v1/members/${m.id}/flags`,
      payload: { flag: 'enabled', value: 0, reason: '风险账号' },
    });
    expect(body(refused).code).toBe(403);
    const risk = await newOperator(t.app, 'risk');
    const noReason = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/members/${m.id}/flags`,
      payload: { flag: 'enabled', value: 0 },
    });
    expect(body(noReason).code).toBe(400);
    const done = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/members/${m.id}/flags`,
      payload: { flag: 'enabled', value: 0, reason: '风险账号' },
    });
    expect(body(done).data).toMatchObject({ flags: { enabled: 0 } });
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/me' })).code).toBe(401);
    const again = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/members/${m.id}/flags`,
      payload: { flag: 'enabled', value: 0, reason: '再次停用' },
    });
    expect(body(again).code).toBe(409);
    const log = await as(t.app, await newOperator(t.app, 'admin'), {
      method: 'GET',
      url: `/admin/v1/audit-logs?member_id=${m.id}`,
    });
    expect(body<{ list: unknown[] }>(log).data.list[0]).toMatchObject({
      action: 'member.flag.enabled',
      reason: '风险账号',
      detail: { before: { enabled: 1 }, after: { enabled: 0 } },
    });
  });

  it('tags members: search by tag, message the tagged ones only; audited; content may not tag', async () => {
    const support = await newOperator(t.app, 'support');
    const [a, b, untagged] = [await newMember(t.app), await newMember(t.app), await newMember(t.app)];
    const tag = `高价值${a.id}`;
    const put = (op: typeof support, id: number, payload: Record<string, unknown>) =>
      as(t.app, op, { method: 'PUT', url: `/admin/v1/members/${id}/tags`, payload });
    const saved = await put(support, a.id, { tags: [tag, 'vip-watch'], reason: '月充值超过5万' });
    expect(body(saved)).toMatchObject({ code: 200, data: { id: a.id, tags: [tag, 'vip-watch'].sort() } });
    expect(body(await put(support, b.id, { tags: [tag] }))).toMatchObject({ code: 200 });

    const listed = body<{ total: number; list: Array<{ id: number; tags: string[] }> }>(
      await as(t.app, support, { method: 'GET', url: `/admin/v1/members?tag=${encodeURIComponent(tag)}` }),
    ).data;
    expect(listed.list.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    const counts = body<Array<{ tag: string; members: number }>>(
      await as(t.app, support, { method: 'GET', url: '/admin/v1/member-tags' }),
    ).data;
    expect(counts.find((c) => c.tag === tag)).toEqual({ tag, members: 2 });

    for (const bad of [
      ['a b'],
      ['x'.repeat(21)],
      ['dup', 'dup'],
      ['<b>'],
      Array.from({ length: 11 }, (_, i) => `t${i}`),
    ])
      expect(body(await put(support, a.id, { tags: bad })).code).toBe(400);
    const content = await newOperator(t.app, 'content');
    expect((await put(content, a.id, { tags: [] })).statusCode).toBe(403);
    expect(body(await put(support, 99_999_999, { tags: ['x'] }))).toMatchObject({ code: 404 });

    const preview = await as(t.app, support, {
      method: 'POST',
      url: '/admin/v1/messages/preview',
      payload: { audience: 'tag', tag, title: 'x', content: 'y' },
    });
    expect(body(preview).data).toEqual({ recipients: 2 });
    const sent = await as(t.app, support, {
      method: 'POST',
      url: '/admin/v1/messages',
      payload: { audience: 'tag', tag, title: '专属客服已上线', content: '您的专属客服经理将与您联系。' },
    });
    expect(body(sent)).toMatchObject({ code: 200, data: { recipients: 2 } });
    for (const [m, gets] of [
      [a, true],
      [b, true],
      [untagged, false],
    ] as const) {
      const inbox = JSON.stringify(body(await as(t.app, m, { method: 'GET', url: '/v1/messages' })).data);
      expect(inbox.includes('专属客服已上线')).toBe(gets);
    }

    // Removing every tag: audited before → after.
    expect(body(await put(support, b.id, { tags: [], reason: '降级' })).data).toMatchObject({ tags: [] });
    const audit = body<{ list: Array<{ action: string; detail: unknown }> }>(
      await as(t.app, await newOperator(t.app, 'admin'), {
        method: 'GET',
        url: `/admin/v1/audit-logs?action=member.tags&member_id=${b.id}`,
      }),
    ).data.list;
    expect(audit.map((x) => x.detail)).toContainEqual({ before: { tags: [tag] }, after: { tags: [] } });
  });

  it('revokes a member’s sessions with a reason', async () => {
    const m = await newMember(t.app);
    const support = await newOperator(t.app, 'support');
    const sessions = await as(t.app, support, { method: 'GET', url: `/admin/v1/members/${m.id}/sessions` });
    expect(body<{ list: Array<{ active: boolean }> }>(sessions).data.list[0]!.active).toBe(true);
    const res = await as(t.app, support, {
      method: 'POST',
      url: `/admin/v1/members/${m.id}/sessions/revoke`,
      payload: { reason: '疑似盗号' },
    });
    expect(body(res).data).toEqual({ revoked: 1 });
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/me' })).code).toBe(401);
  });
});

describe('exports', () => {
  it('streams a table as CSV with the same filters', async () => {
    const m = await newMember(t.app);
    const op = await newOperator(t.app, 'support');
    const res = await as(t.app, op, { method: 'GET', url: `/admin/v1/members/export?keyword=${m.username}` });
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('账号');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(m.username);
  });
});
