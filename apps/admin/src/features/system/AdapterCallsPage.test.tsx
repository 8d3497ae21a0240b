// @vitest-environment happy-dom
import '@/test/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { describe, expect, it } from 'vitest';
import { fakeApi, type SentRequest } from '@/test/fake-api.ts';
import { renderScreen, signedIn } from '@/test/render.tsx';
import AdapterCallsPage from './AdapterCallsPage.tsx';

/** Waits for what the console shows, with room for a busy machine. */
const PATIENCE = { timeout: 15_000 };

type Row = BackofficeRow<'/admin/v1/adapter-calls'>;

const ORDER: Row = {
  id: '31',
  adapter: 'epay',
  adapter_name: '易支付',
  operation: 'order',
  method: 'POST',
  url: 'https://pay.example.com/mapi.php',
  request: 'pid=1001&type=alipay&out_trade_no=D20261130180000000001&money=100.00&sign=6f95…&sign_type=MD5',
  status: 200,
  answer:
    '{"code":1,"trade_no":"2026113018000010001","payurl":"https://pay.example.com/pay/2026113018000010001"}',
  duration_ms: 184,
  outcome: 'ok',
  outcome_text: '成功',
  attempt: 1,
  created_at: '2026-11-30T10:00:00.000Z',
};
const TIMEOUT: Row = {
  ...ORDER,
  id: '30',
  operation: 'query:order',
  method: 'GET',
  url: 'https://pay.example.com/api.php?act=order&pid=1001&key=***&out_trade_no=D20261130180000000001',
  request: null,
  status: null,
  answer: '无应答（超时）',
  duration_ms: 10_002,
  outcome: 'timeout',
  outcome_text: '超时',
  attempt: 2,
  created_at: '2026-11-30T09:59:00.000Z',
};

function calls(request: SentRequest) {
  const list = [ORDER, TIMEOUT].filter(
    (r) =>
      (!request.query.outcome || r.outcome === request.query.outcome) &&
      (!request.query.adapter || r.adapter === request.query.adapter),
  );
  return { list, total: list.length, page: 1, per_page: 20, has_more: false };
}

const rowOf = (id: string) => document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;

describe('系统 › 外部调用', { timeout: 30_000 }, () => {
  it('lists each call with its provider, result, attempt and time, and opens one to its request and answer', async () => {
    signedIn('risk');
    window.history.replaceState(null, '', '/admin/system/adapter-calls');
    const api = fakeApi({ 'GET /adapter-calls': calls });
    renderScreen(<AdapterCallsPage />, { at: '/system/adapter-calls' });
    await waitFor(() => expect(rowOf('31')).toBeTruthy(), PATIENCE);
    expect(api.to('GET /adapter-calls')[0]!.query).toEqual({ page: '1', per_page: '20' });

    const timedOut = within(rowOf('30'));
    expect(timedOut.getByText('超时').closest('.ant-tag')!.className).toContain('red');
    expect(timedOut.getByText('第 2 次')).toBeTruthy();
    expect(rowOf('30').textContent).toContain('key=***');
    expect(within(rowOf('31')).getByText('成功').closest('.ant-tag')!.className).toContain('green');
    expect(rowOf('31').textContent).toContain('2026/11/30 18:00:00');

    await userEvent.click(within(rowOf('31')).getByText('order'));
    const request = await screen.findByTestId('call-request', {}, PATIENCE);
    expect(request.textContent).toContain('sign=6f95…');
    expect((await screen.findByTestId('call-answer', {}, PATIENCE)).textContent).toContain('"trade_no"');
  });

  it('asks the server for the provider and result chosen', async () => {
    signedIn('admin');
    window.history.replaceState(null, '', '/admin/system/adapter-calls?adapter=epay&outcome=timeout');
    const api = fakeApi({ 'GET /adapter-calls': calls });
    renderScreen(<AdapterCallsPage />, { at: '/system/adapter-calls' });
    await waitFor(() => expect(rowOf('30')).toBeTruthy(), PATIENCE);
    expect(rowOf('31')).toBeNull();
    expect(api.to('GET /adapter-calls')[0]!.query).toEqual({
      adapter: 'epay',
      outcome: 'timeout',
      page: '1',
      per_page: '20',
    });
  });
});
