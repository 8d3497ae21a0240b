// @vitest-environment happy-dom
import '@/test/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { depositQueueItem, withdrawQueueItem } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { describe, expect, it } from 'vitest';
import { fakeApi, type SentRequest } from '@/test/fake-api.ts';
import { renderScreen, signedIn } from '@/test/render.tsx';
import DepositsPage, { DEPOSIT_FIELDS } from './DepositsPage.tsx';
import WithdrawalsPage, { WITHDRAWAL_FIELDS } from './WithdrawalsPage.tsx';

/** Waits for what the console shows, with room for a busy machine. */
const PATIENCE = { timeout: 15_000 };

const WITHDRAWAL: BackofficeRow<'/admin/v1/finance/withdrawals'> = {
  id: 5,
  order_no: 'W20261120120000123456',
  member_id: 7,
  username: 'alice01',
  amount: '1500.00',
  fee: '15.00',
  actual_amount: '1485.00',
  usdt_amount: null,
  wallet_type: 'bank',
  wallet_name: '招商银行',
  holder_name: '王五',
  account: '6222021234567890128',
  status: 'rejected',
  status_text: '已驳回',
  reason: '收款人与实名不符',
  operator_name: '财务小李',
  created_at: '2026-11-20T04:00:00.000Z',
  decided_at: '2026-11-20T05:30:00.000Z',
  pending_change_id: null,
  tx_id: null,
  chain_note: null,
  needs_tx_id: false,
};

const DEPOSIT: BackofficeRow<'/admin/v1/finance/deposits'> = {
  id: 6,
  order_no: 'P20261120120000654321',
  member_id: 7,
  username: 'alice01',
  method: 'usdt_trc20',
  method_name: 'USDT-TRC20',
  amount: '360.00',
  usdt_amount: '50.00',
  rate: '7.2000',
  tx_hash: 'cd'.repeat(32),
  declared_usdt_amount: '49.00',
  amount_mismatch: true,
  credited_amount: null,
  pending_change_id: null,
  status: 'confirming',
  status_text: '待确认',
  reason: null,
  operator_name: null,
  created_at: '2026-11-20T04:00:00.000Z',
  paid_at: null,
};

const page = <R,>(rows: R[]) => ({ list: rows, total: rows.length, page: 1, per_page: 20, has_more: false });
/** The queue: one row, or none when another id is asked for. */
const queue =
  <R extends { id: number }>(row: R) =>
  (request: SentRequest) =>
    page(request.query.id && Number(request.query.id) !== row.id ? [] : [row]);

const covered = (fields: ReadonlyArray<{ keys: readonly string[] }>) =>
  new Set(fields.flatMap((f) => f.keys));

describe('the detail drawers of deposits and withdrawals', { timeout: 30_000 }, () => {
  it('lists every field of a deposit and of a withdrawal the server returns', () => {
    expect(Object.keys(withdrawQueueItem.shape).filter((k) => !covered(WITHDRAWAL_FIELDS).has(k))).toEqual(
      [],
    );
    expect(Object.keys(depositQueueItem.shape).filter((k) => !covered(DEPOSIT_FIELDS).has(k))).toEqual([]);
  });

  it('opens a withdrawal’s detail from its row: every field labelled, and what was decided on it', async () => {
    signedIn('admin');
    window.history.replaceState(null, '', '/admin/finance/withdrawals');
    const api = fakeApi({
      'GET /finance/withdrawals': queue(WITHDRAWAL),
      'GET /audit-logs': page([
        {
          id: '90',
          operator_id: 3,
          operator_name: '财务小李',
          action: 'withdrawal.reject',
          target_type: 'withdrawal',
          target_id: '5',
          member_id: 7,
          reason: '收款人与实名不符',
          detail: { before: { status: 'pending' }, after: { status: 'rejected' }, amount: '1500.00' },
          ip: '10.0.0.8',
          created_at: '2026-11-20T05:30:00.000Z',
        },
      ]),
    });
    renderScreen(<WithdrawalsPage />, { at: '/finance/withdrawals' });
    // A click on the row (here its 实付 cell) opens the drawer.
    await userEvent.click(await screen.findByText('1,485.00', {}, PATIENCE));
    const drawer = await screen.findByTestId('withdrawal-detail', {}, PATIENCE);
    const d = within(drawer);
    for (const [label, value] of [
      ['单号', WITHDRAWAL.order_no],
      ['会员', 'alice01（ID 7）'],
      ['申请金额（元）', '1,500.00'],
      ['手续费（元）', '15.00'],
      ['实付（元）', '1,485.00'],
      ['收款方式', '银行卡'],
      ['收款账户', '招商银行'],
      ['户名', '王五'],
      ['账号', '6222021234567890128'],
      ['状态', '已驳回'],
      ['原因', '收款人与实名不符'],
      ['处理人', '财务小李'],
      ['申请时间', '2026/11/20 12:00:00'],
      ['处理时间', '2026/11/20 13:30:00'],
    ] as const) {
      const cell = d.getByText(label, { selector: 'th, th *' }).closest('tr')!;
      expect(cell.textContent, label).toContain(value);
    }
    // The audit log of the withdrawal, in words.
    const history = await d.findByTestId('record-history', {}, PATIENCE);
    expect(history.textContent).toContain('提现：驳回');
    expect(history.textContent).toContain('状态：审核中 → 已驳回');
    expect(history.textContent).not.toContain('rejected');
    expect(api.to('GET /audit-logs')[0]!.query).toMatchObject({ target_type: 'withdrawal', target_id: '5' });
  });

  it('opens a withdrawal linked by its id (a ledger entry’s 提现单 #5), asking the server for that one', async () => {
    signedIn('finance');
    window.history.replaceState(null, '', '/admin/finance/withdrawals?id=5');
    const api = fakeApi({ 'GET /finance/withdrawals': queue(WITHDRAWAL) });
    renderScreen(<WithdrawalsPage />, { at: '/finance/withdrawals?id=5' });
    const drawer = await screen.findByTestId('withdrawal-detail', {}, PATIENCE);
    expect(drawer.textContent).toContain(WITHDRAWAL.order_no);
    expect(api.to('GET /finance/withdrawals')[0]!.query).toMatchObject({ id: '5' });
    // finance may not read the audit log: no history asked for.
    expect(api.to('GET /audit-logs')).toEqual([]);
  });

  it('opens a deposit’s detail from its number; its own links (确认到账) keep their meaning', async () => {
    signedIn('finance');
    window.history.replaceState(null, '', '/admin/finance/deposits');
    fakeApi({ 'GET /finance/deposits': queue(DEPOSIT) });
    renderScreen(<DepositsPage />, { at: '/finance/deposits' });
    await userEvent.click(await screen.findByTestId('confirm-deposit-6', {}, PATIENCE));
    expect(await screen.findByText(/确认到账 P20261120120000654321/, {}, PATIENCE)).toBeTruthy();
    expect(screen.queryByTestId('deposit-detail')).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByTestId('deposit-detail-6'));
    const drawer = await screen.findByTestId('deposit-detail', {}, PATIENCE);
    const d = within(drawer);
    for (const [label, value] of [
      ['充值方式', 'USDT-TRC20'],
      ['金额（元）', '360.00'],
      ['USDT 数量', '50.00'],
      ['汇率', '7.2000'],
      ['会员申报 USDT', '49.00金额不符'],
      ['交易哈希', 'cd'.repeat(32)],
      ['状态', '待确认'],
      ['到账时间', '-'],
    ] as const) {
      const cell = d.getByText(label, { selector: 'th, th *' }).closest('tr')!;
      expect(cell.textContent, label).toContain(value);
    }
    await waitFor(() => expect(screen.getAllByTestId('deposit-detail')).toHaveLength(1));
  });
});
