import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createTestApp, newMember, newOperator, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('content', () => {
  it('publishes a notice with sanitised rich text; members read it at once; edits are audited', async () => {
    const op = await newOperator(t.app, 'content');
    const created = await as(t.app, op, {
      method: 'POST',
      url: '/admin/v1/content/notices',
      payload: {
        category_id: 1,
        title: '双十一充值加赠',
        content: '<p>充值即送<script>alert(1)</script><b>10%</b></p>',
        is_top: true,
      },
    });
    const notice = body<{ id: number; content: string }>(created).data;
    expect(notice.content).toBe('<p>充值即送<b>10%</b></p>');
    const member = await newMember(t.app);
    const list = await as(t.app, member, { method: 'GET', url: '/v1/notices?category_id=1' });
    expect(JSON.stringify(body(list).data)).toContain('双十一充值加赠');

    const edited = await as(t.app, op, {
      method: 'PUT',
      url: `/admin/v1/content/notices/${notice.id}`,
      payload: { category_id: 1, title: '双十一充值加赠', content: '<p>已结束</p>', enabled: false },
    });
    expect(body(edited).data).toMatchObject({ enabled: false });
    const after = await as(t.app, member, { method: 'GET', url: '/v1/notices?category_id=1' });
    expect(JSON.stringify(body(after).data)).not.toContain('双十一充值加赠');
    const log = await as(t.app, await newOperator(t.app, 'admin'), {
      method: 'GET',
      url: `/admin/v1/audit-logs?target_type=notice&target_id=${notice.id}`,
    });
    expect(body<{ list: Array<{ action: string; detail: unknown }> }>(log).data.list[0]).toMatchObject({
      action: 'content.notice.update',
      detail: { before: { enabled: true }, after: { enabled: false } },
    });
  });

  it('saves app config and app info, in force for members at once', async () => {
    const op = await newOperator(t.app, 'content');
    const res = await as(t.app, op, {
      method: 'PUT',
      url: '/admin/v1/settings/app',
      payload: {
        config: { maintenance_mode: true, theme_color: '#123456' },
        info: { kf_url: 'https://kf.example.com' },
      },
    });
    expect(body(res).data).toMatchObject({
      config: { maintenance_mode: true, theme_color: '#123456' },
      info: { kf_url: 'https://kf.example.com' },
    });
    const bad = await as(t.app, op, {
      method: 'PUT',
      url: '/admin/v1/settings/app',
      payload: { config: { theme_color: 'red' } },
    });
    expect(body(bad).code).toBe(400);
    const member = await t.app.inject({ method: 'GET', url: '/v1/app/config/all' });
    expect(JSON.stringify(body(member).data)).toContain('#123456');
    await as(t.app, op, {
      method: 'PUT',
      url: '/admin/v1/settings/app',
      payload: { config: { maintenance_mode: false } },
    });
  });

  it('sends a message to one member, previews the count of a segment, refuses an unknown member', async () => {
    const op = await newOperator(t.app, 'support');
    const member = await newMember(t.app);
    const preview = await as(t.app, op, {
      method: 'POST',
      url: '/admin/v1/messages/preview',
      payload: { audience: 'member', member: member.username, title: 'x', content: 'y' },
    });
    expect(body(preview).data).toEqual({ recipients: 1 });
    const sent = await as(t.app, op, {
      method: 'POST',
      url: '/admin/v1/messages',
      payload: {
        audience: 'member',
        member: String(member.id),
        title: '账户安全提醒',
        content: '请勿向他人透露验证码。',
      },
    });
    expect(body(sent)).toMatchObject({ code: 200, data: { recipients: 1 } });
    const inbox = await as(t.app, member, { method: 'GET', url: '/v1/messages' });
    expect(JSON.stringify(body(inbox).data)).toContain('账户安全提醒');
    const unknown = await as(t.app, op, {
      method: 'POST',
      url: '/admin/v1/messages',
      payload: { audience: 'member', member: 'nobody-here', title: 'x', content: 'y' },
    });
    expect(body(unknown)).toMatchObject({ code: 422, message: '会员不存在' });
    const all = await as(t.app, op, {
      method: 'POST',
      url: '/admin/v1/messages/preview',
      payload: { audience: 'all', title: 'x', content: 'y' },
    });
    expect(body<{ recipients: number }>(all).data.recipients).toBeGreaterThanOrEqual(1);
  });

  it('keeps each role to its menus: support cannot publish notices, content cannot touch finance', async () => {
    const support = await newOperator(t.app, 'support');
    const refused = await as(t.app, support, {
      method: 'POST',
      url: '/admin/v1/content/notices',
      payload: { category_id: 1, title: 'x', content: 'y' },
    });
    expect(body(refused).code).toBe(403);
    const content = await newOperator(t.app, 'content');
    expect(body(await as(t.app, content, { method: 'GET', url: '/admin/v1/finance/withdrawals' })).code).toBe(
      403,
    );
    expect(body(await as(t.app, content, { method: 'GET', url: '/admin/v1/members' })).code).toBe(403);
    expect(body(await as(t.app, content, { method: 'GET', url: '/admin/v1/content/activities' })).code).toBe(
      200,
    );
  });
});
