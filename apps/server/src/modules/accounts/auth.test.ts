import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@app/shared';
import { ManualClock } from '../../lib/clock.ts';
import { bindAgentDomain, updateMember } from './accounts.repo.ts';
import { members } from './accounts.table.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  TERMS_CONSENT,
  uniqueIp,
  uniqueUsername,
  type TestApp,
} from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, remoteAddress = uniqueIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });

async function makeAgent(code: string) {
  const agent = await newMember(t.app);
  await updateMember(t.database.db, agent.id, { isAgent: 1, agentCode: code });
  return agent;
}

describe('registration', () => {
  it('registers a member, logs them in and opens an empty wallet', async () => {
    const username = uniqueUsername();
    const res = await post('/v1/register', {
      username,
      password: 'abc12345',
      password_confirmation: 'abc12345',
      ...TERMS_CONSENT,
    });
    expect(res.statusCode).toBe(200);
    const { code, message, data } = body<{
      token: string;
      token_type: string;
      userinfo: Record<string, unknown>;
    }>(res);
    expect(code).toBe(200);
    expect(message).toBe('注册成功');
    expect(data.token).toMatch(/^[\w-]{43}$/);
    expect(data.token_type).toBe('Bearer');
    expect(data.userinfo).toMatchObject({
      username,
      balance: '0.00',
      codingvolume: '0.00',
      paysum: '0.00',
      totalgame: '0.00',
      total_withdraw: '0.00',
      vip_level: 0,
      lottery_token: null,
      is_mock: 0,
      is_black: 0,
      is_agent: 0,
      enabled: 1,
      disable_withdraw: 0,
      disable_game: 0,
      disable_nggame: 0,
      inviter_id: null,
      agent_id: null,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(body(me).data).toMatchObject({ username, is_online: 1 });
  });

  it('stores usernames case-insensitively and refuses a taken one', async () => {
    const username = uniqueUsername();
    expect(
      (await post('/v1/register', { username, password: 'abc12345', ...TERMS_CONSENT })).statusCode,
    ).toBe(200);
    const again = await post('/v1/register', {
      username: username.toUpperCase(),
      password: 'abc12345',
      ...TERMS_CONSENT,
    });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('该用户名已被注册');
  });

  it.each([
    [{ password: 'abc12345' }, '请输入用户名'],
    [{ username: 'ab', password: 'abc12345' }, '用户名须为6-16位字母或数字，且以字母开头'],
    [{ username: '1abcdefg', password: 'abc12345' }, '用户名须为6-16位字母或数字，且以字母开头'],
    [{ username: 12345678, password: 'abc12345' }, '请输入用户名'],
    [{ username: 'player0001' }, '请输入密码'],
    [{ username: 'player0001', password: 'abcdefgh' }, '密码须同时包含字母和数字'],
    [{ username: 'player0001', password: 'a1' }, '密码长度须为6-20位'],
    [
      { username: 'player0001', password: 'abc12345', password_confirmation: 'abc1234' },
      '两次输入的密码不一致',
    ],
    [{ username: 'player0001', password: 'abc12345', invite_code: '!!' }, '邀请码格式不正确'],
  ])('refuses %j with "%s" and writes nothing', async (payload, message) => {
    const res = await post('/v1/register', { ...TERMS_CONSENT, ...payload });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 400, message });
    const [row] = await t.database.db.select().from(members).where(eq(members.username, 'player0001'));
    expect(row).toBeUndefined();
  });

  it('refuses a body that is not JSON with a Chinese message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, message: '请求体不是有效的 JSON', data: null });
  });

  it('links a member registered with an invite code to the inviter', async () => {
    const inviter = await newMember(t.app);
    const valid = await post('/v1/invite/validate', { invite_code: inviter.inviteCode });
    expect(body(valid).data).toMatchObject({ valid: true, agent_id: null });
    expect(body<{ inviter: string }>(valid).data.inviter).toMatch(/^\w{2}\*{4}\w{2}$/);

    const invited = await newMember(t.app, { invite_code: inviter.inviteCode }, '/v1/invite/register');
    const me = body(await as(t.app, invited, { method: 'GET', url: '/v1/me' })).data;
    expect(me).toMatchObject({ inviter_id: inviter.id, agent_id: null });
  });

  it('refuses an unknown invite code on validation and on registration', async () => {
    expect(body(await post('/v1/invite/validate', { invite_code: 'ZZZZ9999' })).data).toEqual({
      valid: false,
      inviter: null,
      agent_id: null,
    });
    const res = await post('/v1/invite/register', {
      username: uniqueUsername(),
      password: 'abc12345',
      invite_code: 'ZZZZ9999',
      ...TERMS_CONSENT,
    });
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe('邀请码无效');
    const missing = await post('/v1/invite/register', {
      username: uniqueUsername(),
      password: 'abc12345',
      ...TERMS_CONSENT,
    });
    expect(body(missing)).toMatchObject({ code: 400, message: '请输入邀请码' });
  });

  it('makes a member of the agent whose code they register with, and of the agent of their inviter', async () => {
    const code = `AG${uniqueUsername('').slice(0, 6).toUpperCase()}`;
    const agent = await makeAgent(code);
    expect(body(await post('/v1/agent/validate', { agent_code: code.toLowerCase() })).data).toMatchObject({
      valid: true,
      agent_id: agent.id,
    });
    const member = await newMember(t.app, { agent_code: code }, '/v1/agent/register');
    const me = body(await as(t.app, member, { method: 'GET', url: '/v1/me' })).data;
    expect(me).toMatchObject({ agent_id: agent.id });

    const friend = await newMember(t.app, { invite_code: member.inviteCode }, '/v1/invite/register');
    expect(body(await as(t.app, friend, { method: 'GET', url: '/v1/me' })).data).toMatchObject({
      agent_id: agent.id,
      inviter_id: member.id,
    });

    const bad = await post('/v1/agent/register', {
      username: uniqueUsername(),
      password: 'abc12345',
      agent_code: 'NOPE1234',
      ...TERMS_CONSENT,
    });
    expect(body(bad)).toMatchObject({ code: 422, message: '代理码无效' });
    expect(body(await post('/v1/agent/validate', { agent_code: member.inviteCode })).data).toMatchObject({
      valid: false,
    });
  });

  it('registers by domain: the bound agent from the body or from the Host header', async () => {
    const agent = await makeAgent(`DM${uniqueUsername('').slice(0, 6).toUpperCase()}`);
    const domain = `${uniqueUsername('a')}.example.com`;
    await bindAgentDomain(t.database.db, agent.id, domain);

    const check = await post('/v1/domain/validate', { domain: domain.toUpperCase() });
    expect(body(check).data).toMatchObject({ domain, valid: true, bound: true, agent_id: agent.id });

    const byHost = await t.app.inject({
      method: 'POST',
      url: '/v1/agent/register-by-domain',
      headers: { host: `${domain}:8080` },
      payload: { username: uniqueUsername(), password: 'abc12345', ...TERMS_CONSENT },
    });
    expect(byHost.statusCode).toBe(200);
    expect(body<{ userinfo: { agent_id: number } }>(byHost).data.userinfo.agent_id).toBe(agent.id);

    const byBody = await post('/v1/agent/register-by-domain', {
      username: uniqueUsername(),
      password: 'abc12345',
      domain,
      ...TERMS_CONSENT,
    });
    expect(body<{ userinfo: { agent_id: number } }>(byBody).data.userinfo.agent_id).toBe(agent.id);

    const unbound = await post('/v1/agent/register-by-domain', {
      username: uniqueUsername(),
      password: 'abc12345',
      domain: 'nobody.example.org',
      ...TERMS_CONSENT,
    });
    expect(body(unbound)).toMatchObject({ code: 422, message: '该域名未绑定代理' });
    expect(body(await post('/v1/domain/validate', { domain: 'nobody.example.org' })).data).toMatchObject({
      bound: false,
    });
  });

  it('checks the domain format with the SPEC rule', async () => {
    for (const domain of ['-bad.com', 'a..b', `${'x'.repeat(64)}.com`, 'under_score.com']) {
      const res = await post('/v1/domain/validate', { domain });
      expect(body(res)).toMatchObject({ code: 400, message: '域名格式不正确' });
    }
  });

  it('smart registration makes up credentials that then log in', async () => {
    const res = await post('/v1/smart/register', TERMS_CONSENT);
    expect(res.statusCode).toBe(200);
    const data = body<{ username: string; password: string; token: string }>(res).data;
    expect(data.username).toMatch(/^[a-z][a-z0-9]{5,15}$/);
    expect(data.password).toMatch(/^(?=.*[a-zA-Z])(?=.*\d).{6,20}$/);
    const login = await post('/v1/login', { username: data.username, password: data.password });
    expect(login.statusCode).toBe(200);
  });
});

describe('consent to the terms at registration', () => {
  const CONSENT = '请确认已满18周岁并同意《用户协议》和《隐私政策》';
  const OUTDATED = '《用户协议》和《隐私政策》已更新，请重新阅读并同意最新版本';
  const memberCount = async () => (await t.database.db.select({ id: members.id }).from(members)).length;
  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['without accept_terms', { terms_version: TERMS_VERSION }, CONSENT],
    ['with accept_terms false', { accept_terms: false, terms_version: TERMS_VERSION }, CONSENT],
    ['with accept_terms "true"', { accept_terms: 'true', terms_version: TERMS_VERSION }, CONSENT],
    ['without terms_version', { accept_terms: true }, CONSENT],
    ['with a stale terms_version', { accept_terms: true, terms_version: '2025-01-01' }, OUTDATED],
  ];

  describe.each([
    ['/v1/register', {}],
    ['/v1/invite/register', { invite_code: 'ZZZZ9999' }],
    ['/v1/agent/register', { agent_code: 'ZZZZ9999' }],
    ['/v1/agent/register-by-domain', { domain: 'nobody.example.org' }],
  ])('%s', (url, code) => {
    it.each(refusals)('refuses a registration %s and writes no member', async (_, consent, message) => {
      const username = uniqueUsername();
      const before = await memberCount();
      const res = await post(url, { username, password: 'abc12345', ...code, ...consent });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 400, message });
      expect(await t.database.db.select().from(members).where(eq(members.username, username))).toEqual([]);
      expect(await memberCount()).toBe(before);
    });
  });

  it.each(refusals)('refuses a smart registration %s and writes no member', async (_, consent, message) => {
    const before = await memberCount();
    const res = await post('/v1/smart/register', consent);
    expect(body(res)).toMatchObject({ code: 400, message });
    expect(await memberCount()).toBe(before);
  });

  it('refuses a smart registration without a body, asking for the consent', async () => {
    const before = await memberCount();
    const res = await t.app.inject({ method: 'POST', url: '/v1/smart/register', remoteAddress: uniqueIp() });
    expect(body(res)).toMatchObject({ code: 400, message: CONSENT });
    expect(await memberCount()).toBe(before);
  });

  it('stores the accepted version and the time on the app clock, for every kind of registration', async () => {
    const clock = new ManualClock(new Date('2026-11-26T08:30:00.000Z'));
    const own = await createTestApp({}, undefined, undefined, clock);
    try {
      const accepted = async (username: string) => {
        const [row] = await own.database.db.select().from(members).where(eq(members.username, username));
        return { version: row?.termsVersion, at: row?.termsAcceptedAt?.toISOString() };
      };
      const plain = await newMember(own.app);
      expect(await accepted(plain.username)).toEqual({
        version: TERMS_VERSION,
        at: '2026-11-26T08:30:00.000Z',
      });

      clock.advance(90_000);
      const invited = await newMember(own.app, { invite_code: plain.inviteCode }, '/v1/invite/register');
      expect(await accepted(invited.username)).toEqual({
        version: TERMS_VERSION,
        at: '2026-11-26T08:31:30.000Z',
      });

      const smart = await own.app.inject({
        method: 'POST',
        url: '/v1/smart/register',
        payload: TERMS_CONSENT,
        remoteAddress: uniqueIp(),
      });
      expect(smart.statusCode).toBe(200);
      expect(await accepted(body<{ username: string }>(smart).data.username)).toEqual({
        version: TERMS_VERSION,
        at: '2026-11-26T08:31:30.000Z',
      });
    } finally {
      await own.close();
    }
  });
});

describe('login and sessions', () => {
  it('logs in case-insensitively and issues a fresh token each time', async () => {
    const m = await newMember(t.app);
    const a = body<{ token: string }>(
      await post('/v1/login', { username: m.username.toUpperCase(), password: m.password }),
    );
    const b = body<{ token: string }>(
      await post('/v1/login', { username: m.username, password: m.password }),
    );
    expect(a.code).toBe(200);
    expect(a.data.token).not.toBe(b.data.token);
  });

  it('says the same for a wrong password and an unknown account', async () => {
    const m = await newMember(t.app);
    const wrong = await post('/v1/login', { username: m.username, password: 'wrong999' });
    const unknown = await post('/v1/login', { username: uniqueUsername(), password: 'wrong999' });
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong).message).toBe('用户名或密码错误');
    expect(body(unknown)).toEqual({
      code: 401,
      message: '用户名或密码错误',
      data: { reason: 'accounts.login_failed' },
    });
  });

  it('after 5 failures on one account from one address refuses that address, even with the right password, and not the owner elsewhere', async () => {
    const m = await newMember(t.app);
    const attacker = uniqueIp();
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push(
        body(await post('/v1/login', { username: m.username, password: 'wrong999' }, attacker)).message,
      );
    expect(messages[2]).toBe('用户名或密码错误，还可尝试2次');
    expect(messages[3]).toBe('用户名或密码错误，还可尝试1次');
    const blocked = await post('/v1/login', { username: m.username, password: m.password }, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked).message).toBe('登录失败次数过多，请15分钟后再试');
    // The window runs from the first failure, on the wall clock here: at most 15 minutes left.
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // The owner, from their own address, is not locked out.
    expect((await post('/v1/login', { username: m.username, password: m.password })).statusCode).toBe(200);
  });

  it('rate limits one address trying many accounts', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++)
      await post('/v1/login', { username: uniqueUsername(), password: 'wrong999' }, ip);
    const m = await newMember(t.app);
    expect((await post('/v1/login', { username: m.username, password: m.password }, ip)).statusCode).toBe(
      429,
    );
    expect((await post('/v1/login', { username: m.username, password: m.password })).statusCode).toBe(200);
  });

  it('refuses a disabled member at login and ends their open sessions', async () => {
    const m = await newMember(t.app);
    await updateMember(t.database.db, m.id, { enabled: 0 });
    const res = await post('/v1/login', { username: m.username, password: m.password });
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe('账号已被禁用，请联系客服');
    expect((await as(t.app, m, { method: 'GET', url: '/v1/me' })).statusCode).toBe(401);
  });

  it('logout revokes the token', async () => {
    const m = await newMember(t.app);
    const out = await as(t.app, m, { method: 'POST', url: '/v1/logout' });
    expect(body(out)).toEqual({ code: 200, message: '已退出登录', data: null });
    const after = await as(t.app, m, { method: 'GET', url: '/v1/me' });
    expect(after.statusCode).toBe(401);
    expect(body(after).message).toBe('您还未登录，请先登录');
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    expect(body(await t.app.inject({ method: 'GET', url: '/v1/me' }))).toEqual({
      code: 401,
      message: '您还未登录，请先登录',
      data: { reason: 'accounts.sign_in_required' },
    });
    for (const authorization of ['Bearer', 'Basic abc', `Bearer ${'x'.repeat(300)}`, 'Bearer nope']) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/me', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('bad input on the remaining account calls', () => {
  it.each([
    ['/v1/login', {}, '请输入用户名'],
    ['/v1/login', { username: 'player01' }, '请输入密码'],
    ['/v1/login', { username: ['a'], password: 'x' }, '请输入用户名'],
    ['/v1/login', { username: 'x'.repeat(33), password: 'abc12345' }, '用户名过长'],
    ['/v1/invite/validate', {}, '请输入邀请码'],
    ['/v1/invite/validate', { invite_code: 'a b' }, '邀请码格式不正确'],
    ['/v1/agent/validate', { agent_code: 123 }, '请输入代理码'],
    ['/v1/agent/register', { username: 'player01', password: 'abc12345', ...TERMS_CONSENT }, '请输入代理码'],
    [
      '/v1/agent/register-by-domain',
      { username: 'player01', password: 'abc12345', domain: 'a..b', ...TERMS_CONSENT },
      '域名格式不正确',
    ],
    ['/v1/smart/register', { invite_code: '?', ...TERMS_CONSENT }, '邀请码格式不正确'],
  ])('%s refuses %j', async (url, payload, message) => {
    const res = await post(url, payload);
    expect(body(res)).toMatchObject({ code: 400, message });
  });
});
