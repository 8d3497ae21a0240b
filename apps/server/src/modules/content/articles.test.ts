import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedContent } from '../../seed/content.ts';
import { as, body, createTestApp, newMember, type TestApp, type TestMember } from '../../test/harness.ts';
import { expertArticles, experts } from './content.table.ts';

type Page<T> = { list: T[]; total: number; page: number; per_page: number; has_more: boolean };
type Stats = {
  total_picks: number;
  won: number;
  lost: number;
  pending: number;
  win_rate: number;
  current_streak: number;
  best_streak: number;
  recent: string[];
};
type Expert = {
  id: number;
  name: string;
  promoted: boolean;
  category_id: number;
  article_count: number;
  stats: Stats;
};
type Article = {
  id: number;
  expert_id: number;
  like_count: number;
  favorite_count: number;
  views: number;
  is_hot: boolean;
  is_recommended: boolean;
  pick: { result: string } | null;
  content?: string;
};
type LotteryArticle = { id: number; category_id: number; title: string; is_hot: boolean; content?: string };

let t: TestApp;
let alice: TestMember;
let bob: TestMember;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  alice = await newMember(t.app);
  bob = await newMember(t.app);
  await seedContent(t.database.db, { now: t.app.services.clock.now() });
});
afterAll(() => t.close());

async function firstArticle(): Promise<Article> {
  return body<Page<Article>>(await get('/v1/expert-articles?per_page=1')).data.list[0]!;
}

describe('experts', () => {
  it('lists categories with expert counts and experts with stats', async () => {
    const cats = body<Array<{ id: number; name: string; expert_count: number }>>(
      await get('/v1/expert-categories'),
    ).data;
    expect(cats.map((c) => c.name)).toEqual(['足球专家', '篮球专家', '彩票专家']);
    expect(cats[0]!.expert_count).toBe(4);
    const page = body<Page<Expert>>(await get(`/v1/experts?category_id=${cats[0]!.id}`)).data;
    expect(page.total).toBe(4);
    expect(page.list.every((e) => e.category_id === cats[0]!.id)).toBe(true);
  });

  it("computes an expert's stats from their pick rows", async () => {
    const page = body<Page<Expert>>(await get('/v1/experts?per_page=50')).data;
    const captain = page.list.find((e) => e.name === '老船长')!;
    // Seeded record WWLWWWLWWWWP (oldest first).
    const stats = body<Stats>(await get(`/v1/experts/${captain.id}/stats`)).data;
    expect(stats).toMatchObject({
      won: 9,
      lost: 2,
      pending: 1,
      total_picks: 12,
      win_rate: 81,
      current_streak: 4,
      best_streak: 4,
    });
    expect(stats.recent.slice(0, 4)).toEqual(['won', 'won', 'won', 'won']);

    // Settling the pending pick as lost changes the computed numbers at once.
    const [pending] = await t.database.db
      .select()
      .from(expertArticles)
      .where(eq(expertArticles.expertId, captain.id));
    const rows = await t.database.db
      .select()
      .from(expertArticles)
      .where(eq(expertArticles.expertId, captain.id));
    const open = rows.find((r) => r.pickResult === 'pending')!;
    expect(pending).toBeDefined();
    await t.database.db
      .update(expertArticles)
      .set({ pickResult: 'lost' })
      .where(eq(expertArticles.id, open.id));
    const after = body<Stats>(await get(`/v1/experts/${captain.id}/stats`)).data;
    expect(after).toMatchObject({ won: 9, lost: 3, pending: 0, win_rate: 75, current_streak: 0 });
    await t.database.db
      .update(expertArticles)
      .set({ pickResult: 'pending' })
      .where(eq(expertArticles.id, open.id));

    const detail = body<Expert>(await get(`/v1/experts/${captain.id}`)).data;
    expect(detail.stats).toEqual(stats);
    expect(detail.article_count).toBe(13);
  });

  it('answers 404 for unknown or disabled experts and 400 for bad ids', async () => {
    expect((await get('/v1/experts/99999999')).statusCode).toBe(404);
    expect(body(await get('/v1/experts/99999999/stats')).message).toBe('专家不存在');
    const [category] = body<Array<{ id: number }>>(await get('/v1/expert-categories')).data;
    const [hidden] = await t.database.db
      .insert(experts)
      .values({ categoryId: category!.id, name: '已停用', avatar: '', enabled: false })
      .returning();
    expect((await get(`/v1/experts/${hidden!.id}`)).statusCode).toBe(404);
    for (const url of [
      '/v1/experts/abc',
      '/v1/experts/-1/stats',
      '/v1/expert-articles/99999999999',
      '/v1/lottery-articles/2147483648',
      '/v1/experts?category_id=x',
      '/v1/experts?per_page=51',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('expert articles', () => {
  it('lists by expert, hot (most read first) and recommended', async () => {
    const expert = body<Page<Expert>>(await get('/v1/experts?per_page=1')).data.list[0]!;
    const mine = body<Page<Article>>(
      await get(`/v1/expert-articles?expert_id=${expert.id}&per_page=50`),
    ).data;
    expect(mine.total).toBe(expert.article_count);
    expect(mine.list.every((a) => a.expert_id === expert.id)).toBe(true);
    const hot = body<Article[]>(await get('/v1/expert-articles/hot?limit=5')).data;
    expect(hot.length).toBe(5);
    expect(hot.every((a) => a.is_hot)).toBe(true);
    expect(hot.map((a) => a.views)).toEqual([...hot.map((a) => a.views)].sort((a, b) => b - a));
    const recommended = body<Article[]>(await get('/v1/expert-articles/recommended')).data;
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended.every((a) => a.is_recommended)).toBe(true);
  });

  it('shows an article with sanitised content and its pick', async () => {
    const a = await firstArticle();
    const detail = body<Article>(await get(`/v1/expert-articles/${a.id}`)).data;
    expect(detail.content).toContain('<p>');
    expect(detail.content).not.toMatch(/<script|onerror/i);
    expect((await get('/v1/expert-articles/99999999')).statusCode).toBe(404);
  });

  it('counts likes once per member, idempotently, and keeps them per member', async () => {
    const a = await firstArticle();
    const like = (m: TestMember, method: 'POST' | 'DELETE') =>
      as(t.app, m, { method, url: `/v1/expert-articles/${a.id}/like` });
    const status = async (m: TestMember) =>
      body<{ liked: boolean; like_count: number }>(
        await as(t.app, m, { method: 'GET', url: `/v1/expert-articles/${a.id}/like-status` }),
      ).data;

    expect(await status(alice)).toEqual({ liked: false, like_count: 0 });
    expect(body(await like(alice, 'POST')).data).toEqual({ liked: true, like_count: 1 });
    expect(body(await like(alice, 'POST')).data).toEqual({ liked: true, like_count: 1 });
    await Promise.all([like(alice, 'POST'), like(alice, 'POST'), like(alice, 'POST')]);
    expect(await status(alice)).toEqual({ liked: true, like_count: 1 });
    // Bob sees the count but not as his own like.
    expect(await status(bob)).toEqual({ liked: false, like_count: 1 });
    expect(body(await like(bob, 'POST')).data).toEqual({ liked: true, like_count: 2 });
    // Bob's unlike removes only his.
    expect(body(await like(bob, 'DELETE')).data).toEqual({ liked: false, like_count: 1 });
    expect(body(await like(bob, 'DELETE')).data).toEqual({ liked: false, like_count: 1 });
    expect(await status(alice)).toEqual({ liked: true, like_count: 1 });
    expect(body<Article>(await get(`/v1/expert-articles/${a.id}`)).data.like_count).toBe(1);
    expect(body(await like(alice, 'DELETE')).data).toEqual({ liked: false, like_count: 0 });
  });

  it('favourites work the same way', async () => {
    const a = await firstArticle();
    const url = `/v1/expert-articles/${a.id}/favorite`;
    expect(body(await as(t.app, alice, { method: 'POST', url })).data).toEqual({
      favorited: true,
      favorite_count: 1,
    });
    expect(body(await as(t.app, alice, { method: 'POST', url })).data).toEqual({
      favorited: true,
      favorite_count: 1,
    });
    expect(
      body(await as(t.app, bob, { method: 'GET', url: `/v1/expert-articles/${a.id}/favorite-status` })).data,
    ).toEqual({ favorited: false, favorite_count: 1 });
    expect(body(await as(t.app, bob, { method: 'DELETE', url })).data).toEqual({
      favorited: false,
      favorite_count: 1,
    });
    expect(body(await as(t.app, alice, { method: 'DELETE', url })).data).toEqual({
      favorited: false,
      favorite_count: 0,
    });
  });

  it('needs a member for likes and favourites, and a real article', async () => {
    const a = await firstArticle();
    for (const [method, path] of [
      ['POST', 'like'],
      ['DELETE', 'like'],
      ['GET', 'like-status'],
      ['POST', 'favorite'],
      ['GET', 'favorite-status'],
    ] as const) {
      const res = await t.app.inject({ method, url: `/v1/expert-articles/${a.id}/${path}` });
      expect(res.statusCode, path).toBe(401);
    }
    const missing = await as(t.app, alice, { method: 'POST', url: '/v1/expert-articles/99999999/like' });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('文章不存在或已下线');
    expect((await as(t.app, alice, { method: 'POST', url: '/v1/expert-articles/abc/like' })).statusCode).toBe(
      400,
    );
    expect(
      (await as(t.app, alice, { method: 'GET', url: '/v1/expert-articles/0/like-status' })).statusCode,
    ).toBe(400);
  });

  it('increments views one by one', async () => {
    const a = await firstArticle();
    const before = body<Article>(await get(`/v1/expert-articles/${a.id}`)).data.views;
    const url = `/v1/expert-articles/${a.id}/increment-views`;
    await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url })));
    expect(body<{ views: number }>(await t.app.inject({ method: 'POST', url })).data.views).toBe(before + 4);
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/expert-articles/99999999/increment-views' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('lottery articles', () => {
  it('lists categories, category articles, hot, recommended and search', async () => {
    const cats = body<Array<{ id: number; name: string; article_count: number }>>(
      await get('/v1/lottery-categories'),
    ).data;
    expect(cats.map((c) => c.name)).toEqual(['玩法攻略', '开奖公平', '走势分析', '行业资讯']);
    const one = body<{ id: number; article_count: number }>(
      await get(`/v1/lottery-categories/${cats[0]!.id}`),
    ).data;
    expect(one.article_count).toBe(3);
    const inCat = body<Page<LotteryArticle>>(
      await get(`/v1/lottery-categories/${cats[0]!.id}/articles`),
    ).data;
    expect(inCat.total).toBe(3);
    expect(inCat.list.every((a) => a.category_id === cats[0]!.id)).toBe(true);
    expect(
      body<Page<LotteryArticle>>(await get(`/v1/lottery-articles?category_id=${cats[1]!.id}`)).data.total,
    ).toBe(2);
    const hot = body<LotteryArticle[]>(await get('/v1/lottery-articles/hot')).data;
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.every((a) => a.is_hot)).toBe(true);
    expect(body<LotteryArticle[]>(await get('/v1/lottery-articles/recommended?limit=2')).data).toHaveLength(
      2,
    );
    const found = body<Page<LotteryArticle>>(
      await get(`/v1/lottery-articles/search?keyword=${encodeURIComponent('快三')}`),
    ).data;
    expect(found.total).toBeGreaterThan(0);
    const detail = body<LotteryArticle>(await get(`/v1/lottery-articles/${found.list[0]!.id}`)).data;
    expect(detail.content).toBeTruthy();
    expect(
      body<{ views: number }>(
        await t.app.inject({ method: 'POST', url: `/v1/lottery-articles/${detail.id}/increment-views` }),
      ).data.views,
    ).toBeGreaterThan(0);
  });

  it('answers 404 and 400 where it should', async () => {
    expect((await get('/v1/lottery-categories/99999999')).statusCode).toBe(404);
    expect((await get('/v1/lottery-categories/99999999/articles')).statusCode).toBe(404);
    expect((await get('/v1/lottery-articles/99999999')).statusCode).toBe(404);
    for (const url of [
      '/v1/lottery-articles/search',
      '/v1/lottery-articles/hot?limit=100',
      '/v1/lottery-articles?category_id=-1',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});

describe('promo variants', () => {
  it('serve only promoted experts and their articles, and promoted lottery articles', async () => {
    const promoExperts = body<Page<Expert>>(await get('/v1/promo/experts?per_page=50')).data;
    expect(promoExperts.total).toBe(4);
    expect(promoExperts.list.every((e) => e.promoted)).toBe(true);
    const ids = new Set(promoExperts.list.map((e) => e.id));
    const articles = body<Page<Article>>(await get('/v1/promo/expert-articles?per_page=50')).data;
    expect(articles.total).toBeGreaterThan(0);
    expect(articles.list.every((a) => ids.has(a.expert_id))).toBe(true);
    const hot = body<Article[]>(await get('/v1/promo/expert-articles/hot')).data;
    expect(hot.every((a) => ids.has(a.expert_id))).toBe(true);

    const all = body<Page<Expert>>(await get('/v1/experts?per_page=50')).data;
    const plain = all.list.find((e) => !e.promoted)!;
    expect((await get(`/v1/promo/experts/${plain.id}`)).statusCode).toBe(404);
    expect((await get(`/v1/promo/experts/${[...ids][0]}/stats`)).statusCode).toBe(200);
    const plainArticle = body<Page<Article>>(
      await get(`/v1/expert-articles?expert_id=${plain.id}&per_page=1`),
    ).data.list[0]!;
    expect((await get(`/v1/promo/expert-articles/${plainArticle.id}`)).statusCode).toBe(404);

    const promoLottery = body<Page<LotteryArticle>>(await get('/v1/promo/lottery-articles')).data;
    expect(promoLottery.total).toBe(3);
  });
});
