// @vitest-environment happy-dom
import '@/test/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { describe, expect, it } from 'vitest';
import { fakeApi, type SentRequest } from '@/test/fake-api.ts';
import { renderScreen, signedIn } from '@/test/render.tsx';
import GatewayNotificationsPage from './GatewayNotificationsPage.tsx';

/** Waits for what the console shows, with room for a busy machine. */
const PATIENCE = { timeout: 15_000 };

type Row = BackofficeRow<'/admin/v1/payment-callbacks'>;

const CREDITED: Row = {
  id: '12',
  gateway: 'simulator',
  order_no: 'P20261120120000654321',
  outcome: 'credited',
  outcome_text: '已入账',
  source: 'notify',
  signature_valid: true,
  ip: '10.0.0.8',
  created_at: '2026-11-20T04:00:00.000Z',
  payload: {
    merchant_order_no: 'P20261120120000654321',
    trade_no: 'SIM123',
    amount: '100.00',
    status: 'paid',
    sign: 'ab12…',
  },
};
const FORGED: Row = {
  ...CREDITED,
  id: '11',
  outcome: 'bad_signature',
  outcome_text: '签名错误',
  signature_valid: false,
  ip: '203.0.113.9',
  created_at: '2026-11-20T03:59:00.000Z',
  payload: { ...CREDITED.payload, sign: 'ffff…' },
};
const QUERIED: Row = {
  id: '13',
  gateway: 'simulator',
  order_no: 'P20261120120500000001',
  outcome: 'credited',
  outcome_text: '已入账',
  source: 'query',
  signature_valid: true,
  ip: null,
  created_at: '2026-11-20T04:15:00.000Z',
  payload: { source: 'query', trade_no: 'SIM456', amount: '300.00' },
};

/** The server's log, filtered by result and source as the server would. */
function log(request: SentRequest) {
  const list = [QUERIED, CREDITED, FORGED].filter(
    (r) =>
      (!request.query.outcome || r.outcome === request.query.outcome) &&
      (!request.query.source || r.source === request.query.source) &&
      (!request.query.order_no || r.order_no === request.query.order_no),
  );
  return { list, total: list.length, page: 1, per_page: 20, has_more: false };
}

const rowOf = (id: string) => document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;

describe('财务 › 网关通知', { timeout: 30_000 }, () => {
  it('lists the log with source, result tags, signature and address', async () => {
    signedIn('finance');
    window.history.replaceState(null, '', '/admin/finance/gateway-notifications');
    const api = fakeApi({ 'GET /payment-callbacks': log });
    renderScreen(<GatewayNotificationsPage />, { at: '/finance/gateway-notifications' });
    expect(await screen.findByText('P20261120120500000001', {}, PATIENCE)).toBeTruthy();
    expect(api.to('GET /payment-callbacks')[0]!.query).toEqual({ page: '1', per_page: '20' });

    const queried = within(rowOf('13'));
    expect(queried.getByText('查询')).toBeTruthy();
    expect(queried.getByText('已入账').closest('.ant-tag')!.className).toContain('green');
    expect(rowOf('13').textContent).toContain('2026/11/20 12:15:00');
    expect(rowOf('13').textContent).toContain('—');

    const forged = within(rowOf('11'));
    expect(forged.getByText('通知')).toBeTruthy();
    expect(forged.getByText('签名错误').closest('.ant-tag')!.className).toContain('red');
    expect(forged.getByText('无效')).toBeTruthy();
    expect(forged.getByText('203.0.113.9')).toBeTruthy();
    expect(within(rowOf('12')).getByText('有效')).toBeTruthy();
  });

  it('opens a row to its payload as received, pretty-printed', async () => {
    signedIn('admin');
    window.history.replaceState(null, '', '/admin/finance/gateway-notifications');
    fakeApi({ 'GET /payment-callbacks': log });
    renderScreen(<GatewayNotificationsPage />, { at: '/finance/gateway-notifications' });
    await screen.findByText('P20261120120500000001', {}, PATIENCE);
    expect(screen.queryByTestId('payload-12')).toBeNull();
    await userEvent.click(within(rowOf('12')).getByRole('button', { name: /展开/ }));
    const payload = await screen.findByTestId('payload-12', {}, PATIENCE);
    expect(payload.textContent).toBe(JSON.stringify(CREDITED.payload, null, 2));
    expect(payload.textContent).toContain('"sign": "ab12…"');
  });

  it('asks the server for the result, source and order number chosen', async () => {
    signedIn('finance');
    window.history.replaceState(
      null,
      '',
      '/admin/finance/gateway-notifications?outcome=bad_signature&source=notify&order_no=P20261120120000654321',
    );
    const api = fakeApi({ 'GET /payment-callbacks': log });
    renderScreen(<GatewayNotificationsPage />, { at: '/finance/gateway-notifications' });
    await waitFor(() => expect(rowOf('11')).toBeTruthy(), PATIENCE);
    expect(rowOf('12')).toBeNull();
    expect(api.to('GET /payment-callbacks')[0]!.query).toEqual({
      outcome: 'bad_signature',
      source: 'notify',
      order_no: 'P20261120120000654321',
      page: '1',
      per_page: '20',
    });
  });
});
