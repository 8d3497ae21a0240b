// @vitest-environment happy-dom
import '@/test/setup.ts';
import { createAdjustmentBody } from '@app/shared/backoffice';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, refuse } from '@/test/fake-api.ts';
import { signedIn } from '@/test/render.tsx';
import { ApiError, call, doneOrPending, get, post, setSessionProblemHandler, validate } from './api.ts';
import { getStoredOperator, getToken } from './session.ts';

describe('doneOrPending', () => {
  it('says an answer carrying pending_change waits in 复核中心, with its number', () => {
    expect(doneOrPending({ pending_change: { id: 42, summary: '提高单笔提现上限' } }, '已保存')).toBe(
      '已提交复核（#42），需另一位管理员在「复核中心」通过后生效',
    );
  });

  it('says what was done otherwise, whatever the answer is', () => {
    for (const data of [{ id: 1 }, { pending_change: null }, null, undefined, 'ok', 3])
      expect(doneOrPending(data, '已保存')).toBe('已保存');
  });
});

describe('validate', () => {
  it("refuses what the shared contract refuses, with the contract's Chinese message", () => {
    const body = { member_id: 1, direction: 'credit', amount: '-50.555', reason: '活动补偿奖励' };
    expect(() => validate(createAdjustmentBody, body)).toThrow(
      new ApiError(400, '金额格式不正确（最多两位小数）', null),
    );
  });

  it('passes what the contract accepts, unchanged', () => {
    const body = { member_id: 1, direction: 'debit', amount: '50.55', reason: '误充值扣回' };
    expect(validate(createAdjustmentBody, body)).toBe(body);
  });
});

describe('call', () => {
  it('sends the bearer token and the query, and unwraps the envelope', async () => {
    signedIn('finance', 3);
    const api = fakeApi({ 'GET /members': { list: [], total: 0 } });
    await expect(
      get('/admin/v1/members', { keyword: 'alice', page: 2, tag: '', flag: undefined }),
    ).resolves.toEqual({
      list: [],
      total: 0,
    });
    const [request] = api.sent;
    expect(request).toMatchObject({
      method: 'GET',
      path: '/members',
      query: { keyword: 'alice', page: '2' },
      headers: { authorization: 'Bearer token-of-finance-3', accept: 'application/json' },
    });
  });

  it('sends a JSON body and an Idempotency-Key when given one', async () => {
    signedIn('finance');
    const api = fakeApi({ 'POST /adjustments': { id: 9 } });
    await post(
      '/admin/v1/adjustments',
      { member_id: 1, direction: 'credit', amount: '1.00', reason: '活动补偿奖励' },
      { idempotencyKey: 'key-1' },
    );
    expect(api.sent[0]).toMatchObject({
      body: { amount: '1.00' },
      headers: { 'content-type': 'application/json', 'idempotency-key': 'key-1' },
    });
  });

  it("rejects a refusal with the server's code, message and data", async () => {
    signedIn('support');
    fakeApi({ 'POST /control-changes/5/approve': refuse(403, '需要「财务设置」权限', { permission: 'x' }) });
    const refused = await post('/admin/v1/control-changes/:id/approve', {}, { params: { id: 5 } }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 403, message: '需要「财务设置」权限', data: { permission: 'x' } });
  });

  it('ends the session on a 401 and tells the app to go to the login page', async () => {
    signedIn('admin');
    const problems = vi.fn();
    setSessionProblemHandler(problems);
    fakeApi({ 'GET /pending-counts': refuse(401, '登录已过期，请重新登录') });
    await expect(get('/admin/v1/pending-counts')).rejects.toMatchObject({ code: 401 });
    expect(getToken()).toBeNull();
    expect(getStoredOperator()).toBeNull();
    expect(problems).toHaveBeenCalledWith('expired');
  });

  it('keeps the session when a 401 asks for the two-factor code', async () => {
    signedIn('admin');
    const problems = vi.fn();
    setSessionProblemHandler(problems);
    fakeApi({ 'POST /auth/login': refuse(401, '请输入动态验证码', { totp_required: true }) });
    await expect(
      post('/admin/v1/auth/login', { username: 'admin', password: 'wrong' }),
    ).rejects.toMatchObject({ code: 401 });
    expect(getToken()).toBe('token-of-admin-1');
    expect(problems).not.toHaveBeenCalled();
  });

  it('sends an operator who must enrol two-factor to 账号安全', async () => {
    signedIn('finance');
    const problems = vi.fn();
    setSessionProblemHandler(problems);
    fakeApi({ 'GET /members': refuse(403, '请先开启两步验证', { totp_enrolment_required: true }) });
    await expect(get('/admin/v1/members')).rejects.toMatchObject({ code: 403 });
    expect(problems).toHaveBeenCalledWith('enrol');
    expect(getToken()).not.toBeNull();
  });

  it('turns a network failure and an answer that is not JSON into messages an operator can read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call('GET', '/admin/v1/members')).rejects.toMatchObject({
      code: 0,
      message: '网络异常，请检查网络连接',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>502</html>', { status: 502 }))),
    );
    await expect(call('GET', '/admin/v1/members')).rejects.toMatchObject({
      code: 502,
      message: '服务端返回数据异常',
    });
  });
});
