import {
  NOTICE_CATEGORY_LIST,
  type BannerView,
  type NoticeCategoryView,
  type NoticeDetail,
  type NoticeSummary,
} from '@app/shared';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/client.ts';
import { refuse } from '../../lib/errors.ts';
import * as repo from './content.repo.ts';
import { plainText } from './sanitize.ts';
import { pageOf, type PageArgs } from '../../lib/paging.ts';

const SUMMARY_CHARS = 60;
const categoryName = (id: number) => NOTICE_CATEGORY_LIST.find((c) => c.id === id)?.name ?? '公告';

export function toNoticeSummary(row: repo.NoticeRow): NoticeSummary {
  return {
    id: row.id,
    category_id: row.categoryId,
    category_name: categoryName(row.categoryId),
    title: row.title,
    summary: row.summary || plainText(row.content).slice(0, SUMMARY_CHARS),
    is_top: row.isTop,
    published_at: row.publishedAt.toISOString(),
  };
}

function toBanner(row: repo.BannerRow): BannerView {
  return {
    id: row.id,
    page_type: row.pageType,
    title: row.title,
    image_url: row.imageUrl,
    link_url: row.linkUrl,
    agent_id: row.agentId,
    sort: row.sort,
  };
}

export const windowOf = (args: PageArgs): repo.Window => ({
  offset: (args.page - 1) * args.per_page,
  limit: args.per_page,
});

/** Notices by category and banners by page type (SPEC.md §7 "Notices", "Banners"). */
export class NoticesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(filter: { categoryId?: number; keyword?: string }, args: PageArgs) {
    const { rows, total } = await repo.listNotices(this.db, this.clock.now(), filter, windowOf(args));
    return pageOf(rows.map(toNoticeSummary), total, args);
  }

  async hot(categoryId: number | undefined, limit: number): Promise<NoticeSummary[]> {
    const { rows } = await repo.listNotices(this.db, this.clock.now(), { categoryId }, { offset: 0, limit });
    return rows.map(toNoticeSummary);
  }

  async detail(id: number): Promise<NoticeDetail> {
    const row = await repo.findNotice(this.db, this.clock.now(), id);
    if (!row) throw refuse('content.notice_not_found');
    return { ...toNoticeSummary(row), content: row.content };
  }

  async categories(): Promise<NoticeCategoryView[]> {
    const counts = await repo.noticeCountsByCategory(this.db, this.clock.now());
    return NOTICE_CATEGORY_LIST.map((c) => ({
      id: c.id,
      key: c.key,
      name: c.name,
      count: counts.get(c.id) ?? 0,
    }));
  }

  async banners(pageType?: number): Promise<BannerView[]> {
    return (await repo.listBanners(this.db, this.clock.now(), pageType, null)).map(toBanner);
  }

  /**
   * Banners of a page for a visitor or member: the agent's own banners where that agent set some
   * for this page, otherwise the general ones.
   */
  async bannersForPage(pageType: number, agentId: number | null): Promise<BannerView[]> {
    if (agentId !== null) {
      const own = await repo.listBanners(this.db, this.clock.now(), pageType, agentId);
      if (own.length > 0) return own.map(toBanner);
    }
    return this.banners(pageType);
  }

  async banner(id: number): Promise<BannerView> {
    const row = await repo.findBanner(this.db, id);
    if (!row) throw refuse('content.banner_not_found');
    return toBanner(row);
  }
}
