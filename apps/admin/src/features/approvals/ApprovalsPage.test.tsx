// @vitest-environment happy-dom
import '@/test/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ControlChangeItem } from '@app/shared/backoffice';
import { describe, expect, it } from 'vitest';
import { fakeApi, type SentRequest } from '@/test/fake-api.ts';
import { renderScreen, signedIn } from '@/test/render.tsx';
import ApprovalsPage from './ApprovalsPage.tsx';

/** Waits for what the console shows, with room for a busy machine. */
const PATIENCE = { timeout: 15_000 };
const ME = 5;

function change(id: number, makerId: number, permission: string, summary: string): ControlChangeItem {
  return {
    id,
    kind: permission === 'operators' ? 'operator.create' : 'finance.settings',
    kind_text: permission === 'operators' ? '新增管理账号' : '财务设置',
    permission,
    target_type: 'setting',
    target_id: 'withdraw_max',
    summary,
    before: { withdraw_max: '50000.00' },
    after: { withdraw_max: '80000.00' },
    status: 'pending',
    status_text: '待复核',
    maker_id: makerId,
    maker_name: makerId === ME ? '测试finance' : '另一位管理员',
    maker_reason: '旺季提额',
    checker_id: null,
    checker_name: null,
    checker_reason: null,
    created_at: '2026-11-20T04:00:00.000Z',
    decided_at: null,
  };
}

const MINE = change(11, ME, 'finance.settings', '单笔提现上限 50000.00 → 80000.00');
const THEIRS = change(12, 2, 'finance.settings', '单日提现上限 200000.00 → 300000.00');
const OPERATOR = change(13, 2, 'operators', '新增管理账号 ops02（客服）');

const queue = (request: SentRequest) => {
  const list = request.query.status === 'pending' ? [MINE, THEIRS, OPERATOR] : [];
  return { list, total: list.length, page: 1, per_page: 20, has_more: false };
};

describe('复核中心', { timeout: 30_000 }, () => {
  it('shows one’s own pending change as 待他人复核 with 撤回, never 通过', async () => {
    signedIn('finance', ME);
    window.history.replaceState(null, '', '/admin/approvals');
    const api = fakeApi({ 'GET /control-changes': queue });
    renderScreen(<ApprovalsPage />, { at: '/approvals' });
    expect(await screen.findByText(MINE.summary, {}, PATIENCE)).toBeTruthy();
    expect(api.to('GET /control-changes')[0]!.query).toMatchObject({ status: 'pending' });

    expect(screen.getByTestId(`own-change-${MINE.id}`).textContent).toBe('待他人复核');
    expect(screen.getByTestId(`withdraw-change-${MINE.id}`)).toBeTruthy();
    expect(screen.queryByTestId(`approve-change-${MINE.id}`)).toBeNull();
    expect(screen.queryByTestId(`reject-change-${MINE.id}`)).toBeNull();

    // Another operator's change: 通过 and 驳回; one needing a permission this role lacks says which.
    expect(screen.getByTestId(`approve-change-${THEIRS.id}`)).toBeTruthy();
    expect(screen.getByTestId(`reject-change-${THEIRS.id}`)).toBeTruthy();
    expect(screen.queryByTestId(`needs-permission-${THEIRS.id}`)).toBeNull();
    expect(screen.getByTestId(`needs-permission-${OPERATOR.id}`).textContent).toBe('需「管理账号」权限');
  });

  it('approves another operator’s change and says it took effect', async () => {
    signedIn('finance', ME);
    window.history.replaceState(null, '', '/admin/approvals');
    const api = fakeApi({
      'GET /control-changes': queue,
      [`POST /control-changes/${THEIRS.id}/approve`]: {
        change: {
          ...THEIRS,
          status: 'approved',
          status_text: '已通过',
          checker_id: ME,
          checker_name: '测试finance',
        },
        result: null,
      },
    });
    renderScreen(<ApprovalsPage />, { at: '/approvals' });
    await userEvent.click(await screen.findByTestId(`approve-change-${THEIRS.id}`, {}, PATIENCE));
    const dialog = await screen.findByRole('dialog', {}, PATIENCE);
    expect(within(dialog).getByText(/发起人 另一位管理员，原因：旺季提额/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /确认通过/ }));
    expect(await screen.findByText(`复核通过，已生效：${THEIRS.summary}`, {}, PATIENCE)).toBeTruthy();
    expect(api.to(`POST /control-changes/${THEIRS.id}/approve`).map((r) => r.body)).toEqual([{ reason: '' }]);
    // The list is asked again after the decision.
    await waitFor(() => expect(api.to('GET /control-changes').length).toBeGreaterThanOrEqual(2), PATIENCE);
  });
});
