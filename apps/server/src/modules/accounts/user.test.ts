import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { as, body, createTestApp, newMember, uniqueIp, type TestApp } from '../../test/harness.ts';
import { updateMember } from './accounts.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/login',
    payload: { username, password },
    remoteAddress: uniqueIp(),
  });

describe('profile', () => {
  it('answers GET /user/profile and /v1/user/profile with the member’s own info', async () => {
    const m = await newMember(t.app);
    for (const url of ['/user/profile', '/v1/user/profile']) {
      const res = await as(t.app, m, { method: 'GET', url });
      expect(body(res)).toMatchObject({ code: 200, data: { id: m.id, username: m.username } });
    }
  });

  it('updates nickname, mobile, email and real name, masking them in answers', async () => {
    const m = await newMember(t.app);
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/user/update',
      payload: {
        nickname: '小李飞刀',
        mobile: '13812345678',
        email: 'Li.Xiao@Example.com',
        real_name: '李小明',
      },
    });
    expect(body(res)).toMatchObject({
      code: 200,
      message: '资料已更新',
      data: { nickname: '小李飞刀', mobile: '138****5678', email: 'li***@example.com', real_name: '*小明' },
    });
    const again = await as(t.app, m, {
      method: 'POST',
      url: '/v1/user/update',
      payload: { real_name: '王五' },
    });
    expect(body(again)).toMatchObject({ code: 422, message: '真实姓名已设置，如需修改请联系客服' });
  });

  it.each([
    [{}, '请至少修改一项资料'],
    [{ mobile: '12345678901' }, '手机号格式不正确'],
    [{ email: 'nope' }, '邮箱格式不正确'],
    [{ nickname: 'x'.repeat(21) }, '昵称不能超过20个字符'],
    [{ nickname: 42 }, '昵称格式不正确'],
    [{ avatar: 'javascript:alert(1)' }, '头像地址格式不正确'],
    [{ real_name: 'A1' }, '真实姓名格式不正确'],
  ])('refuses %j', async (payload, message) => {
    const m = await newMember(t.app);
    const res = await as(t.app, m, { method: 'POST', url: '/v1/user/update', payload });
    expect(body(res)).toMatchObject({ code: 400, message });
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/me' })).data).toMatchObject({
      nickname: m.username,
      mobile: '',
    });
  });

  it('needs a login for every member endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/v1/me'],
      ['GET', '/user/profile'],
      ['POST', '/user/update'],
      ['GET', '/v1/user/balance'],
      ['GET', '/v1/user/viplevel'],
      ['POST', '/v1/user/profile'],
      ['POST', '/v1/user/set-payment-password'],
      ['POST', '/v1/logout'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: {} });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('balance and VIP', () => {
  it('shows each member only their own balance', async () => {
    const rich = await newMember(t.app);
    const poor = await newMember(t.app);
    await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.post(work, { memberId: rich.id, amount: 12_345n, type: 'adjust' }),
    );
    const richBalance = body(await as(t.app, rich, { method: 'GET', url: '/v1/user/balance' })).data;
    expect(richBalance).toMatchObject({ balance: '123.45', frozen_balance: '0.00', lottery_balance: '0.00' });
    const poorBalance = body(await as(t.app, poor, { method: 'GET', url: '/v1/user/balance' })).data;
    expect(poorBalance).toMatchObject({ balance: '0.00' });
    // Another member's id in the query changes nothing: the token decides whose data it is.
    const sneaky = await as(t.app, poor, { method: 'GET', url: `/v1/user/balance?member_id=${rich.id}` });
    expect(body(sneaky).data).toMatchObject({ balance: '0.00' });
    const sneakyMe = await as(t.app, poor, { method: 'GET', url: `/v1/me?id=${rich.id}` });
    expect(body(sneakyMe).data).toMatchObject({ id: poor.id });
  });

  it('reports the VIP level, the next one and the progress towards it', async () => {
    const m = await newMember(t.app);
    await updateMember(t.database.db, m.id, { paysum: 50_000n, totalgame: 300_000n });
    const data = body<{ levels: unknown[] }>(
      await as(t.app, m, { method: 'GET', url: '/v1/user/viplevel' }),
    ).data;
    expect(data).toMatchObject({
      vip_level: 0,
      level_name: '普通会员',
      next_level: 1,
      next_level_name: 'VIP1',
      paysum: '500.00',
      totalgame: '3000.00',
      next_paysum: '1000.00',
      next_totalgame: '3000.00',
      progress: 50,
    });
    expect(data.levels).toHaveLength(9);
    expect(data.levels[1]).toMatchObject({ level: 1, upgrade_bonus: '18.00', rebate_rate_sports: '0.40' });
  });
});

describe('passwords', () => {
  it('changes the login password, keeps this session and ends the others', async () => {
    const m = await newMember(t.app);
    const other = body<{ token: string }>(await login(m.username, m.password)).data.token;
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/user/profile',
      payload: { old_password: m.password, password: 'newpass99', password_confirmation: 'newpass99' },
    });
    expect(body(res)).toEqual({ code: 200, message: '密码修改成功', data: { revoked_sessions: 1 } });
    expect((await as(t.app, m, { method: 'GET', url: '/v1/me' })).statusCode).toBe(200);
    const otherMe = await t.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(otherMe.statusCode).toBe(401);
    expect((await login(m.username, m.password)).statusCode).toBe(401);
    expect((await login(m.username, 'newpass99')).statusCode).toBe(200);
  });

  it.each([
    [
      { old_password: 'wrong999', password: 'newpass99', password_confirmation: 'newpass99' },
      422,
      '原密码不正确，还可尝试4次',
    ],
    [
      { old_password: 'abc12345', password: 'abc12345', password_confirmation: 'abc12345' },
      422,
      '新密码不能与原密码相同',
    ],
    [
      { old_password: 'abc12345', password: 'newpass99', password_confirmation: 'newpass98' },
      400,
      '两次输入的密码不一致',
    ],
    [
      { old_password: 'abc12345', password: 'short', password_confirmation: 'short' },
      400,
      '密码长度须为6-20位',
    ],
    [{ password: 'newpass99', password_confirmation: 'newpass99' }, 400, '请输入原密码'],
  ])('refuses a password change %j', async (payload, code, message) => {
    const m = await newMember(t.app);
    const res = await as(t.app, m, { method: 'POST', url: '/v1/user/profile', payload });
    expect(body(res)).toMatchObject({ code, message });
    expect((await login(m.username, m.password)).statusCode).toBe(200);
  });

  it('sets the payment password with the login password, then changes it with the old one', async () => {
    const m = await newMember(t.app);
    const first = await as(t.app, m, {
      method: 'POST',
      url: '/v1/user/set-payment-password',
      payload: {
        payment_password: '123456',
        payment_password_confirmation: '123456',
        login_password: m.password,
      },
    });
    expect(body(first)).toMatchObject({ code: 200, data: { has_payment_password: true } });
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/me' })).data).toMatchObject({
      has_payment_password: true,
    });

    const withoutOld = await as(t.app, m, {
      method: 'POST',
      url: '/v1/user/set-payment-password',
      payload: { payment_password: '654321', payment_password_confirmation: '654321' },
    });
    expect(body(withoutOld)).toMatchObject({ code: 422, message: '请输入原支付密码' });
    const wrongOld = await as(t.app, m, {
      method: 'POST',
      url: '/v1/user/set-payment-password',
      payload: {
        payment_password: '654321',
        payment_password_confirmation: '654321',
        old_payment_password: '000000',
      },
    });
    expect(body(wrongOld)).toMatchObject({ code: 422, message: '原支付密码不正确，还可尝试4次' });
    const changed = await as(t.app, m, {
      method: 'POST',
      url: '/v1/user/set-payment-password',
      payload: {
        payment_password: '654321',
        payment_password_confirmation: '654321',
        old_payment_password: '123456',
      },
    });
    expect(changed.statusCode).toBe(200);
    await expect(t.app.services.accounts.verifyPaymentPassword(m.id, '654321')).resolves.toBeUndefined();
    await expect(t.app.services.accounts.verifyPaymentPassword(m.id, '123456')).rejects.toThrow(
      '支付密码不正确',
    );
  });

  it.each([
    [
      { payment_password: '12345', payment_password_confirmation: '12345', login_password: 'abc12345' },
      400,
      '支付密码须为6位数字',
    ],
    [
      { payment_password: 'abcdef', payment_password_confirmation: 'abcdef', login_password: 'abc12345' },
      400,
      '支付密码须为6位数字',
    ],
    [
      { payment_password: '123456', payment_password_confirmation: '123457', login_password: 'abc12345' },
      400,
      '两次输入的支付密码不一致',
    ],
    [
      { payment_password: '123456', payment_password_confirmation: '123456' },
      422,
      '首次设置支付密码须验证登录密码',
    ],
    [
      { payment_password: '123456', payment_password_confirmation: '123456', login_password: 'wrong999' },
      422,
      '登录密码不正确，还可尝试4次',
    ],
  ])('refuses a payment password %j', async (payload, code, message) => {
    const m = await newMember(t.app);
    const res = await as(t.app, m, { method: 'POST', url: '/v1/user/set-payment-password', payload });
    expect(body(res)).toMatchObject({ code, message });
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/me' })).data).toMatchObject({
      has_payment_password: false,
    });
  });
});
