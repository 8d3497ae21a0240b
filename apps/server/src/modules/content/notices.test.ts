import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedContent } from '../../seed/content.ts';
import * as accountsRepo from '../accounts/accounts.repo.ts';
import { as, body, createTestApp, newMember, type TestApp, type TestMember } from '../../test/harness.ts';
import { banners, notices } from './content.table.ts';

type Page<T> = { list: T[]; total: number; page: number; per_page: number; has_more: boolean };
type Notice = { id: number; category_id: number; title: string; is_top: boolean; content?: string };
type Banner = { id: number; page_type: number; agent_id: number | null; image_url: string; title: string };

let t: TestApp;
let agent: TestMember;
let agentMember: TestMember;
let visitorMember: TestMember;

const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  agent = await newMember(t.app);
  await accountsRepo.updateMember(t.database.db, agent.id, { isAgent: 1, agentCode: `AG${agent.id}` });
  agentMember = await newMember(t.app, { agent_code: `AG${agent.id}` }, '/v1/agent/register');
  visitorMember = await newMember(t.app);
  await seedContent(t.database.db, { agentId: agent.id, now: t.app.services.clock.now() });
  // This agent's own home banners (the seed may have run for another agent on a shared database).
  await t.database.db.insert(banners).values([
    { pageType: 1, title: '代理专属一', imageUrl: '/a1.svg', agentId: agent.id, sort: 2 },
    { pageType: 1, title: '代理专属二', imageUrl: '/a2.svg', agentId: agent.id, sort: 1 },
  ]);
});
afterAll(() => t.close());

describe('notices', () => {
  it('lists notices of one category, pinned first, paginated', async () => {
    const res = await get('/v1/notices?category_id=1&per_page=2');
    expect(res.statusCode).toBe(200);
    const page = body<Page<Notice>>(res).data;
    expect(page.list).toHaveLength(2);
    expect(page.list.every((n) => n.category_id === 1)).toBe(true);
    expect(page.list[0]!.is_top).toBe(true);
    expect(page.has_more).toBe(true);
    const next = body<Page<Notice>>(await get('/v1/notices?category_id=1&per_page=2&page=2')).data;
    expect(next.list.map((n) => n.id)).not.toContain(page.list[0]!.id);
  });

  it('answers hot notices: 3 by default, as many as asked up to the limit', async () => {
    const three = body<Notice[]>(await get('/v1/notices/hot?category_id=1')).data;
    expect(three).toHaveLength(3);
    const five = body<Notice[]>(await get('/v1/notices/hot?category_id=1&limit=5')).data;
    expect(five).toHaveLength(5);
    expect(five[0]!.is_top).toBe(true);
    const betting = body<Notice[]>(await get('/v1/notices/hot?category_id=2')).data;
    expect(betting.length).toBeGreaterThan(0);
    expect(betting.every((n) => n.category_id === 2)).toBe(true);
  });

  it('counts notices per category', async () => {
    const cats = body<Array<{ id: number; name: string; count: number }>>(
      await get('/v1/notices/categories'),
    ).data;
    expect(cats.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(cats.map((c) => c.name)).toEqual(['首页公告', '投注公告', '充值公告', '提现公告']);
    const total = body<Page<Notice>>(await get('/v1/notices')).data.total;
    expect(cats.reduce((s, c) => s + c.count, 0)).toBe(total);
  });

  it('lists a category by path and finds notices by keyword', async () => {
    const withdraw = body<Page<Notice>>(await get('/v1/notices/category/4')).data;
    expect(withdraw.total).toBeGreaterThan(0);
    expect(withdraw.list.every((n) => n.category_id === 4)).toBe(true);
    const found = body<Page<Notice>>(
      await get(`/v1/notices/search?keyword=${encodeURIComponent('USDT')}`),
    ).data;
    expect(found.list.length).toBeGreaterThan(0);
    expect(found.list.every((n) => n.title.includes('USDT') || n.category_id === 3)).toBe(true);
    const none = body<Page<Notice>>(await get(`/v1/notices/search?keyword=${encodeURIComponent('%_')}`)).data;
    expect(none.total).toBe(0);
  });

  it('shows a notice with its sanitised content', async () => {
    const [first] = body<Notice[]>(await get('/v1/notices/hot?category_id=3&limit=1')).data;
    const detail = body<Notice>(await get(`/v1/notices/${first!.id}`)).data;
    expect(detail.content).toContain('<p>');
    expect(detail.category_id).toBe(3);
  });

  it('hides disabled notices and answers 404', async () => {
    const [row] = await t.database.db
      .insert(notices)
      .values({ categoryId: 1, title: '已下线公告', content: '<p>x</p>', enabled: false })
      .returning();
    const res = await get(`/v1/notices/${row!.id}`);
    expect(res.statusCode).toBe(404);
    expect(body(res).message).toBe('公告不存在或已下线');
    expect(await get('/v1/notices/99999999').then((r) => r.statusCode)).toBe(404);
  });

  it('refuses bad input with a Chinese message', async () => {
    for (const url of [
      '/v1/notices?category_id=5',
      '/v1/notices?category_id=abc',
      '/v1/notices/hot?limit=0',
      '/v1/notices/hot?limit=21',
      '/v1/notices/category/0',
      '/v1/notices/search',
      '/v1/notices/search?keyword=%20',
      `/v1/notices/search?keyword=${'长'.repeat(51)}`,
      '/v1/notices/abc',
      '/v1/notices/99999999999',
      '/v1/notices?page=-1',
      '/v1/notices?per_page=1000',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message, url).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('banners', () => {
  it('lists general banners by page type with real images', async () => {
    const home = body<Banner[]>(await get('/v1/banners?page_type=1')).data;
    expect(home.length).toBe(3);
    expect(home.every((b) => b.page_type === 1 && b.agent_id === null)).toBe(true);
    expect(home[0]!.image_url).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(home[0]!.image_url.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(svg).toContain(home[0]!.title.split(' ')[0]);
    const all = body<Banner[]>(await get('/v1/banners')).data;
    expect(new Set(all.map((b) => b.page_type))).toEqual(new Set([1, 2, 3]));
  });

  it("shows an agent's members that agent's banners, others the general ones", async () => {
    const mine = body<Banner[]>(
      await as(t.app, agentMember, { method: 'GET', url: '/v1/banners/page-type?page_type=1' }),
    ).data;
    expect(mine.map((b) => b.title)).toEqual(expect.arrayContaining(['代理专属一', '代理专属二']));
    expect(mine.every((b) => b.agent_id === agent.id)).toBe(true);
    const other = body<Banner[]>(
      await as(t.app, visitorMember, { method: 'GET', url: '/v1/banners/page-type?page_type=1' }),
    ).data;
    expect(other.every((b) => b.agent_id === null)).toBe(true);
    expect(body<Banner[]>(await get('/v1/banners/page-type?page_type=1')).data).toEqual(other);
    const byParam = body<Banner[]>(await get(`/v1/banners/page-type?page_type=1&agent_id=${agent.id}`)).data;
    expect(byParam.map((b) => b.id)).toEqual(mine.map((b) => b.id));
    // Where the agent set nothing (sports page), the general banners show.
    const sports = body<Banner[]>(
      await as(t.app, agentMember, { method: 'GET', url: '/v1/banners/page-type?page_type=2' }),
    ).data;
    expect(sports.length).toBe(2);
    expect(sports.every((b) => b.agent_id === null)).toBe(true);
  });

  it('hides expired banners', async () => {
    const [row] = await t.database.db
      .insert(banners)
      .values({
        pageType: 3,
        title: '过期活动',
        imageUrl: '/x.svg',
        endsAt: new Date(t.app.services.clock.now().getTime() - 1000),
      })
      .returning();
    const list = body<Banner[]>(await get('/v1/banners?page_type=3')).data;
    expect(list.map((b) => b.id)).not.toContain(row!.id);
    await t.database.db.delete(banners).where(eq(banners.id, row!.id));
  });

  it('shows one banner and answers 404 for an unknown one', async () => {
    const [first] = body<Banner[]>(await get('/v1/banners?page_type=2')).data;
    expect(body<Banner>(await get(`/v1/banners/${first!.id}`)).data.title).toBe(first!.title);
    expect((await get('/v1/banners/99999999')).statusCode).toBe(404);
  });

  it('refuses bad input', async () => {
    for (const url of [
      '/v1/banners?page_type=4',
      '/v1/banners/page-type',
      '/v1/banners/page-type?page_type=1&agent_id=-3',
      '/v1/banners/page-type?page_type=x',
      '/v1/banners/0',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message, url).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
