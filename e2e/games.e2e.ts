import { describe, expect, it } from 'vitest';
import { fenFromDecimal, formatFen, formatYuan } from '@app/shared';
import { dismissHomeModal, login, toast, waitForRoute } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { memberApi } from './support/member-api.ts';
import { context, page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

// A provider answer slower than its time limit leaves a transfer pending until reconciliation
// (30 s): on a machine busy with the other tiers the demo provider is given the time it needs.
useBrowserSuite('games', { env: { GAME_PROVIDER_TIMEOUT_MS: '30000' } });

const wallet = (which: 'main' | 'game') => page.getByTestId(`wallet-${which}`).locator('.money');

describe('slot games', () => {
  it('opens the lobby, enters a slot with 100, spins, leaves and finds the balance back in the main wallet', async () => {
    await login(page, 'demo001', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);

    await page.goto('/#/gamelistPages/soltlist');
    await page.getByTestId('game-grid').waitFor();
    await expect.poll(() => wallet('main').textContent()).toBe('10,000.00');
    await expect.poll(() => wallet('game').textContent()).toBe('0.00');
    expect(await page.locator('.gm-card').count()).toBe(6);
    await screenshot(page, 'games-lobby');

    // Platform tab, type filter and search narrow the grid.
    await page.locator('.gm-platforms .adm-tabs-tab', { hasText: '星海捕鱼' }).click();
    await expect.poll(() => page.locator('.gm-card').count()).toBe(1);
    await page.locator('.gm-platforms .adm-tabs-tab', { hasText: '全部平台' }).click();
    await page.locator('.gm-types .adm-capsule-tabs-tab', { hasText: '电子' }).click();
    await expect.poll(() => page.locator('.gm-card').count()).toBe(3);
    await page.getByTestId('game-search').locator('input').fill('财神');
    await expect.poll(() => page.locator('.gm-card').count()).toBe(1);

    await page.getByTestId('game-jc_fortune').click();
    await page.getByTestId('enter-game').waitFor();
    // A minus sign is shown and refused, never dropped: nothing moves and the game stays shut.
    await page.getByTestId('enter-amount').locator('input').fill('-5');
    await expect.poll(() => page.getByTestId('enter-amount-error').textContent()).toBe('转入金额不能为负数');
    expect(await page.getByTestId('enter-amount').locator('input').inputValue()).toBe('-5');
    await screenshot(page, 'games-enter-negative');
    await page.getByTestId('enter-submit').click();
    await toast(page, '转入金额不能为负数').waitFor();
    expect(page.url()).toContain('/gamelistPages/soltlist');
    expect(await wallet('main').textContent()).toBe('10,000.00');
    await page.getByTestId('enter-amount').locator('input').fill('100');
    await screenshot(page, 'games-enter');
    await page.getByTestId('enter-submit').click();

    await waitForRoute(page, '/pages/game/game');
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect.poll(() => frame.getByTestId('game-balance').textContent()).toBe('100.00');
    await expect
      .poll(() => page.getByTestId('game-bar').locator('.money').first().textContent())
      .toBe('9,900.00');

    // Three spins of 2.00 (the default bet), each decided and recorded by the server.
    for (let i = 0; i < 3; i++) {
      const before = await frame.getByTestId('game-balance').textContent();
      await frame.getByTestId('slot-spin').click();
      await expect.poll(() => frame.getByTestId('slot-spin').isEnabled()).toBe(true);
      await expect.poll(() => frame.getByTestId('game-result').textContent()).not.toBe('…');
      expect(await frame.getByTestId('game-result').textContent()).toMatch(/赢得|未中奖/);
      expect(before).not.toBeNull();
    }
    const left = (await frame.getByTestId('game-balance').textContent())!;
    await expect
      .poll(() => page.locator('.gm-game-balance').textContent())
      .toBe(formatFen(fenFromDecimal(left)));
    await screenshot(page, 'games-slot');
    const rounds = await server.app.services.demoProvider.fetchRecords(0n, 100);
    expect(rounds.filter((r) => r.gameCode === 'jc_fortune')).toHaveLength(3);

    // Leaving sends everything back: out with 0. The toast is watched for from before the tap: the
    // transfer can answer, and its toast come and go, while the lobby is still loading.
    // One toast is on screen at a time: the page's 游戏余额 X 元已转回主钱包 or the balance push's
    // +X 余额变动, whichever comes last; both name the amount.
    const told = left !== '0.00' ? toast(page, left).waitFor() : null;
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/v1/game/ng/transfer') && r.request().method() === 'POST',
    );
    await page.locator('.gm-game-page .adm-nav-bar-back').click();
    await waitForRoute(page, '/gamelistPages/soltlist');
    expect((await (await answered).json()) as unknown).toMatchObject({
      code: 200,
      data: { type: 'out', status: 'completed', amount: formatFen(fenFromDecimal(left)) },
    });
    await told;
    const expectedMain = formatFen(990_000n + fenFromDecimal(left));
    await expect.poll(() => wallet('game').textContent()).toBe('0.00');
    await expect
      .poll(() => wallet('main').textContent())
      .toBe(expectedMain.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    await screenshot(page, 'games-back');

    await toast(page, /已转回主钱包/)
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
    // The records page is reached from "mine".
    await page.goto('/#/pages/mine/mine');
    await page.getByText('游戏记录').click();
    await waitForRoute(page, '/financePages/gamerecords');
    await expect.poll(() => page.getByTestId('game-record').count()).toBe(3);
    // The stats load beside the list: wait for them rather than read the placeholder.
    await expect.poll(() => page.getByTestId('game-stats').textContent()).toContain('6.00');
    await screenshot(page, 'games-records');
    expect(pageErrors).toEqual([]);
  });

  it('plays the fishing and dragon tiger games from the lobby', async () => {
    await login(page, 'demo002', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);
    for (const [code, action] of [
      ['xh_ocean', 'fish-clown'],
      ['hg_dragon_tiger', 'dt-deal'],
    ] as const) {
      await page.goto('/#/gamelistPages/soltlist');
      await page.getByTestId(`game-${code}`).click();
      await page.getByTestId('enter-amount').locator('input').fill('20');
      await page.getByTestId('enter-submit').click();
      await waitForRoute(page, '/pages/game/game');
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await expect.poll(() => frame.getByTestId('game-balance').textContent()).toBe('20.00');
      // The balance toast of the transfer covers the frame for 3 s.
      await toast(page, /转入游戏钱包/).waitFor({ state: 'hidden' });
      // The fish swim: a moving target never becomes "stable" for the click check.
      await frame.getByTestId(action).click({ force: action.startsWith('fish') });
      await expect.poll(() => frame.getByTestId('game-result').textContent()).toMatch(/捕获|未捕获|赢/);
      await screenshot(page, `games-${code}`);
      await page.locator('.gm-game-page .adm-nav-bar-back').click();
      await waitForRoute(page, '/gamelistPages/soltlist');
      await expect.poll(() => wallet('game').textContent()).toBe('0.00');
    }
    expect(pageErrors).toEqual([]);
  });

  it('brings the game wallet back when the app opens again after the game’s tab was closed', async () => {
    await login(page, 'demo002', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);
    const api = await memberApi(server, 'demo002', 'demo1234');
    type Balance = { main_balance: string; game_balance: string };
    const before = await api<Balance>('GET', '/v1/game/ng/balance');
    expect(before.game_balance).toBe('0.00');
    const funded = fenFromDecimal(before.main_balance);

    await page.goto('/#/gamelistPages/soltlist');
    await page.getByTestId('game-jc_fortune').click();
    await page.getByTestId('enter-amount').locator('input').fill('50');
    await page.getByTestId('enter-submit').click();
    await waitForRoute(page, '/pages/game/game');
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect.poll(() => frame.getByTestId('game-balance').textContent()).toBe('50.00');
    await toast(page, /转入游戏钱包/).waitFor({ state: 'hidden' });
    await frame.getByTestId('slot-spin').click();
    await expect.poll(() => frame.getByTestId('game-result').textContent()).toMatch(/赢得|未中奖/);
    const left = fenFromDecimal((await frame.getByTestId('game-balance').textContent())!);
    // The app dies with the game on screen (killed in the background, the phone switched off):
    // no pagehide, no automatic transfer-out, the money stays in the game wallet. (A tab closed
    // normally may still get its transfer-out through: the service worker finishes the request.)
    const cdp = await context.newCDPSession(page);
    const crashed = page.waitForEvent('crash');
    cdp.send('Page.crash').catch(() => undefined);
    await crashed;
    await page.close();
    expect(await api<Balance>('GET', '/v1/game/ng/balance')).toMatchObject({
      game_balance: formatFen(left),
      main_balance: formatFen(funded - 5_000n),
    });

    // The app opens again, on its home page: the game wallet comes straight back, and it says so.
    const again = await context.newPage();
    again.on('pageerror', (err) => pageErrors.push(err.message));
    // Every toast shown, kept (one toast replaces another, e.g. the balance push's +X 余额变动).
    await again.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
      new MutationObserver(() => {
        document.querySelectorAll('.adm-toast-main').forEach((el) => {
          const text = el.textContent ?? '';
          if (text && !seen.includes(text)) seen.push(text);
        });
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const said = `游戏余额 ${formatYuan(left)} 元已转回主钱包`;
    await again.goto('/#/pages/home/home');
    if (left > 0n)
      await expect
        .poll(() => again.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen))
        .toContain(said);
    await screenshot(again, 'games-recalled-on-open');
    expect(await api<Balance>('GET', '/v1/game/ng/balance')).toMatchObject({
      game_balance: '0.00',
      main_balance: formatFen(funded - 5_000n + left),
    });
    await again.goto('/#/gamelistPages/soltlist');
    await expect.poll(() => again.getByTestId('wallet-game').locator('.money').textContent()).toBe('0.00');
    await expect
      .poll(() => again.getByTestId('wallet-main').locator('.money').textContent())
      .toBe(formatYuan(funded - 5_000n + left));
    await screenshot(again, 'games-recalled-lobby');

    // Opened once more: nothing is left to bring back, nothing more moves.
    await again.reload();
    await again.getByTestId('wallet-main').waitFor();
    expect(await api<Balance>('GET', '/v1/game/ng/balance')).toMatchObject({
      game_balance: '0.00',
      main_balance: formatFen(funded - 5_000n + left),
    });
    expect(pageErrors).toEqual([]);
  });
});
