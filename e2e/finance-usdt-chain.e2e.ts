/**
 * USDT_DEPOSITS=trongrid in the browser (issue 38 point 3): the member opens 充值 › USDT-TRC20 and
 * sees their own address (the wallet's address of their derivation index) with its QR and no
 * amount or hash to type; a USDT transfer to it appears on the fake TronGrid, confirmed, and the
 * balance on the open page's 我的 tab moves by itself. Screenshots `finance-usdt-chain-*.png`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTronGridFake } from '../apps/server/src/adapters/trongrid/fake.ts';
import { dismissHomeModal, login, waitForRoute } from './support/app.ts';
import { openRoute, screenshot } from './support/browser.ts';
import { context, page, pageErrors, useBrowserSuite } from './support/suite.ts';

/** bip_utils' TRON vector ("abandon ×11 about"), account xpub of m/44'/195'/0'. */
const ACCOUNT_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';
const API_KEY = 'e2e-trongrid-key-0001';

const fake = await startTronGridFake({ apiKeys: [API_KEY] });
afterAll(() => fake.close());

useBrowserSuite('finance-usdt-chain', {
  env: {
    USDT_DEPOSITS: 'trongrid',
    TRON_XPUB: ACCOUNT_XPUB,
    TRONGRID_API_KEY: API_KEY,
    TRONGRID_URL: fake.url,
    USDT_WATCH_INTERVAL_MS: '1000',
    // The leader's jobs run, as in `npm start`: the watcher finds the transfer on its own.
    JOBS_ENABLED: 'true',
  },
});

describe('USDT to the member’s own address', () => {
  it('shows the address and credits a confirmed transfer while the app is open', async () => {
    await login(page, 'demo001', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);

    const mine = await context.newPage();
    await openRoute(mine, '/pages/mine/mine');
    const balance = mine.locator('.balance-main');
    await expect.poll(() => balance.getAttribute('data-amount'), { timeout: 15_000 }).toBe('10000.00');

    await openRoute(page, '/financePages/recharge');
    await page.getByRole('button', { name: 'USDT-TRC20' }).click();
    const address = page.getByTestId('own-address');
    await address.waitFor();
    const text = (await address.textContent())?.trim() ?? '';
    expect(text).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await page.getByTestId('own-address-qrcode').waitFor();
    expect(await page.getByRole('button', { name: '立即充值' }).count()).toBe(0);
    await screenshot(page, 'finance-usdt-chain-address');

    // 20 USDT arrive on chain, confirmed: 20 × 7.2000 = 144.00 元, by itself.
    fake.addTransfer({ to: text, value: 20_000_000n, confirmed: true });
    await expect.poll(() => balance.getAttribute('data-amount'), { timeout: 30_000 }).toBe('10144.00');
    await screenshot(mine, 'finance-usdt-chain-credited');
    await mine.close();
    expect(pageErrors).toEqual([]);
  });
});
