import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@app/shared';
import { members } from '../apps/server/src/db/schema.ts';
import { inTransaction } from '../apps/server/src/db/tx.ts';
import { dismissHomeModal, input, login, uniqueUsername, waitForRoute } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { freshPhone, page, server, useBrowserSuite } from './support/suite.ts';

useBrowserSuite('invite');

async function signIn(username: string, password: string): Promise<void> {
  await login(page, username, password);
  await waitForRoute(page, '/pages/home/home');
  await dismissHomeModal(page);
}

/** Waits until no toast (e.g. a pushed notification) covers the page, for a clean screenshot. */
async function noToast(): Promise<void> {
  await page
    .locator('.adm-toast-main')
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => undefined);
}

async function shot(name: string): Promise<void> {
  await noToast();
  await screenshot(page, name);
}

const masked = (name: string) => `${name.slice(0, 2)}****${name.slice(-2)}`;

async function memberId(username: string): Promise<number> {
  const [row] = await server.app.services.database.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.username, username));
  return row!.id;
}

describe('invite programme', () => {
  it('shares a link with the code and a QR code; a friend registers through it and shows in my referrals', async () => {
    await signIn('demo001', 'demo1234');
    await page.goto('/#/minePages/invite');
    const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const link = (await page.getByTestId('invite-link').textContent())?.trim() ?? '';
    expect(link).toBe(`${server.baseUrl}/#/ireg?invite_code=${code}`);
    await page.getByTestId('site-qrcode').waitFor();
    await expect.poll(() => page.getByTestId('invite-stats').textContent()).toContain('邀请人数');
    await shot('invite-home');

    await freshPhone();
    await page.goto(link);
    expect(await input(page, 'invite_code').inputValue()).toBe(code);
    await page.locator('.code-status.ok', { hasText: '邀请人' }).waitFor();
    const friend = uniqueUsername('fr');
    await input(page, 'username').fill(friend);
    await input(page, 'password').fill('abc12345');
    await input(page, 'password_confirmation').fill('abc12345');
    await page.getByTestId('accept-terms').locator('.adm-checkbox-icon').click();
    await page.getByRole('button', { name: '立即注册' }).click();
    await waitForRoute(page, '/pages/mine/mine');

    // The friend deposits 100.00: demo001 earns the first milestone through the ledger.
    const friendId = await memberId(friend);
    await inTransaction(server.app.services.database.db, (work) =>
      server.app.services.ledger.post(work, { memberId: friendId, amount: 10_000n, type: 'deposit' }),
    );

    await freshPhone();
    await signIn('demo001', 'demo1234');
    await page.goto('/#/minePages/referrals');
    const row = page.getByTestId('referral-item').filter({ hasText: masked(friend) });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('已充值');
    await shot('invite-referrals');

    await page.goto('/#/minePages/rewards');
    await page.getByTestId('reward-item').filter({ hasText: '+8.00' }).first().waitFor();
    await shot('invite-rewards');

    await page.goto('/#/minePages/rules');
    await page.getByTestId('milestone-table').waitFor();
    expect(await page.getByTestId('rule-lines').textContent()).toContain('0.30%');
    await shot('invite-rules');

    await page.goto('/#/minePages/ranking');
    await page.getByTestId('ranking-board').waitFor();
    await expect.poll(() => page.getByTestId('my-ranking').textContent()).toMatch(/我的排名\d/);
    await shot('invite-ranking');

    await page.goto('/#/minePages/globalrankings');
    await page.getByTestId('ranking-row').first().waitFor();
    const names = await page.getByTestId('ranking-row').allTextContents();
    expect(names.every((n) => n.includes('****'))).toBe(true);
    await shot('invite-globalrankings');
  });
});

describe('agent programme', () => {
  it('applies, is refused the agent centre until an operator approves, then sees its own members', async () => {
    const applicant = uniqueUsername('ap');
    const reg = await server.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: {
        username: applicant,
        password: 'abc12345',
        accept_terms: true,
        terms_version: TERMS_VERSION,
      },
    });
    expect(reg.statusCode).toBe(200);
    await signIn(applicant, 'abc12345');

    await page.goto('/#/agentPages/agent');
    await page.getByTestId('agent-refused').waitFor();
    expect(await page.getByTestId('agent-refused').textContent()).toContain('您还不是代理');
    await shot('agent-refused');

    await page.getByRole('button', { name: '申请成为代理' }).click();
    await waitForRoute(page, '/minePages/agent-apply');
    await input(page, 'real_name').fill('李四');
    await input(page, 'contact').fill('lisi_2026');
    await input(page, 'expected_members').fill('30');
    // Too short first: the shared rule answers on the phone, nothing is sent.
    await page.locator('textarea[name="experience"]').fill('很好');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('推广经验至少填写10个字').waitFor();
    await page.locator('textarea[name="experience"]').fill('在抖音做体育解说两年，粉丝一万多人');
    await shot('agent-apply-form');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => page.getByTestId('agent-status').textContent()).toContain('申请审核中');
    await page.getByTestId('application-item').filter({ hasText: '审核中' }).waitFor();
    await shot('agent-apply-pending');

    // The operator approves through the back-office API.
    const op = await server.app.inject({
      method: 'POST',
      url: '/admin/v1/auth/login',
      payload: { username: 'admin', password: 'admin1234' },
    });
    const opAuth = { authorization: `Bearer ${op.json<{ data: { token: string } }>().data.token}` };
    const pending = await server.app.inject({
      method: 'GET',
      url: `/admin/v1/agent-applications?status=pending&member_id=${await memberId(applicant)}`,
      headers: opAuth,
    });
    const [application] = pending.json<{ data: { list: Array<{ id: number }> } }>().data.list;
    const approved = await server.app.inject({
      method: 'POST',
      url: `/admin/v1/agent-applications/${application!.id}/approve`,
      headers: opAuth,
      payload: { reason: '欢迎加入' },
    });
    expect(approved.statusCode).toBe(200);
    const agentCode = approved.json<{ data: { agent_code: string } }>().data.agent_code;

    // A member joins with the agent code; demo001 belongs to agent001 and must not appear.
    const recruit = uniqueUsername('rc');
    const joined = await server.app.inject({
      method: 'POST',
      url: '/v1/agent/register',
      payload: {
        username: recruit,
        password: 'abc12345',
        agent_code: agentCode,
        accept_terms: true,
        terms_version: TERMS_VERSION,
      },
    });
    expect(joined.statusCode).toBe(200);
    const recruitId = await memberId(recruit);
    await inTransaction(server.app.services.database.db, (work) =>
      server.app.services.ledger.post(work, { memberId: recruitId, amount: 30_000n, type: 'deposit' }),
    );

    await page.goto('/#/agentPages/agent');
    await expect.poll(() => page.getByTestId('agent-code').textContent()).toBe(agentCode);
    await expect.poll(() => page.getByTestId('agent-member-count').textContent()).toBe('1');
    expect(await page.getByTestId('agent-figures').textContent()).toContain('300.00');
    await shot('agent-centre');

    await page.goto('/#/agentPages/members');
    const rows = page.getByTestId('agent-member');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(recruit);
    await shot('agent-members');

    await rows.first().click();
    await waitForRoute(page, '/agentPages/memberDetail');
    await page.getByTestId('agent-member-detail').waitFor();
    expect(await page.getByTestId('agent-member-detail').textContent()).toContain(recruit);
    await shot('agent-member-detail');

    await page.getByRole('button', { name: '查看资金与注单记录' }).click();
    await waitForRoute(page, '/agentPages/memberRecords');
    await page.getByTestId('agent-record').filter({ hasText: '+300.00' }).waitFor();
    await shot('agent-member-records');

    // Someone else's member by address: refused.
    await page.goto(`/#/agentPages/memberDetail?id=${await memberId('demo001')}`);
    await page.getByTestId('agent-refused').waitFor();
    expect(await page.getByTestId('agent-refused').textContent()).toContain('会员不存在或不属于您');
  });
});
