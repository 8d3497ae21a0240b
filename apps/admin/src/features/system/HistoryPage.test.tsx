// @vitest-environment happy-dom
import '@/test/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import type { HistoryOverview } from '@app/shared/backoffice';
import { describe, expect, it } from 'vitest';
import { fakeApi, refuse } from '@/test/fake-api.ts';
import { renderScreen, signedIn } from '@/test/render.tsx';
import HistoryPage from './HistoryPage.tsx';

/** Waits for what the console shows, with room for a busy machine. */
const PATIENCE = { timeout: 15_000 };

const SHA = 'f3b1c0de9a8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a392817060504';

const OVERVIEW: HistoryOverview = {
  settings: { retention_years: 5, partitions_ahead_months: 3, archive_dir: null },
  tables: [
    {
      table: 'ledger_entries',
      partitions: [
        { name: 'ledger_entries_p202111', month: '2021-11', approx_rows: 0, bytes: 16_384 },
        { name: 'ledger_entries_p202611', month: '2026-11', approx_rows: 1_234_567, bytes: 5_452_595 },
        { name: 'ledger_entries_p202612', month: '2026-12', approx_rows: 321, bytes: 8_192 },
      ],
      default_partition: { name: 'ledger_entries_default', rows: 0, bytes: 8_192, warning: null },
    },
    {
      table: 'lottery_bets',
      partitions: [{ name: 'lottery_bets_p202612', month: '2026-12', approx_rows: 12, bytes: 24_576 }],
      default_partition: {
        name: 'lottery_bets_default',
        rows: 7,
        bytes: 40_960,
        warning: '默认分区有 7 行：这些行所属月份写入时还没有分区，该月分区无法自动创建，需运维处理',
      },
    },
  ],
  past_retention: [{ table: 'ledger_entries', month: '2021-11', name: 'ledger_entries_p202111' }],
  archives: [
    {
      id: 3,
      table: 'ledger_entries',
      month: '2021-10',
      rows: 98_765,
      amount_sum: '-12345.67',
      file: 'ledger_entries/2021-10.ndjson.gz',
      sha256: SHA,
      bytes: 2_097_152,
      archived_at: '2026-11-01T20:00:00.000Z',
      archived_by: 'job:housekeeping',
    },
  ],
};

const rowOf = (key: string) => document.querySelector<HTMLElement>(`tr[data-row-key="${key}"]`)!;

describe('系统 › 历史归档', { timeout: 30_000 }, () => {
  it('shows the settings, each table’s partitions newest first, the non-empty default partition in red, and the archives', async () => {
    signedIn('risk');
    fakeApi({ 'GET /history': OVERVIEW });
    renderScreen(<HistoryPage />, { at: '/system/history' });
    await waitFor(() => expect(rowOf('ledger_entries_p202611')).toBeTruthy(), PATIENCE);

    // 设置: no archive directory, so the month past retention stays and the page says so.
    expect(screen.getByText('5 年（月份结束后）')).toBeTruthy();
    expect(screen.getByText('3 个月')).toBeTruthy();
    expect(screen.getByText('未设置：超过保留期的月份不会离开数据库')).toBeTruthy();
    expect(screen.getByTestId('history-due').textContent).toContain('1 个月份已超过保留期');
    expect(screen.getByText('资金流水 2021-11')).toBeTruthy();

    // 分区: months newest first with the estimate and the size; the empty default partition is plain.
    const ledger = screen.getByTestId('partitions-ledger_entries');
    const months = [...ledger.querySelectorAll('tbody tr[data-row-key]')].map((r) =>
      r.getAttribute('data-row-key'),
    );
    expect(months).toEqual([
      'ledger_entries_default',
      'ledger_entries_p202612',
      'ledger_entries_p202611',
      'ledger_entries_p202111',
    ]);
    expect(rowOf('ledger_entries_p202611').textContent).toContain('1,234,567');
    expect(rowOf('ledger_entries_p202611').textContent).toContain('5.2 MB');
    expect(rowOf('ledger_entries_p202612').textContent).toContain('8 KB');
    expect(rowOf('ledger_entries_default').className).not.toContain('history-default-rows');
    expect(within(ledger).queryByText('需运维处理')).toBeNull();

    const bets = screen.getByTestId('partitions-lottery_bets');
    expect(rowOf('lottery_bets_default').className).toContain('history-default-rows');
    expect(rowOf('lottery_bets_default').textContent).toContain('需运维处理');
    expect(rowOf('lottery_bets_default').textContent).toContain('7');
    expect(within(bets).getByRole('alert').textContent).toContain('默认分区有 7 行');

    // 已归档: the sum in 元, the file and its size, a shortened digest that copies in full.
    const archive = rowOf('3');
    expect(archive.textContent).toContain('2021-10');
    expect(archive.textContent).toContain('98,765');
    expect(archive.querySelector('.money')!.getAttribute('data-amount')).toBe('-12345.67');
    expect(archive.textContent).toContain('-12,345.67');
    expect(archive.textContent).toContain('ledger_entries/2021-10.ndjson.gz');
    expect(archive.textContent).toContain('2 MB');
    expect(archive.textContent).toContain('2026/11/02');
    expect(archive.textContent).toContain('job:housekeeping');
    const digest = screen.getByTestId('sha256-3');
    expect(digest.textContent).toContain(SHA.slice(0, 16));
    expect(digest.getAttribute('title')).toBe(SHA);
    expect(within(digest).getByRole('button')).toBeTruthy();
  });

  it('shows the archive directory and says due months will be archived when one is set', async () => {
    signedIn('admin');
    fakeApi({
      'GET /history': {
        ...OVERVIEW,
        settings: { ...OVERVIEW.settings, archive_dir: '/srv/history-archive' },
        archives: [],
      },
    });
    renderScreen(<HistoryPage />, { at: '/system/history' });
    expect(await screen.findByText('/srv/history-archive', {}, PATIENCE)).toBeTruthy();
    expect(screen.getByTestId('history-due').textContent).toContain('将在下次定时任务运行时归档');
    expect(screen.getByText('尚无归档')).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    signedIn('admin');
    fakeApi({ 'GET /history': refuse(403, '当前管理账号无权执行此操作') });
    renderScreen(<HistoryPage />, { at: '/system/history' });
    expect(await screen.findByText('当前管理账号无权执行此操作', {}, PATIENCE)).toBeTruthy();
  });
});
