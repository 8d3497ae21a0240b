import { describe, expect, it } from 'vitest';
import { dismissHomeModal, login, toast, waitForRoute } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

useBrowserSuite('content');

async function api<T>(path: string, token?: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return ((await res.json()) as { data: T }).data;
}

/** Every banner image on screen decoded (the SVGs are real images, not broken links). */
async function bannerImagesLoaded(testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((root) => {
    const images = Array.from(root.querySelectorAll<HTMLImageElement>('img'));
    return images.filter((img) => img.complete && img.naturalWidth > 0).length;
  });
}

async function loginDemo(): Promise<void> {
  await login(page, 'demo001', 'demo1234');
  await waitForRoute(page, '/pages/home/home');
  await dismissHomeModal(page);
}

describe('content', () => {
  it('shows a visitor the home banners and notices, and opens a notice', async () => {
    await page.goto('/#/pages/home/home');
    // The announcement from app info (index_modal + index_modal_images) opens once per launch.
    const modal = page.getByTestId('home-modal');
    await modal.waitFor();
    await expect
      .poll(() => modal.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, 'content-home-modal');
    await dismissHomeModal(page);
    const banners = page.getByTestId('banners-1');
    await banners.waitFor();
    await expect.poll(() => bannerImagesLoaded('banners-1')).toBeGreaterThanOrEqual(3);
    const bar = page.getByTestId('notice-bar-1');
    await bar.waitFor();
    const hot = await api<Array<{ id: number; title: string }>>('/v1/notices/hot?category_id=1&limit=5');
    expect(hot).toHaveLength(5);
    await expect.poll(() => bar.textContent()).toContain(hot[0]!.title);
    await page.getByTestId('home-experts').waitFor();
    await screenshot(page, 'content-home');

    // The marquee keeps moving, so the tap is dispatched rather than waiting for it to stand still.
    await bar.getByRole('button', { name: hot[0]!.title }).dispatchEvent('click');
    await waitForRoute(page, '/noticePages/detail');
    const detail = page.getByTestId('notice-detail');
    await detail.getByText(hot[0]!.title).waitFor();
    expect(await detail.locator('.rich-text p').count()).toBeGreaterThan(0);
    await screenshot(page, 'content-notice-detail');

    // The list by category, with search.
    await page.goto('/#/noticePages/list?category=4');
    const list = page.getByTestId('notice-list');
    await list.getByText('提现审核时间说明').waitFor();
    expect(await list.getByText('充值到账说明').count()).toBe(0);
    await screenshot(page, 'content-notice-list');
    expect(pageErrors).toEqual([]);
  });

  it("shows the betting notice on the betting page and an agent's member that agent's banners", async () => {
    await loginDemo();
    // demo001 belongs to agent AG8888, who set home banners of their own.
    const banners = page.getByTestId('banners-1');
    await banners.waitFor();
    await expect.poll(() => banners.locator('img[alt="金牌代理 专属福利"]').count()).toBe(1);
    expect(await banners.locator('img[alt="五大联赛 火热开售"]').count()).toBe(0);

    await page.goto('/#/betPages/football/index');
    const bar = page.getByTestId('notice-bar-2');
    await bar.waitFor();
    await expect.poll(() => bar.textContent()).toContain('串关投注规则说明');
    await screenshot(page, 'content-bet-notice');
  });

  it('opens an expert and shows the stats computed from their picks', async () => {
    await page.goto('/#/expertPages/ExpertList');
    const strip = page.getByTestId('expert-strip');
    await strip.waitFor();
    await page.getByTestId('expert-articles').getByTestId('expert-article-card').first().waitFor();
    await screenshot(page, 'content-expert-list');
    await strip.getByRole('button', { name: /老船长/ }).click();
    await waitForRoute(page, '/expertPages/ExpertDetail');
    const id = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
    const stats = await api<{ win_rate: number; current_streak: number; won: number; lost: number }>(
      `/v1/experts/${id}/stats`,
    );
    expect(stats.win_rate).toBe(81);
    const panel = page.getByTestId('expert-stats');
    await panel.waitFor();
    await expect.poll(() => panel.textContent()).toContain(`${stats.win_rate}%胜率`);
    expect(await panel.textContent()).toContain(`${stats.won}红${stats.lost}黑`);
    await page.getByTestId('expert-article-card').first().waitFor();
    await screenshot(page, 'content-expert-detail');
  });

  it('likes an article: the count changes and the state survives a reload', async () => {
    await loginDemo();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const [article] = await api<Array<{ id: number; title: string }>>(
      '/v1/expert-articles/recommended?limit=1',
    );
    const before = await api<{ liked: boolean; like_count: number }>(
      `/v1/expert-articles/${article!.id}/like-status`,
      JSON.parse(token!) as string,
    );
    expect(before.liked).toBe(false);

    await page.goto(`/#/expertPages/NewExpertDetail?id=${article!.id}`);
    await page.getByTestId('expert-article').getByText(article!.title).waitFor();
    const count = page.getByTestId('like-count');
    await expect.poll(() => count.textContent()).toBe(String(before.like_count));
    await page.getByTestId('like-button').click();
    await expect.poll(() => count.textContent()).toBe(String(before.like_count + 1));
    await expect.poll(() => page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('favorite-button').click();
    await expect.poll(() => page.getByTestId('favorite-button').getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await page.getByTestId('expert-article').waitFor();
    await expect.poll(() => page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => count.textContent()).toBe(String(before.like_count + 1));
    await screenshot(page, 'content-article-liked');

    // Unlike brings the count back.
    await page.getByTestId('like-button').click();
    await expect.poll(() => count.textContent()).toBe(String(before.like_count));
  });

  it('reads lottery articles by category and search, and the promotion page', async () => {
    await page.goto('/#/expertPages/ExpertList?tab=lottery');
    const list = page.getByTestId('lottery-articles');
    await list.getByTestId('lottery-article-card').first().waitFor();
    await page.locator('.expert-chips').getByRole('button', { name: '开奖公平' }).click();
    await list.getByText('开奖号码如何验证？三步读懂承诺-揭示机制').waitFor();
    await expect.poll(() => list.getByTestId('lottery-article-card').count()).toBe(2);
    await screenshot(page, 'content-lottery-articles');
    await page.getByPlaceholder('搜索彩票资讯').fill('PK10');
    await list.getByText('PK10 冠亚和玩法说明').waitFor();
    await expect.poll(() => list.getByTestId('lottery-article-card').count()).toBe(1);
    await list.getByText('PK10 冠亚和玩法说明').click();
    await waitForRoute(page, '/expertPages/LotteryArticleDetail');
    await page.getByTestId('lottery-article').getByText('冠亚和大（12-19）', { exact: false }).waitFor();

    await page.goto('/#/pages/expert/promotion-expert');
    const experts = page.getByTestId('promo-experts');
    await experts.getByTestId('expert-card').first().waitFor();
    const promoted = await api<{ total: number }>('/v1/promo/experts');
    expect(await experts.getByTestId('expert-card').count()).toBe(promoted.total);
    await screenshot(page, 'content-promotion-expert');
    await experts.getByTestId('expert-card').first().click();
    await waitForRoute(page, '/expertPages/ExpertDetail');
    await page.getByTestId('expert-stats').waitFor();
  });

  it('hides banners, notices and experts when the operator switches them off', async () => {
    await server.app.services.appConfig.updateConfig({
      banner_enabled: false,
      notice_enabled: false,
      nav_expert_enabled: false,
    });
    try {
      await page.goto('/#/pages/home/home');
      await dismissHomeModal(page);
      await page.getByTestId('game-categories').waitFor();
      // Absence is only meaningful once every request of the home has answered.
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('banners-1').count()).toBe(0);
      expect(await page.getByTestId('notice-bar-1').count()).toBe(0);
      expect(await page.getByTestId('home-experts').count()).toBe(0);
      expect(await page.getByTestId('game-categories').getByText('专家推荐').count()).toBe(0);
    } finally {
      await server.app.services.appConfig.updateConfig({
        banner_enabled: true,
        notice_enabled: true,
        nav_expert_enabled: true,
      });
    }
  });

  it('asks a visitor to log in before liking', async () => {
    const [article] = await api<Array<{ id: number }>>('/v1/expert-articles/hot?limit=1');
    await page.goto(`/#/expertPages/NewExpertDetail?id=${article!.id}`);
    await page.getByTestId('like-button').click();
    await toast(page, '请先登录').waitFor();
    await waitForRoute(page, '/pages/login/login');
  });

  it('lists the developer tools only in developer mode, then uploads the client log buffer from the log page', async () => {
    await loginDemo();
    // A member sees no developer tools: not in 设置, not in 我的, no upload or clear on the log page.
    await page.goto('/#/minePages/setApp');
    await page.getByTestId('app-version').waitFor();
    expect(await page.getByTestId('debug-tools').count()).toBe(0);
    expect(await page.getByText('日志管理').count()).toBe(0);
    await page.goto('/#/pages/mine/mine');
    await page.getByText('服务与设置').waitFor();
    expect(await page.getByText('日志管理').count()).toBe(0);
    await page.goto('/#/pages/logs/logs');
    await page.getByText('客户端日志').waitFor();
    expect(await page.getByTestId('server-logs').count()).toBe(0);
    expect(await page.getByRole('button', { name: '清空' }).count()).toBe(0);

    // Seven taps on the version switch developer mode on (this is not APP_ENV=production).
    await page.goto('/#/minePages/setApp');
    for (let i = 0; i < 7; i++) await page.getByTestId('app-version').click();
    await toast(page, '已开启开发者模式').waitFor();
    const tools = page.getByTestId('debug-tools');
    await tools.getByText('WebSocket 测试').waitFor();
    await screenshot(page, 'settings-developer-mode');
    await tools.getByText('日志管理').click();
    await waitForRoute(page, '/pages/logs/logs');
    const card = page.getByTestId('server-logs');
    await card.waitFor();
    await expect.poll(() => page.getByTestId('server-log-total').textContent()).toBe('0');
    await card.getByRole('button', { name: '上传日志' }).click();
    await toast(page, /已上传 \d+ 条日志/).waitFor();
    await expect
      .poll(async () => Number(await page.getByTestId('server-log-total').textContent()))
      .toBeGreaterThan(0);
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('token')))!) as string;
    const stored = await api<{ list: Array<{ category: string; message: string; platform: string }> }>(
      '/v1/logs?category=app',
      token,
    );
    expect(stored.list.some((l) => l.message === '应用启动' && l.platform === 'h5')).toBe(true);
    await screenshot(page, 'content-logs-uploaded');
  });
});
