/**
 * 系统 › 历史归档 in the browser: an admin opens it from the menu and sees the settings, the
 * ledger's partition of the server's current Beijing month (and the 竞彩 orders' and legs'), the
 * default partition and an archived month in the catalogue, its SHA-256 shortened and copyable.
 */
import { shanghaiParts } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { historyArchives } from '../apps/server/src/db/schema.ts';
import { screenshot } from './support/browser.ts';
import { consoleLogin, consolePage as page, pageErrors, server, useConsoleSuite } from './support/admin.ts';

useConsoleSuite('admin-history', { HISTORY_RETENTION_YEARS: '5' });

describe('系统 › 历史归档', () => {
  it('lists the ledger partition of the current month under 分区, from the 系统 menu', async () => {
    // Months ahead are made by housekeeping; run it so the months are there whatever the date.
    await server.app.services.housekeeping.run();
    const month = shanghaiParts(server.app.services.clock.now())!.date.slice(0, 7);
    const partition = `ledger_entries_p${month.replace('-', '')}`;
    const sha256 = '9f2c'.repeat(16);
    await server.app.services.database.db.insert(historyArchives).values({
      tableName: 'ledger_entries',
      month: '2020-01',
      partitionName: 'ledger_entries_p202001',
      rows: 123_456n,
      amountSum: 98_765_432n,
      file: 'ledger_entries/2020-01.ndjson.gz',
      sha256,
      bytes: 3_456_789n,
      archivedAt: server.app.services.clock.now(),
      archivedBy: 'job:housekeeping',
    });

    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();
    // The console opens with every menu group expanded.
    await page.getByRole('menuitem', { name: '历史归档' }).click();
    await page.waitForURL(/\/admin\/system\/history$/);

    const ledger = page.getByTestId('partitions-ledger_entries');
    const row = ledger.locator(`tr[data-row-key="${partition}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(month);
    await expect.poll(() => ledger.locator('tr[data-row-key="ledger_entries_default"]').count()).toBe(1);
    expect(await page.getByText('5 年（月份结束后）').count()).toBe(1);
    // 竞彩 orders and their legs are kept by month too, each card named in words.
    for (const [table, name] of [
      ['orders', '竞彩注单'],
      ['order_legs', '竞彩注单选项'],
    ] as const) {
      const card = page.getByTestId(`partitions-${table}`);
      await card.locator(`tr[data-row-key="${table}_p${month.replace('-', '')}"]`).waitFor();
      expect(await card.textContent()).toContain(name);
    }
    await screenshot(page, 'admin-history');

    const archived = page.locator('tr', { hasText: 'ledger_entries/2020-01.ndjson.gz' });
    await archived.scrollIntoViewIfNeeded();
    expect(await archived.textContent()).toContain('987,654.32');
    expect(await archived.getByTitle(sha256).textContent()).toContain(sha256.slice(0, 16));
    await screenshot(page, 'admin-history-archives');
    expect(pageErrors).toEqual([]);
  });
});
