// @vitest-environment happy-dom
import '@/test/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import { renderScreen, signedIn } from '@/test/render.tsx';
import AuditPage from '@/features/audit/AuditPage.tsx';
import MemberDetailPage from '@/features/members/MemberDetailPage.tsx';

/** Waits for what the console shows, with room for a busy machine. */
const PATIENCE = { timeout: 15_000 };

type AuditRow = BackofficeRow<'/admin/v1/audit-logs'>;
type LedgerRow = BackofficeRow<'/admin/v1/members/:id/ledger'>;

const page = <R,>(rows: R[]) => ({ list: rows, total: rows.length, page: 1, per_page: 20, has_more: false });

const audit = (
  id: string,
  action: string,
  targetType: string,
  targetId: string,
  detail: AuditRow['detail'],
) => ({
  id,
  operator_id: 1,
  operator_name: '管理员',
  action,
  target_type: targetType,
  target_id: targetId,
  member_id: null,
  reason: '测试',
  detail,
  ip: '10.0.0.1',
  created_at: '2026-11-20T04:00:00.000Z',
});

const AUDIT: AuditRow[] = [
  audit('1', 'sports.void', 'match', '57', {
    before: { result: null },
    after: { result: { status: 'void' } },
    orders: 1,
    refund_amount: '16.00',
  }),
  audit('2', 'adjustment.create', 'adjustment', '31', {
    amount: '5000.00',
    needs_approval: true,
    threshold: '1000.00',
    moved_alone_today: '0.00',
  }),
  audit('3', 'withdrawal.review', 'withdrawal', '1', {
    before: { status: 'pending' },
    after: { status: 'approved' },
    amount: '200.00',
  }),
  audit('4', 'future.thing', 'gadget', '9', { brand_new_key: 'x' }),
];

const ledger = (
  id: string,
  type: string,
  wallet: string,
  amount: string,
  reference: string | null,
): LedgerRow => ({
  id,
  wallet,
  type,
  type_text: type,
  amount,
  balance_before: '0.00',
  balance_after: '0.00',
  reference,
  remark: '',
  created_at: '2026-11-20T04:00:00.000Z',
});

const LEDGER: LedgerRow[] = [
  ledger('1', 'withdraw_freeze', 'main', '-200.00', 'withdrawal:1'),
  ledger('2', 'withdraw_freeze', 'frozen', '200.00', 'withdrawal:1'),
  ledger('3', 'deposit', 'main', '360.00', 'payment_order:6'),
  ledger('4', 'game_in', 'main', '-100.00', 'game_transfer:gt_01JABC'),
  ledger('5', 'bet', 'main', '-16.00', 'order:S2611201200001234'),
  ledger('6', 'transfer_in', 'lottery', '100.00', 'lottery_transfer:abc'),
  ledger('7', 'adjust', 'main', '5000.00', 'manual_adjustment:31'),
];

const MEMBER = {
  id: 7,
  username: 'alice01',
  nickname: 'alice',
  mobile: null,
  vip_level: 1,
  balance: '100.00',
  lottery_balance: '0.00',
  frozen: '0.00',
  agent_id: null,
  agent_username: null,
  flags: {
    enabled: 1,
    is_black: 0,
    disable_withdraw: 0,
    disable_game: 0,
    disable_nggame: 0,
    is_agent: 0,
    is_mock: 0,
  },
  register_type: 'plain',
  register_ip: '203.0.113.9',
  created_at: '2026-11-01T04:00:00.000Z',
  last_login_at: null,
  last_login_ip: null,
  tags: [],
  real_name: null,
  email: null,
  invite_code: 'ABC123',
  agent_code: null,
  inviter_id: null,
  inviter_username: null,
  codingvolume: '0.00',
  paysum: '0.00',
  totalgame: '0.00',
  total_withdraw: '0.00',
  wallets: [
    { kind: 'main', balance: '100.00' },
    { kind: 'game:jcdz', balance: '50.00' },
  ],
  online: false,
  responsible_play: { limits: [], reality_check_minutes: 0, exclusion: null, exclusions: [] },
};

describe('the console shows codes in words', { timeout: 30_000 }, () => {
  it('shows audit actions, objects and before → after in words, never a raw code or JSON', async () => {
    signedIn('admin');
    window.history.replaceState(null, '', '/admin/audit');
    fakeApi({ 'GET /audit-logs': page(AUDIT) });
    renderScreen(<AuditPage />, { at: '/audit' });
    await screen.findByText('赛事：作废', {}, PATIENCE);
    const row = (id: string) => document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;

    const voided = row('1');
    expect(within(voided).getByRole('link', { name: '赛事 #57' }).getAttribute('href')).toBe(
      '/sports/matches?match=57',
    );
    expect(voided.textContent).toContain('赛果：未出赛果 → 作废');
    expect(voided.textContent).toContain('涉及注单：1');
    expect(voided.textContent).toContain('退款金额（元）：16.00');

    const adjustment = row('2');
    expect(adjustment.textContent).toContain('人工调整：发起');
    expect(adjustment.textContent).toContain('人工调整 #31');
    expect(adjustment.textContent).toContain('金额（元）：5,000.00');
    expect(adjustment.textContent).toContain('需第二人复核：是');

    const review = row('3');
    expect(review.textContent).toContain('提现：审核通过');
    expect(within(review).getByRole('link', { name: '提现单 #1' }).getAttribute('href')).toBe(
      '/finance/withdrawals?id=1',
    );
    expect(review.textContent).toContain('状态：审核中 → 待出款');

    // What the console has no word for stays readable, muted: the code, never dropped.
    const unknown = row('4');
    expect(within(unknown).getByTestId('audit-action').className).toContain('secondary');
    expect(unknown.querySelector('.audit-field-unknown')?.textContent).toBe('brand_new_key：');

    const table = document.querySelector('.ant-table')!.textContent;
    for (const code of ['sports.void', 'adjustment.create', 'withdrawal.review', '{"', 'approved', 'pending'])
      expect(table).not.toContain(code);
  });

  it('shows a member’s ledger with wallets and types in words, and references as links to their pages', async () => {
    signedIn('admin');
    const api = fakeApi({ 'GET /members/7': MEMBER, 'GET /members/7/ledger': page(LEDGER) });
    renderScreen(
      <Routes>
        <Route path="/members/:id" element={<MemberDetailPage />} />
      </Routes>,
      { at: '/members/7' },
    );
    const profile = await screen.findByTestId('member-profile', {}, PATIENCE);
    expect(profile.textContent).toContain('账号注册');
    expect(profile.textContent).toContain('游戏钱包（金彩电子）');
    expect(profile.textContent).not.toContain('plain');

    await waitFor(() => expect(api.to('GET /members/7/ledger')).toHaveLength(1), PATIENCE);
    const row = async (id: string) => {
      await waitFor(
        () => expect(document.querySelector(`tr[data-row-key="${id}"]`)).not.toBeNull(),
        PATIENCE,
      );
      return document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;
    };
    const link = (r: HTMLElement) => within(r).getByTestId('reference-link');

    const freeze = await row('1');
    expect(freeze.textContent).toContain('提现冻结');
    expect(freeze.textContent).toContain('主钱包');
    expect(link(freeze).textContent).toBe('提现单 #1');
    expect(link(freeze).getAttribute('href')).toBe('/finance/withdrawals?id=1');
    expect((await row('2')).textContent).toContain('冻结钱包');
    expect(link(await row('3')).textContent).toBe('充值订单 #6');
    expect(link(await row('3')).getAttribute('href')).toBe('/finance/deposits?id=6');
    expect(link(await row('4')).textContent).toBe('游戏转账 gt_01JABC');
    expect(link(await row('4')).getAttribute('href')).toBe('/members/7?tab=games');
    expect(link(await row('5')).textContent).toBe('竞彩注单 S2611201200001234');
    expect(link(await row('5')).getAttribute('href')).toBe('/members/7?tab=orders');
    expect((await row('6')).textContent).toContain('彩票钱包');
    expect((await row('6')).textContent).toContain('彩票钱包转账');
    expect(link(await row('7')).textContent).toBe('人工调整 #31');

    const table = document.querySelector('.ant-table')!.textContent;
    for (const code of [
      'withdrawal:',
      'payment_order:',
      'game_transfer:',
      'order:',
      'frozen',
      'withdraw_freeze',
    ])
      expect(table).not.toContain(code);
  });
});
