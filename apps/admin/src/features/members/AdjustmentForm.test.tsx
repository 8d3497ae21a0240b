// @vitest-environment happy-dom
import '@/test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import { renderScreen, signedIn } from '@/test/render.tsx';
import { AdjustmentForm } from './AdjustmentForm.tsx';

/** Waits for what the console shows, with room for a busy machine. */
const PATIENCE = { timeout: 15_000 };
const OK = /^确\s?[定认]$/;

async function fillAndSend(amount: string, reason: string) {
  await userEvent.click(screen.getByTestId('open-adjustment'));
  await userEvent.type(await screen.findByPlaceholderText('例如 100.00', {}, PATIENCE), amount);
  await userEvent.type(screen.getByPlaceholderText('会员可见，并写入审计日志'), reason);
  await userEvent.click(screen.getByRole('button', { name: OK }));
}

describe('AdjustmentForm', { timeout: 30_000 }, () => {
  it('says under the amount what is wrong with it (negative, more than two decimals, too big) and sends nothing', async () => {
    signedIn('finance');
    const api = fakeApi({ 'POST /adjustments': { id: 1, status: 'approved', balance_after: '0.00' } });
    const done = vi.fn();
    renderScreen(<AdjustmentForm memberId={7} username="alice01" onDone={done} />);
    // The dialog used to refuse -50.555 with a passing toast (金额格式不正确); the field now says why.
    await fillAndSend('-50.555', '活动补偿奖励');
    const field = () => screen.getByPlaceholderText('例如 100.00').closest('.ant-form-item')!;
    await waitFor(
      () =>
        expect(field().querySelector('.ant-form-item-explain')?.textContent).toBe(
          '金额不能为负数，最多两位小数',
        ),
      PATIENCE,
    );
    const amount = screen.getByPlaceholderText('例如 100.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '50.555');
    await waitFor(
      () => expect(field().querySelector('.ant-form-item-explain')?.textContent).toBe('金额最多两位小数'),
      PATIENCE,
    );
    await userEvent.clear(amount);
    await userEvent.type(amount, '20000000000');
    await waitFor(
      () =>
        expect(field().querySelector('.ant-form-item-explain')?.textContent).toBe(
          '金额不能超过 1,000,000,000.00 元',
        ),
      PATIENCE,
    );
    await userEvent.click(screen.getByRole('button', { name: OK }));
    expect(screen.queryByText('确认加款')).toBeNull();
    expect(api.sent).toEqual([]);
    expect(done).not.toHaveBeenCalled();
  });

  it('asks to confirm, then sends the checked body and says the adjustment waits for a second operator', async () => {
    signedIn('finance');
    const api = fakeApi({
      'POST /adjustments': {
        id: 31,
        status: 'pending',
        balance_after: null,
        member_id: 7,
        amount: '5000.00',
      },
    });
    const done = vi.fn();
    renderScreen(<AdjustmentForm memberId={7} username="alice01" onDone={done} />);
    await fillAndSend(' 5000.00 ', '线下活动奖金补发');
    // The confirmation names the member and the amount; only then is anything sent.
    expect(
      await screen.findByText(/将为会员 alice01 加款 5,000.00 元（线下活动奖金补发）/, {}, PATIENCE),
    ).toBeTruthy();
    expect(api.sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: /确认加款/ }));
    expect(
      await screen.findByText('已提交，等待另一位管理员复核（人工调整 #31）', {}, PATIENCE),
    ).toBeTruthy();
    expect(api.to('POST /adjustments').map((r) => r.body)).toEqual([
      { member_id: 7, direction: 'credit', amount: '5000.00', reason: '线下活动奖金补发' },
    ]);
    await waitFor(() => expect(done).toHaveBeenCalledOnce());
  });
});
