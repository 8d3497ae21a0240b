/**
 * 红包 in the console (issue 41 point 3): an operator schedules a 红包雨 from the form, a member
 * claims one packet, and the row, the page's totals and the claims drawer (under the commitment)
 * show it; a 口令红包 above the approval threshold waits for 复核, is cancelled with a reason and
 * then shows its seed; the kind tabs filter the list and the CSV export holds what is listed.
 */
import { fenFromDecimal, formatFen } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import {
  consoleLogin,
  consolePage as page,
  OK_BUTTON,
  pageErrors,
  server,
  useConsoleSuite,
} from './support/admin.ts';
import { memberApi } from './support/member-api.ts';

useConsoleSuite('admin-red-packets');

const MIN = 60_000;
const HOUR = 60 * MIN;
/** A time as the console's pickers take it: Beijing wall clock, "2026-05-01 12:00:00". */
const beijingStamp = (at: number) => new Date(at + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');
/** 元 as the console shows them: "1234.5" → "1,234.50". */
const grouped = (amount: string) => Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 });

/** Fills the open 新增红包 form: name, window, budget and count (the other terms keep their defaults). */
async function fillPacket(terms: { name: string; from: number; to: number; budget: string; count: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称', { exact: true }).fill(terms.name);
  for (const [label, at] of [
    ['开始时间', terms.from],
    ['结束时间', terms.to],
  ] as const) {
    await dialog.getByLabel(label).click();
    await dialog.getByLabel(label).fill(beijingStamp(at));
    await dialog.getByLabel(label).press('Enter');
  }
  await dialog.getByLabel('总金额（元）').fill(terms.budget);
  await dialog.getByLabel('红包个数').fill(terms.count);
  return dialog;
}

/** The id in a row's first cell. */
const idOf = async (row: ReturnType<typeof page.locator>) =>
  Number(await row.locator('td').first().textContent());

describe('红包 in the console', () => {
  it('schedules a 红包雨 the member claims from, lists the claim under its commitment, and cancels a 口令红包 waiting for 复核', async () => {
    await server.app.services.appConfig.updateAppInfo({ redpacket_switch: 1 });
    const now = server.app.services.clock.now().getTime();

    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();
    await page.locator('.ant-pro-sider').getByRole('link', { name: '红包', exact: true }).click();
    await page.waitForURL(/\/admin\/content\/red-packets$/);
    await page.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();

    // A 红包雨 falling from a minute ago for an hour: 100 元 in 10 packets, 0.01 元 each at least.
    await page.getByTestId('create').click();
    const dialog = await fillPacket({
      name: '午间红包雨',
      from: now - MIN,
      to: now + HOUR,
      budget: '100',
      count: '10',
    });
    expect(await dialog.getByLabel('单个最低金额（元）').inputValue()).toBe('0.01');
    expect(await dialog.getByLabel('打码倍数').inputValue()).toBe('1.00');
    await screenshot(page, 'admin-red-packet-form');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已创建').waitFor();
    const rain = page.locator('.ant-table-row', { hasText: '午间红包雨' });
    await rain.waitFor();
    expect(await rain.textContent()).toContain('进行中');
    expect(await rain.textContent()).toContain('红包雨');
    const rainId = await idOf(rain);

    // A member claims one packet through the member API.
    const member = await memberApi(server, 'demo001', 'demo1234');
    const listed = await member<{ list: Array<{ id: number; commitment: string }> }>(
      'GET',
      '/v1/red-packets',
    );
    const commitment = listed.list.find((r) => r.id === rainId)?.commitment;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    const { claim } = await member<{ claim: { amount: string } }>('POST', `/v1/red-packets/${rainId}/claim`);
    expect(Number(claim.amount)).toBeGreaterThanOrEqual(0.01);

    // The row and the page's totals count it.
    await page.reload();
    await expect
      .poll(() => page.getByTestId(`claimed-${rainId}`).locator('.money').getAttribute('data-amount'))
      .toBe(claim.amount);
    expect(await page.getByTestId(`claimed-${rainId}`).textContent()).toMatch(/^1 \//);
    const left = 10_000n - fenFromDecimal(claim.amount);
    expect(await rain.textContent()).toContain(grouped(formatFen(left)));
    const totals = page.getByTestId('red-packet-totals');
    expect(await totals.textContent()).toContain('100.00');
    expect(await totals.textContent()).toContain(grouped(claim.amount));
    expect(await totals.textContent()).toContain('1 / 10');

    // 领取记录: the member, the amount, the commitment (the seed comes once it is over).
    await page.getByTestId(`claims-${rainId}`).click();
    const drawer = page.locator('.ant-drawer-content');
    const claimRow = drawer.locator('.ant-table-row', { hasText: 'demo001' });
    await claimRow.waitFor();
    expect(await claimRow.locator('.money').first().getAttribute('data-amount')).toBe(claim.amount);
    const proof = drawer.getByTestId('red-packet-proof');
    expect(await proof.textContent()).toContain(
      '红包金额在开始前由承诺值锁定，结束后公布种子，任何人可验证。',
    );
    expect(await proof.textContent()).toContain(commitment);
    expect(await proof.textContent()).toContain('结束后公布');
    await screenshot(page, 'admin-red-packet-claims');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // Once open, only the name and the end change: the terms are locked in the form.
    await page.getByTestId(`edit-${rainId}`).click();
    const edit = page.getByRole('dialog');
    await edit.getByText('红包已开始：只能修改名称与结束时间，其余条款已锁定').waitFor();
    expect(await edit.getByLabel('总金额（元）').isDisabled()).toBe(true);
    await edit.getByLabel('名称', { exact: true }).fill('午间红包雨（加场）');
    await edit.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已保存').waitFor();
    await page.locator('.ant-table-row', { hasText: '午间红包雨（加场）' }).waitFor();

    // A 口令红包 of 5,000 元 is above what one operator may commit alone: it waits for 复核.
    await page.getByTestId('create').click();
    const codeForm = page.getByRole('dialog');
    await codeForm.locator('label', { hasText: '口令红包' }).click();
    await codeForm.getByLabel('口令', { exact: true }).fill('周末好运2026');
    await fillPacket({
      name: '周末口令红包',
      from: now + 24 * HOUR,
      to: now + 48 * HOUR,
      budget: '5000',
      count: '100',
    });
    await codeForm.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText(/已提交复核（#\d+），需另一位管理员在「复核中心」通过后生效/).waitFor();
    const code = page.locator('.ant-table-row', { hasText: '周末口令红包' });
    await code.waitFor();
    expect(await code.textContent()).toMatch(/待复核 #\d+/);
    expect(await code.textContent()).toContain('周末好运2026');
    const codeId = await idOf(code);
    // Waiting for 复核, its terms cannot be edited.
    expect(await code.getByTestId(`edit-${codeId}`).count()).toBe(0);

    // The kind tabs filter the list.
    await page.getByRole('tab', { name: '红包雨' }).click();
    await code.waitFor({ state: 'detached' });
    await rain.waitFor();
    await page.getByRole('tab', { name: '全部' }).click();
    await code.waitFor();

    // Cancelled with a reason: 已取消, and its seed is published.
    await page.getByTestId(`cancel-${codeId}`).click();
    const cancel = page.getByRole('dialog');
    await cancel.getByLabel('取消原因（写入审计日志）').fill('预算有误，改期重排');
    await cancel.getByRole('button', { name: /确认取消$/ }).click();
    await expect.poll(() => code.textContent()).toContain('已取消');
    expect(await code.getByTestId(`cancel-${codeId}`).count()).toBe(0);
    await page.getByTestId(`claims-${codeId}`).click();
    await expect.poll(() => drawer.getByTestId('red-packet-seed').textContent()).toMatch(/^[0-9a-f]{64}$/);
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    await screenshot(page, 'admin-red-packets');

    // The CSV export holds the two listed.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出 CSV/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^红包-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.getByText('已导出 2 行').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
