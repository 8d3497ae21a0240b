/**
 * USDT-TRC20 withdrawals with USDT_DEPOSITS=trongrid in the console (issue 38): 出款 asks for the
 * TRON transaction id, the row shows 待链上确认 until the chain check confirms it, and a mismatch
 * comes back as 待出款 with the reason. Against the TronGrid fake; the check is run by hand here
 * (the leader's usdt-withdrawal-check job does it in production). Screenshots
 * `admin-usdt-withdrawal-*.png`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startTronGridFake } from '../apps/server/src/adapters/trongrid/fake.ts';
import { members } from '../apps/server/src/db/schema.ts';
import { uniqueTrc20 } from '../apps/server/src/modules/payments/testing.ts';
import { screenshot } from './support/browser.ts';
import { consoleLogin, consolePage as page, pageErrors, server, useConsoleSuite } from './support/admin.ts';
import { memberApi } from './support/member-api.ts';

const ACCOUNT_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';
const API_KEY = 'e2e-trongrid-key-0002';

const fake = await startTronGridFake({ apiKeys: [API_KEY] });
afterAll(() => fake.close());

useConsoleSuite('admin-usdt-withdrawal', {
  USDT_DEPOSITS: 'trongrid',
  TRON_XPUB: ACCOUNT_XPUB,
  TRONGRID_API_KEY: API_KEY,
  TRONGRID_URL: fake.url,
});

describe('USDT-TRC20 withdrawal paid on chain', () => {
  it('takes the transaction id, shows 待链上确认, and 已到账 once the chain confirms it', async () => {
    const api = await memberApi(server, 'demo002', 'demo1234');
    const me = await api<{ has_payment_password: boolean }>('GET', '/v1/me');
    if (!me.has_payment_password)
      await api('POST', '/v1/user/set-payment-password', {
        payment_password: '135790',
        payment_password_confirmation: '135790',
        login_password: 'demo1234',
      });
    const address = uniqueTrc20();
    const wallet = await api<{ id: number }>('POST', '/v1/user-wallets', {
      type: 'usdt_trc20',
      account: address,
    });
    await server.app.services.database.db
      .update(members)
      .set({ codingvolume: 0n })
      .where(eq(members.username, 'demo002'));
    const w = await api<{ id: number; order_no: string; usdt_amount: string }>('POST', '/v1/withdraws', {
      wallet_id: wallet.id,
      amount: '200',
      payment_password: '135790',
    });
    const [whole, cents] = w.usdt_amount.split('.');
    const units = (BigInt(whole!) * 100n + BigInt(cents!)) * 10_000n;

    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();
    await page.goto('/admin/finance/withdrawals?status=pending');
    const row = page.locator('tr', { hasText: w.order_no });
    await row.getByTestId(`review-${w.id}`).click();
    await page.getByRole('button', { name: /(^|\s)确\s?[定认]$/ }).click();
    await page.getByText('已审核，待出款').first().waitFor();

    // A first transaction of the wrong amount: entered, checked, refused with the reason.
    const wrong = fake.addTransfer({ to: address, value: units + 1_000_000n });
    await page.goto('/admin/finance/withdrawals?status=approved');
    const approved = page.locator('tr', { hasText: w.order_no });
    await approved.getByTestId(`pay-${w.id}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`转出 ${w.usdt_amount} USDT（TRC20）`, { exact: false }).waitFor();
    await dialog.getByLabel('交易哈希（TXID）').fill('123');
    await dialog.getByRole('button', { name: '提交链上核对' }).click();
    await dialog.getByText('交易哈希须为64位十六进制').waitFor();
    await dialog.getByLabel('交易哈希（TXID）').fill(wrong.txId);
    await screenshot(page, 'admin-usdt-withdrawal-txid');
    await dialog.getByRole('button', { name: '提交链上核对' }).click();
    await page.getByText('已提交，待链上确认').first().waitFor();

    await page.goto('/admin/finance/withdrawals?status=chain_confirming');
    await page.locator('tr', { hasText: w.order_no }).getByText('待链上确认').waitFor();
    await screenshot(page, 'admin-usdt-withdrawal-confirming');

    expect(await server.app.services.withdrawals.checkChainPayments()).toMatchObject({ refused: 1 });
    await page.goto('/admin/finance/withdrawals?status=approved');
    const back = page.locator('tr', { hasText: w.order_no });
    await back.getByTestId(`chain-note-${w.id}`).waitFor();
    await screenshot(page, 'admin-usdt-withdrawal-refused');

    // The right one: paid once confirmed.
    const right = fake.addTransfer({ to: address, value: units, confirmed: false });
    await back.getByTestId(`pay-${w.id}`).click();
    await page.getByTestId(`chain-refused-${w.id}`).waitFor();
    await screenshot(page, 'admin-usdt-withdrawal-reenter');
    await page.getByRole('dialog').getByLabel('交易哈希（TXID）').fill(right.txId);
    await page.getByRole('dialog').getByRole('button', { name: '提交链上核对' }).click();
    await page.getByText('已提交，待链上确认').first().waitFor();
    expect(await server.app.services.withdrawals.checkChainPayments()).toMatchObject({ waiting: 1 });
    fake.confirm(right.txId);
    expect(await server.app.services.withdrawals.checkChainPayments()).toMatchObject({ paid: 1 });
    await page.goto('/admin/finance/withdrawals?status=paid');
    await page.locator('tr', { hasText: w.order_no }).getByText('已到账').waitFor();
    const mine = await api<{ list: Array<{ id: number; status: string }> }>('GET', '/v1/withdraws');
    expect(mine.list.find((x) => x.id === w.id)?.status).toBe('paid');
    expect(pageErrors).toEqual([]);
  });
});
