import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { approvedBy } from '../../test/dual-control.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  uniqueIp,
  uniqueUsername,
  type TestApp,
} from '../../test/harness.ts';

const clock = new ManualClock(new Date('2026-11-20T04:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  // Production's rule, set explicitly: admin and finance must sign in with two-factor.
  t = await createTestApp({ OPERATOR_TOTP_ROLES: 'admin,finance' }, undefined, undefined, clock);
});
afterAll(() => t.close());

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

async function login(username: string, password: string, totp_code?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/v1/auth/login',
    payload: { username, password, ...(totp_code ? { totp_code } : {}) },
    remoteAddress: uniqueIp(),
  });
}

describe('two-factor sign-in', () => {
  it('a finance operator reaches only enrolment until they enrol; then signs in with a code, never the same code twice', async () => {
    const op = await newOperator(t.app, 'finance');
    const blocked = await as(t.app, op, { method: 'GET', url: '/admin/v1/dashboard' });
    expect(body(blocked)).toMatchObject({ code: 403, data: { totp_enrolment_required: true } });
    const status = await as(t.app, op, { method: 'GET', url: '/admin/v1/auth/security' });
    expect(body(status).data).toEqual({ totp_enabled: false, totp_required: true, enrolment_required: true });

    const setup = body<{ secret: string; uri: string }>(
      await as(t.app, op, { method: 'POST', url: '/admin/v1/auth/totp/setup' }),
    ).data;
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    const wrong = await as(t.app, op, {
      method: 'POST',
      url: '/admin/v1/auth/totp/enable',
      payload: { code: '000000' },
    });
    expect(body(wrong).code).toBe(422);
    const enabled = await as(t.app, op, {
      method: 'POST',
      url: '/admin/v1/auth/totp/enable',
      payload: { code: codeAt(setup.secret, clock.now()) },
    });
    expect(body(enabled).data).toMatchObject({ totp_enabled: true, enrolment_required: false });
    expect(body(await as(t.app, op, { method: 'GET', url: '/admin/v1/dashboard' }))).toMatchObject({
      code: 200,
    });

    // Sign-in now asks for the code; the code used at enrolment is spent.
    const noCode = await login(op.username, 'op-secret-1');
    expect(body(noCode)).toMatchObject({
      code: 401,
      message: '请输入动态验证码',
      data: { totp_required: true },
    });
    const reused = await login(op.username, 'op-secret-1', codeAt(setup.secret, clock.now()));
    expect(body(reused)).toMatchObject({ code: 401, message: '动态验证码不正确或已使用' });
    clock.advance(30_000);
    const signedIn = await login(op.username, 'op-secret-1', codeAt(setup.secret, clock.now()));
    expect(body(signedIn)).toMatchObject({ code: 200, data: { operator: { role: 'finance' } } });

    const audit = await as(t.app, await newOperator(t.app, 'risk'), {
      method: 'GET',
      url: `/admin/v1/audit-logs?operator_id=${op.id}&action=operator.totp`,
    });
    expect(body<{ list: Array<{ action: string }> }>(audit).data.list.map((l) => l.action)).toEqual([
      'operator.totp.enable',
    ]);
  });

  it('a support operator is not required to enrol and uses the console at once', async () => {
    const op = await newOperator(t.app, 'support');
    expect(body(await as(t.app, op, { method: 'GET', url: '/admin/v1/dashboard' }))).toMatchObject({
      code: 200,
    });
  });
});

describe('own password', () => {
  it('changes it, ending every other session, and refuses a wrong old password', async () => {
    const op = await newOperator(t.app, 'support');
    const other = body<{ token: string }>(await login(op.username, 'op-secret-1')).data.token;
    const bad = await as(t.app, op, {
      method: 'POST',
      url: '/admin/v1/auth/password',
      payload: { old_password: 'nope', new_password: 'new-secret-2026' },
    });
    expect(body(bad)).toMatchObject({ code: 422, message: '原密码不正确，还可尝试4次' });
    const weak = await as(t.app, op, {
      method: 'POST',
      url: '/admin/v1/auth/password',
      payload: { old_password: 'op-secret-1', new_password: 'short' },
    });
    expect(body(weak).code).toBe(400);
    const changed = await as(t.app, op, {
      method: 'POST',
      url: '/admin/v1/auth/password',
      payload: { old_password: 'op-secret-1', new_password: 'new-secret-2026' },
    });
    expect(body(changed)).toMatchObject({ code: 200 });
    expect(body(await as(t.app, op, { method: 'GET', url: '/admin/v1/auth/me' }))).toMatchObject({
      code: 200,
    });
    const otherMe = await t.app.inject({
      method: 'GET',
      url: '/admin/v1/auth/me',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(body(otherMe).code).toBe(401);
    expect(body(await login(op.username, 'new-secret-2026'))).toMatchObject({ code: 200 });
  });
});

describe('operator management', () => {
  it('only admin manages operators; changes are audited with before and after; a disabled operator is signed out', async () => {
    const support = await newOperator(t.app, 'support');
    const refused = await as(t.app, support, { method: 'GET', url: '/admin/v1/operators' });
    expect(body(refused).code).toBe(403);

    const enrolled = async () => {
      const op = await newOperator(t.app, 'admin');
      // admin must enrol first (required role here): enrol through the API.
      const setup = body<{ secret: string }>(
        await as(t.app, op, { method: 'POST', url: '/admin/v1/auth/totp/setup' }),
      ).data;
      await as(t.app, op, {
        method: 'POST',
        url: '/admin/v1/auth/totp/enable',
        payload: { code: codeAt(setup.secret, clock.now()) },
      });
      return op;
    };
    const admin = await enrolled();
    const checker = await enrolled();

    // A new account is only asked for: a second admin's approval creates it, with a one-time
    // password shown to the approver (the admin who asked never holds it).
    const username = uniqueUsername('cm');
    const created = await as(t.app, admin, {
      method: 'POST',
      url: '/admin/v1/operators',
      payload: { username, name: '内容小王', role: 'content' },
    });
    expect(body(created)).toMatchObject({
      code: 200,
      data: { pending_change: { id: expect.any(Number) as number } },
    });
    expect(body(await login(username, 'anything-at-all')).code).toBe(401);
    const changeId = body<{ pending_change: { id: number } }>(created).data.pending_change.id;
    const own = await as(t.app, admin, {
      method: 'POST',
      url: `/admin/v1/control-changes/${changeId}/approve`,
      payload: {},
    });
    expect(body(own)).toMatchObject({ code: 403, message: '不能复核自己发起的变更，请由另一位管理员复核' });
    const { result } = await approvedBy(t.app, checker, created);
    const { operator_id: id, temporary_password: password } = result as {
      operator_id: number;
      temporary_password: string;
    };
    const token = body<{ token: string }>(await login(username, password)).data.token;
    expect(token).toBeTypeOf('string');
    const dup = await as(t.app, admin, {
      method: 'POST',
      url: '/admin/v1/operators',
      payload: { username, name: 'x', role: 'content' },
    });
    expect(body(dup)).toMatchObject({ code: 409, message: '用户名已存在' });

    // Granting a role waits for a second admin; disabling takes effect at once.
    const promoted = await as(t.app, admin, {
      method: 'PUT',
      url: `/admin/v1/operators/${id}`,
      payload: { role: 'finance' },
    });
    expect(body(promoted)).toMatchObject({ data: { role: 'content', pending_change: {} } });
    await as(t.app, admin, {
      method: 'POST',
      url: `/admin/v1/control-changes/${body<{ pending_change: { id: number } }>(promoted).data.pending_change.id}/reject`,
      payload: { reason: '撤回' },
    });

    const disabled = await as(t.app, admin, {
      method: 'PUT',
      url: `/admin/v1/operators/${id}`,
      payload: { enabled: false },
    });
    expect(body(disabled).data).toMatchObject({ enabled: false });
    const after = await t.app.inject({
      method: 'GET',
      url: '/admin/v1/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(body(after).code).toBe(401);
    const log = await as(t.app, admin, {
      method: 'GET',
      url: `/admin/v1/audit-logs?target_type=operator&target_id=${id}`,
    });
    expect(body<{ list: Array<{ action: string; detail: unknown }> }>(log).data.list[0]).toMatchObject({
      action: 'operator.update',
      detail: { before: { enabled: true }, after: { enabled: false } },
    });
  });

  it('a member token is refused by every console endpoint', async () => {
    const member = await newMember(t.app);
    for (const url of [
      '/admin/v1/dashboard',
      '/admin/v1/operators',
      '/admin/v1/auth/security',
      '/admin/v1/pending-counts',
    ]) {
      expect(body(await as(t.app, member, { method: 'GET', url })).code).toBe(401);
    }
  });
});
