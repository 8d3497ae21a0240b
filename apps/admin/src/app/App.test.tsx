// @vitest-environment happy-dom
import '@/test/setup.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { can, OPERATOR_ROLE_KEYS, type OperatorRoleKey } from '@app/shared/backoffice';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import { signedIn } from '@/test/render.tsx';
import { MENU, menuFor } from './menu.tsx';

/** What the signed-in frame asks before any screen: counts for the badges; the socket is left out. */
const FRAME = {
  'GET /pending-counts': {
    approvals: 0,
    deposits: 0,
    withdrawals_review: 0,
    withdrawals_pay: 0,
    adjustments: 0,
  },
  'GET /operators': { list: [], total: 0, page: 1, per_page: 20, has_more: false },
};

// The console and the screens these tests open, loaded once before the clocks of the tests start:
// on a busy machine a screen's first import (ProComponents) takes seconds.
beforeAll(async () => {
  await Promise.all([
    import('./App.tsx'),
    import('@/features/dashboard/DashboardPage.tsx'),
    import('@/features/operators/OperatorsPage.tsx'),
    import('@/features/auth/LoginPage.tsx'),
  ]);
}, 120_000);

/** Waits for what the console shows, with room for a busy machine. */
const PATIENCE = { timeout: 15_000 };

/**
 * Opens the console at `path` as the browser would: the router is made once, when App.tsx is first
 * imported, from the address bar; later visits move it through history, as a link or back would.
 */
async function openConsole(path: string) {
  window.history.pushState(null, '', `/admin${path}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
  const { App } = await import('./App.tsx');
  return render(<App />);
}

const visibleMenu = () => {
  const nav = document.querySelector('.ant-pro-sider') ?? document.body;
  return within(nav as HTMLElement);
};

// The first render imports the whole console (antd, ProComponents, the lazy screens).
describe('the route guard', { timeout: 30_000 }, () => {
  it('sends an operator without the permission home, to 概览', async () => {
    signedIn('support');
    fakeApi(FRAME);
    await openConsole('/operators');
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/admin\/?$/), PATIENCE);
    expect(screen.queryByText('管理账号', { selector: '.ant-page-header-heading-title' })).toBeNull();
  });

  it('lets an operator with the permission in', async () => {
    signedIn('admin');
    const api = fakeApi(FRAME);
    await openConsole('/operators');
    await waitFor(() => expect(api.to('GET /operators')).toHaveLength(1), PATIENCE);
    expect(window.location.pathname).toBe('/admin/operators');
  });

  it('sends a visitor who is not signed in to the login page', async () => {
    fakeApi(FRAME);
    await openConsole('/approvals');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'), PATIENCE);
  });
});

describe('the menu', { timeout: 30_000 }, () => {
  it('shows an entry exactly when the role holds its permission (PERMISSIONS)', () => {
    for (const role of OPERATOR_ROLE_KEYS) {
      const shown = new Set(
        menuFor((p) => can(role, p)).flatMap((m) => [m.path, ...(m.children ?? []).map((c) => c.path)]),
      );
      for (const entry of MENU) {
        const children = entry.children ?? [];
        for (const child of children)
          expect(shown.has(child.path), `${role} ${child.name}`).toBe(
            can(role, entry.permission) && can(role, child.permission),
          );
        if (!children.length)
          expect(shown.has(entry.path), `${role} ${entry.name}`).toBe(can(role, entry.permission));
      }
    }
  });

  it('drops a group whose every child is out of reach', () => {
    const contentOnly = (p: Parameters<typeof can>[1]) => p === 'messages' || p === 'dashboard';
    const groups = menuFor(contentOnly).map((m) => m.name);
    expect(groups).toContain('内容');
    expect(
      menuFor(contentOnly)
        .find((m) => m.name === '内容')!
        .children!.map((c) => c.name),
    ).toEqual(['站内信']);
  });

  it.each<[OperatorRoleKey, string[], string[]]>([
    [
      'content',
      ['公告', '站内信', '红包', '免费投注券', '复核中心'],
      ['会员列表', '充值订单', '管理账号', '报表'],
    ],
    ['support', ['会员列表', '红包', '免费投注券'], ['充值订单', '管理账号', '公告']],
    ['risk', ['赛事与风控', '加奖活动', '提前结算'], ['充值订单', '管理账号', '公告']],
    [
      'finance',
      ['充值订单', '人工调整', '报表'],
      ['公告', '管理账号', '赛事与风控', '提前结算', '红包', '免费投注券'],
    ],
  ])('is built for the signed-in role: %s', async (role, shown, hidden) => {
    signedIn(role);
    fakeApi({ ...FRAME, 'GET /dashboard': null });
    await openConsole('/');
    const menu = visibleMenu();
    for (const name of shown) expect(await menu.findAllByText(name, {}, PATIENCE)).not.toHaveLength(0);
    for (const name of hidden) expect(menu.queryByText(name)).toBeNull();
  });
});
