import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  uniqueIp,
  type TestApp,
} from '../../test/harness.ts';
import { auditLogs } from './operators.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operator sign-in', () => {
  it('signs in with its own credentials and answers /me; logout ends the token', async () => {
    const op = await newOperator(t.app, 'finance');
    const me = await as(t.app, op, { method: 'GET', url: '/admin/v1/auth/me' });
    expect(body(me)).toMatchObject({ code: 200, data: { username: op.username, role: 'finance' } });
    const out = await as(t.app, op, { method: 'POST', url: '/admin/v1/auth/logout' });
    expect(body(out).code).toBe(200);
    const after = await as(t.app, op, { method: 'GET', url: '/admin/v1/auth/me' });
    expect(body(after)).toMatchObject({ code: 401, message: '管理后台登录已失效，请重新登录' });
  });

  it('never accepts a member token, and a member never signs in as an operator', async () => {
    const member = await newMember(t.app);
    const res = await as(t.app, member, { method: 'GET', url: '/admin/v1/audit-logs' });
    expect(body(res).code).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/auth/login',
      payload: { username: member.username, password: member.password },
      remoteAddress: uniqueIp(),
    });
    expect(body(login)).toMatchObject({ code: 401, message: '用户名或密码错误' });
    const op = await newOperator(t.app);
    const asMember = await as(t.app, op, { method: 'GET', url: '/v1/me' });
    expect(body(asMember).code).toBe(401);
  });

  it('refuses bad input with a Chinese message and limits failed attempts', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/auth/login',
      payload: { username: 'x' },
    });
    expect(body(missing).code).toBe(400);
    expect(body(missing).message).toContain('请输入密码');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/auth/login',
      payload: { username: 5, password: 'x' },
    });
    expect(body(wrongType).code).toBe(400);

    const op = await newOperator(t.app);
    const ip = uniqueIp();
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/admin/v1/auth/login',
        payload: { username: op.username, password: 'wrong-password' },
        remoteAddress: ip,
      });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push(body(await attempt()).code);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('audit log', () => {
  it('lists recorded actions with filters and cannot be altered', async () => {
    const op = await newOperator(t.app);
    const member = await newMember(t.app);
    await inTransaction(t.database.db, (work) =>
      t.app.services.operators.audit(work, {
        operatorId: op.id,
        action: 'test.action',
        targetType: 'test',
        targetId: member.id,
        memberId: member.id,
        reason: '核对',
        detail: { amount: '1.00' },
        ip: '10.0.0.1',
      }),
    );
    const res = await as(t.app, op, {
      method: 'GET',
      url: `/admin/v1/audit-logs?target_type=test&member_id=${member.id}`,
    });
    expect(body(res).data).toMatchObject({
      total: 1,
      list: [
        { action: 'test.action', target_id: String(member.id), reason: '核对', detail: { amount: '1.00' } },
      ],
    });
    await expect(t.database.db.execute(sql`UPDATE ${auditLogs} SET reason = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM ${auditLogs}`)).rejects.toThrow();
  });
});
