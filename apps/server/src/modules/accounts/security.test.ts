import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { smsCodes } from '../../db/schema.ts';
import { messages } from '../../db/schema.ts';
import {
  body,
  createTestApp,
  newMember,
  newOperator,
  TERMS_CONSENT,
  TEST_START,
  uniqueIp,
  uniqueUsername,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';

const clock = new ManualClock(TEST_START);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SMS_DAILY_PER_PHONE: '4', SMS_DAILY_PER_IP: '6' }, undefined, undefined, clock);
});
afterAll(() => t.close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let phoneSeq = 0;
/** A number no other test of this file uses. */
function newPhone(): string {
  phoneSeq += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = uniqueIp()) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers,
    remoteAddress: ip,
  });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

/** The code the simulator "sent" last to the number for the purpose (the console's 短信记录 shows it). */
async function sentCode(phone: string, purpose: string): Promise<string> {
  await t.app.services.verification.idle();
  const [row] = await t.database.db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose as 'register')))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  if (!row?.shownCode) throw new Error(`no code sent to ${phone} for ${purpose}`);
  return row.shownCode;
}

/** Moves the clock past the pause between two codes to one number. */
const pastResend = () => clock.advance(61_000);

async function smsOpen(on: boolean) {
  await t.app.services.appConfig.updateAppInfo({ sms_open: on ? 1 : 0 });
}

/** A member registered before the operator turned SMS on (registration would need a number). */
async function registered(): Promise<TestMember> {
  const open = (await t.app.services.appConfig.appInfo()).sms_open;
  await smsOpen(false);
  try {
    return await newMember(t.app);
  } finally {
    await smsOpen(open === 1);
  }
}

async function bindPhone(member: TestMember, phone = newPhone()): Promise<string> {
  const sent = await post('/v1/user/sms/send', { purpose: 'bind_phone', phone }, member.auth);
  expect(body(sent).message).toBe('验证码已发送');
  const code = await sentCode(phone, 'bind_phone');
  const bound = await post('/v1/user/phone/bind', { phone, code }, member.auth);
  expect(body(bound).code).toBe(200);
  pastResend();
  return phone;
}

async function login(member: TestMember, userAgent: string, password = member.password) {
  const res = await post('/v1/login', { username: member.username, password }, { 'user-agent': userAgent });
  return body<{ token: string }>(res);
}

describe('SMS switched off', () => {
  it('refuses every code-based call while sms_open is off, writing nothing', async () => {
    await smsOpen(false);
    const phone = newPhone();
    const member = await registered();
    for (const [url, payload, headers] of [
      ['/v1/forgot-password', { phone }, {}],
      [
        '/v1/reset-password',
        { phone, code: '123456', password: 'abc12345', password_confirmation: 'abc12345' },
        {},
      ],
      ['/v1/sms/send', { phone }, {}],
      ['/v1/user/sms/send', { purpose: 'bind_phone', phone }, member.auth],
    ] as const) {
      const res = await post(url, payload, headers);
      expect(body(res)).toMatchObject({ code: 403, message: '短信验证未开启' });
    }
    expect(await t.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toEqual([]);
    // With SMS off a number can still be typed in (unverified); it can reset nothing.
    const set = await post('/v1/user/update', { mobile: phone }, member.auth);
    expect(body(set).data).toMatchObject({ mobile_verified: false });
  });
});

describe('forgot and reset password', () => {
  beforeAll(() => smsOpen(true));

  it('resets a forgotten password by the verified number and signs out every device', async () => {
    const member = await registered();
    const phone = await bindPhone(member);
    const other = await login(member, ANDROID);
    const forgot = await post('/v1/forgot-password', { phone });
    expect(body(forgot)).toEqual({
      code: 200,
      message: '如该手机号已绑定账号，验证码已发送',
      data: { resend_after: 60, expires_in: 300 },
    });
    const code = await sentCode(phone, 'reset_password');
    const reset = await post('/v1/reset-password', {
      phone,
      code,
      password: 'new12345',
      password_confirmation: 'new12345',
    });
    expect(body(reset)).toEqual({
      code: 200,
      message: '密码已重置，请重新登录',
      data: { revoked_sessions: 2 },
    });
    for (const token of [member.token, other.data.token]) {
      const me = await get('/v1/me', { authorization: `Bearer ${token}` });
      expect(me.statusCode).toBe(401);
    }
    expect(body(await post('/v1/login', { username: member.username, password: member.password })).code).toBe(
      401,
    );
    expect((await login(member, IPHONE, 'new12345')).code).toBe(200);
    // The code is spent.
    const again = await post('/v1/reset-password', {
      phone,
      code,
      password: 'abc12345',
      password_confirmation: 'abc12345',
    });
    expect(body(again)).toMatchObject({ code: 422, message: '验证码错误或已失效，请重新获取' });
    const notices = await t.database.db.select().from(messages).where(eq(messages.memberId, member.id));
    expect(notices.map((m) => m.title)).toContain('登录密码已重置');
  });

  it('answers a number no member has exactly as a member’s, and guesses behave the same', async () => {
    const member = await registered();
    const memberPhone = await bindPhone(member);
    const strangerPhone = newPhone();
    const a = body(await post('/v1/forgot-password', { phone: memberPhone }));
    const b = body(await post('/v1/forgot-password', { phone: strangerPhone }));
    expect(b).toEqual(a);
    const guess = { code: '000000', password: 'abc12345', password_confirmation: 'abc12345' };
    for (let i = 0; i < 6; i++) {
      const ra = body(await post('/v1/reset-password', { phone: memberPhone, ...guess }));
      const rb = body(await post('/v1/reset-password', { phone: strangerPhone, ...guess }));
      // (a real code of 000000 is one in a million; the member's code is read to be sure)
      if ((await sentCode(memberPhone, 'reset_password')) === '000000') return;
      expect(rb).toEqual(ra);
    }
    await t.app.services.verification.idle();
    const [skipped] = await t.database.db.select().from(smsCodes).where(eq(smsCodes.phone, strangerPhone));
    expect(skipped).toMatchObject({ status: 'skipped', shownCode: null, memberId: null });
  });

  it('expires a code after 5 minutes', async () => {
    const member = await registered();
    const phone = await bindPhone(member);
    await post('/v1/forgot-password', { phone });
    const code = await sentCode(phone, 'reset_password');
    clock.advance(5 * 60_000 + 1_000);
    const res = await post('/v1/reset-password', {
      phone,
      code,
      password: 'new12345',
      password_confirmation: 'new12345',
    });
    expect(body(res)).toMatchObject({ code: 422, message: '验证码错误或已失效，请重新获取' });
  });

  it('kills a code after 5 tries, counting tries sent at once', async () => {
    const member = await registered();
    const phone = await bindPhone(member);
    await post('/v1/forgot-password', { phone });
    const code = await sentCode(phone, 'reset_password');
    const wrong = code === '111111' ? '222222' : '111111';
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/v1/reset-password', {
          phone,
          code: wrong,
          password: 'new12345',
          password_confirmation: 'new12345',
        }),
      ),
    );
    const answers = tries.map((r) => body(r).message).sort();
    expect(answers.filter((m) => m.startsWith('验证码错误，还可尝试'))).toHaveLength(4);
    expect(answers.filter((m) => m === '验证码错误次数过多，请重新获取')).toHaveLength(1);
    expect(answers.filter((m) => m === '验证码错误或已失效，请重新获取')).toHaveLength(3);
    const right = await post('/v1/reset-password', {
      phone,
      code,
      password: 'new12345',
      password_confirmation: 'new12345',
    });
    expect(body(right)).toMatchObject({ code: 422, message: '验证码错误或已失效，请重新获取' });
  });

  it('keeps only the newest code of a number valid', async () => {
    const member = await registered();
    const phone = await bindPhone(member);
    pastResend();
    await post('/v1/forgot-password', { phone });
    const first = await sentCode(phone, 'reset_password');
    pastResend();
    await post('/v1/forgot-password', { phone });
    const second = await sentCode(phone, 'reset_password');
    if (first !== second) {
      const old = await post('/v1/reset-password', {
        phone,
        code: first,
        password: 'new12345',
        password_confirmation: 'new12345',
      });
      expect(body(old).code).toBe(422);
    }
    const res = await post('/v1/reset-password', {
      phone,
      code: second,
      password: 'new12345',
      password_confirmation: 'new12345',
    });
    expect(body(res).code).toBe(200);
  });

  it('limits sends: 60 s between codes to a number, a daily cap per number and per address', async () => {
    const phone = newPhone();
    const ip = uniqueIp();
    expect(body(await post('/v1/forgot-password', { phone }, {}, ip)).code).toBe(200);
    const soon = await post('/v1/forgot-password', { phone }, {}, ip);
    expect(soon.statusCode).toBe(429);
    expect(body(soon).message).toBe('验证码发送过于频繁，请60秒后再试');
    clock.advance(30_000);
    expect(body(await post('/v1/forgot-password', { phone }, {}, ip)).message).toBe(
      '验证码发送过于频繁，请30秒后再试',
    );
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      expect(body(await post('/v1/forgot-password', { phone }, {}, ip)).code).toBe(200);
    }
    clock.advance(60_000);
    expect(body(await post('/v1/forgot-password', { phone }, {}, ip))).toMatchObject({
      code: 429,
      message: '该手机号今日获取验证码次数已达上限，请明日再试',
    });
    // The address has asked 4 times (and been refused twice, which does not count); 2 more to other numbers.
    expect(body(await post('/v1/forgot-password', { phone: newPhone() }, {}, ip)).code).toBe(200);
    expect(body(await post('/v1/forgot-password', { phone: newPhone() }, {}, ip)).code).toBe(200);
    expect(body(await post('/v1/forgot-password', { phone: newPhone() }, {}, ip))).toMatchObject({
      code: 429,
      message: '获取验证码次数过多，请明日再试',
    });
  });

  it('refuses malformed input with a clear message and writes nothing', async () => {
    for (const [payload, message] of [
      [{}, '请输入手机号'],
      [{ phone: '12345' }, '手机号格式不正确'],
      [{ phone: 13812345678 }, '请输入手机号'],
      [{ phone: '1381234567\u0000' }, '请求参数包含非法字符'],
    ] as const) {
      const res = await post('/v1/forgot-password', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const badCode = await post('/v1/reset-password', {
      phone: newPhone(),
      code: '12ab56',
      password: 'new12345',
      password_confirmation: 'new12345',
    });
    expect(body(badCode)).toMatchObject({ code: 400, message: '验证码为6位数字' });
  });
});

describe('the member’s number', () => {
  beforeAll(() => smsOpen(true));

  it('binds a number once, never one another member has, never by a typed field', async () => {
    const a = await registered();
    const b = await registered();
    const phone = await bindPhone(a);
    const me = body<{ mobile: string; mobile_verified: boolean }>(await get('/v1/me', a.auth)).data;
    expect(me).toMatchObject({ mobile: `${phone.slice(0, 3)}****${phone.slice(-4)}`, mobile_verified: true });
    expect(body(await post('/v1/user/sms/send', { purpose: 'bind_phone', phone }, b.auth))).toMatchObject({
      code: 409,
      message: '该手机号已绑定其他账号',
    });
    expect(
      body(await post('/v1/user/sms/send', { purpose: 'bind_phone', phone: newPhone() }, a.auth)),
    ).toMatchObject({
      code: 409,
      message: '您已绑定手机号，如需更换请使用更换手机号',
    });
    expect(body(await post('/v1/user/update', { mobile: newPhone() }, b.auth))).toMatchObject({
      code: 422,
      message: '请通过短信验证码绑定手机号',
    });
    // A code for binding cannot reset a password.
    const other = newPhone();
    await post('/v1/user/sms/send', { purpose: 'bind_phone', phone: other }, b.auth);
    const code = await sentCode(other, 'bind_phone');
    const reset = await post('/v1/reset-password', {
      phone: other,
      code,
      password: 'new12345',
      password_confirmation: 'new12345',
    });
    expect(body(reset).code).toBe(422);
  });

  it('changes the number with a code to the old one and one to the new', async () => {
    const member = await registered();
    const old = await bindPhone(member);
    const next = newPhone();
    pastResend();
    await post('/v1/user/sms/send', { purpose: 'change_phone_old' }, member.auth);
    const oldCode = await sentCode(old, 'change_phone_old');
    await post('/v1/user/sms/send', { purpose: 'change_phone_new', phone: next }, member.auth);
    const newCode = await sentCode(next, 'change_phone_new');
    const wrongOld = oldCode === '111111' ? '222222' : '111111';
    const refused = await post(
      '/v1/user/phone/change',
      { old_code: wrongOld, phone: next, code: newCode },
      member.auth,
    );
    expect(body(refused).message).toBe('验证码错误，还可尝试4次');
    const changed = await post(
      '/v1/user/phone/change',
      { old_code: oldCode, phone: next, code: newCode },
      member.auth,
    );
    expect(body(changed)).toMatchObject({
      code: 200,
      message: '手机号更换成功',
      data: { mobile_verified: true },
    });
    expect(body<{ mobile: string }>(changed).data.mobile).toBe(`${next.slice(0, 3)}****${next.slice(-4)}`);
    // The old number no longer resets this account; the new one does.
    pastResend();
    await post('/v1/forgot-password', { phone: old });
    await t.app.services.verification.idle();
    const [oldReset] = await t.database.db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, old), eq(smsCodes.purpose, 'reset_password')));
    expect(oldReset).toMatchObject({ status: 'skipped' });
    await post('/v1/forgot-password', { phone: next });
    expect(await sentCode(next, 'reset_password')).toMatch(/^\d{6}$/);
  });

  it('resets a forgotten payment password by a code to the bound number', async () => {
    const member = await registered();
    const refused = await post('/v1/user/sms/send', { purpose: 'reset_payment_password' }, member.auth);
    expect(body(refused)).toMatchObject({ code: 422, message: '请先绑定手机号' });
    const phone = await bindPhone(member);
    pastResend();
    await post('/v1/user/sms/send', { purpose: 'reset_payment_password' }, member.auth);
    const code = await sentCode(phone, 'reset_payment_password');
    const reset = await post(
      '/v1/user/payment-password/reset',
      { code, payment_password: '135790', payment_password_confirmation: '135790' },
      member.auth,
    );
    expect(body(reset)).toEqual({
      code: 200,
      message: '支付密码已重置',
      data: { has_payment_password: true },
    });
  });

  it('registers with a verified number while sms_open is on', async () => {
    const phone = newPhone();
    const username = uniqueUsername();
    const credentials = {
      username,
      password: 'abc12345',
      password_confirmation: 'abc12345',
      ...TERMS_CONSENT,
    };
    expect(body(await post('/v1/register', credentials))).toMatchObject({
      code: 422,
      message: '请输入手机号和短信验证码',
    });
    expect(body(await post('/v1/sms/send', { phone })).code).toBe(200);
    const code = await sentCode(phone, 'register');
    const res = await post('/v1/register', { ...credentials, mobile: phone, sms_code: code });
    expect(body(res)).toMatchObject({ code: 200, data: { userinfo: { mobile_verified: true } } });
    pastResend();
    expect(body(await post('/v1/sms/send', { phone }))).toMatchObject({
      code: 409,
      message: '该手机号已绑定其他账号',
    });
  });
});

describe('devices', () => {
  it('lists my signed-in devices, signs out one or all others, and tells me of a new device', async () => {
    await smsOpen(false);
    const a = await registered();
    const b = await registered();
    const iphone = await login(a, IPHONE);
    const android = await login(a, ANDROID);
    const again = await login(a, ANDROID);
    const auth = { authorization: `Bearer ${iphone.data.token}` };
    const list = body<Array<{ id: number; device: string; current: boolean }>>(
      await get('/v1/user/sessions', auth),
    ).data;
    expect(list).toHaveLength(4);
    expect(list.filter((s) => s.current).map((s) => s.device)).toEqual(['iPhone · Safari']);
    expect(list.filter((s) => s.device === 'Android · Chrome')).toHaveLength(2);
    // One new-device notice per new browser (registration's own session is the first device).
    const notices = await t.database.db.select().from(messages).where(eq(messages.memberId, a.id));
    expect(notices.filter((m) => m.title === '新设备登录提醒')).toHaveLength(2);

    const androidId = list.find((s) => s.device === 'Android · Chrome')!.id;
    const current = list.find((s) => s.current)!.id;
    expect(body(await post(`/v1/user/sessions/${current}/revoke`, {}, auth))).toMatchObject({
      code: 422,
      message: '当前设备请使用退出登录',
    });
    // Member B cannot sign out member A's device.
    expect(body(await post(`/v1/user/sessions/${androidId}/revoke`, {}, b.auth))).toMatchObject({
      code: 404,
      message: '该登录设备不存在或已退出',
    });
    expect(body(await post(`/v1/user/sessions/${androidId}/revoke`, {}, auth))).toEqual({
      code: 200,
      message: '该设备已退出登录',
      data: { revoked_sessions: 1 },
    });
    const tokens = [android.data.token, again.data.token].map((token) => ({
      authorization: `Bearer ${token}`,
    }));
    const statuses = await Promise.all(tokens.map(async (h) => (await get('/v1/me', h)).statusCode));
    expect(statuses.sort()).toEqual([200, 401]);
    expect(body(await post('/v1/user/sessions/revoke-others', {}, auth)).data).toEqual({
      revoked_sessions: 2,
    });
    expect(body<unknown[]>(await get('/v1/user/sessions', auth)).data).toHaveLength(1);
    expect((await get('/v1/me', a.auth)).statusCode).toBe(401);
    expect((await get('/v1/me', b.auth)).statusCode).toBe(200);
    expect(body(await post('/v1/user/sessions/abc/revoke', {}, auth))).toMatchObject({ code: 400 });
  });
});

describe('短信记录 in the console', () => {
  it('shows every code asked for to operators who read members, codes only from the simulator', async () => {
    await smsOpen(true);
    const member = await registered();
    const phone = await bindPhone(member);
    const stranger = newPhone();
    await post('/v1/forgot-password', { phone: stranger });
    const support = await newOperator(t.app, 'support');
    const list = body<{ total: number; list: Array<Record<string, unknown>> }>(
      await get(`/admin/v1/sms?phone=${phone}`, support.auth),
    ).data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      phone,
      purpose: 'bind_phone',
      member_id: member.id,
      status: 'sent',
      provider: 'simulator',
      attempts: 1,
    });
    expect(list.list[0]!['code']).toMatch(/^\d{6}$/);
    expect(list.list[0]!['used_at']).not.toBeNull();
    const skipped = body<{ list: Array<Record<string, unknown>> }>(
      await get(`/admin/v1/sms?phone=${stranger}&status=skipped`, support.auth),
    ).data.list;
    expect(skipped).toEqual([expect.objectContaining({ status: 'skipped', code: null, member_id: null })]);
    const csv = await get(`/admin/v1/sms/export?phone=${phone}`, support.auth);
    expect(csv.body).toContain('绑定手机');
    const content = await newOperator(t.app, 'content');
    expect((await get('/admin/v1/sms', content.auth)).statusCode).toBe(403);
    expect((await get('/admin/v1/sms', member.auth)).statusCode).toBe(401);
    expect(body(await get('/admin/v1/sms?phone=abc', support.auth))).toMatchObject({
      code: 400,
      message: '手机号格式不正确',
    });
  });
});
