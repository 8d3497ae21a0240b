import type { PublicCache } from '../../lib/public-cache.ts';
import { randomUUID } from 'node:crypto';
import type { AppConfig as AppConfigValues, AppInfo } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { findMemberById } from '../accounts/index.ts';
import type { AppConfigService } from '../app-config/index.ts';
import { sanitizeRichText } from './sanitize.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import { findMemberIdByName } from '../accounts/index.ts';
import * as repo from './admin.repo.ts';
import { lockSetting, writeSetting } from '../app-config/index.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const at = (s: string | null | undefined) => (s ? new Date(s) : null);
type Paging = {
  page: number;
  per_page: number;
  keyword?: string | undefined;
  category_id?: number | undefined;
  enabled?: 'true' | 'false' | undefined;
};
const filterOf = (q: Paging): repo.ContentFilter => ({
  page: q.page,
  per_page: q.per_page,
  keyword: q.keyword,
  category_id: q.category_id,
  enabled: q.enabled === undefined ? undefined : q.enabled === 'true',
});

type NoticeRow = repo.ContentRow<'notice'>;
type BannerRow = repo.ContentRow<'banner'>;
type ExpertRow = repo.ContentRow<'expert'>;
type ExpertArticleRow = repo.ContentRow<'expert_article'>;
type CategoryRow = repo.ContentRow<'lottery_category'>;
type LotteryArticleRow = repo.ContentRow<'lottery_article'>;
type ActivityRow = repo.ContentRow<'activity'>;

const noticeItem = (r: NoticeRow) => ({
  id: r.id,
  category_id: r.categoryId,
  title: r.title,
  summary: r.summary,
  content: r.content,
  is_top: r.isTop,
  sort: r.sort,
  enabled: r.enabled,
  published_at: r.publishedAt.toISOString(),
});
const bannerItem = (r: BannerRow) => ({
  id: r.id,
  page_type: r.pageType,
  title: r.title,
  image_url: r.imageUrl,
  link_url: r.linkUrl,
  agent_id: r.agentId,
  sort: r.sort,
  enabled: r.enabled,
  starts_at: iso(r.startsAt),
  ends_at: iso(r.endsAt),
});
const expertItem = (r: ExpertRow) => ({
  id: r.id,
  category_id: r.categoryId,
  name: r.name,
  avatar: r.avatar,
  title: r.title,
  intro: r.intro,
  promoted: r.promoted,
  enabled: r.enabled,
  sort: r.sort,
  member_id: r.memberId,
});
const categoryItem = (r: CategoryRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  sort: r.sort,
});

/** Where a change is written in the audit log: the fields that changed, before → after. */
function diff(before: Record<string, unknown> | null, after: Record<string, unknown>) {
  if (!before) return { before: null, after };
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * Content operators edit: notices, banners, activities, experts and their articles, lottery
 * articles and categories (rich text sanitised as the member side does), messages to members,
 * app config keys and app info. Every save is audited in its transaction and read by the member
 * app on its next request (nothing is cached between them).
 */
export class ContentAdminService {
  constructor(
    private readonly db: Db,
    /** The console's content lists (Core.reads); a save reads and writes the primary. */
    private readonly reads: Db,
    private readonly operators: OperatorsService,
    private readonly appConfig: AppConfigService,
    private readonly messages: MessagesService,
    private readonly clock: Clock,
    private readonly publicCache: Pick<PublicCache, 'invalidate'>,
  ) {}

  /** Insert or update one row of a content table, audited with the fields that changed. */
  private async save<K extends repo.ContentKind, I extends Record<string, unknown>>(
    kind: K,
    id: number | null,
    values: repo.ContentValues<K>,
    toItem: (row: repo.ContentRow<K>) => I,
    call: OperatorCall,
  ): Promise<I> {
    const saved = await inTransaction(this.db, async (work) => {
      let before: I | null = null;
      let row: repo.ContentRow<K>;
      if (id === null) {
        row = await repo.insertContent(work.tx, kind, values);
      } else {
        const current = await repo.lockContent(work.tx, kind, id);
        if (!current) throw refuse('content.not_found');
        before = toItem(current);
        row = await repo.updateContent(work.tx, kind, id, values);
      }
      const after = toItem(row);
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: `content.${kind}.${id === null ? 'create' : 'update'}`,
        targetType: kind,
        targetId: String(after.id),
        detail: diff(before, after),
        ip: call.ip,
      });
      return after;
    });
    // Committed: the public lists (notices, banners, articles …) are built again on next ask.
    this.publicCache.invalidate('content');
    return saved;
  }

  // ---- notices ----
  async notices(q: Paging) {
    const { rows, total } = await repo.pageContent(this.reads, 'notice', filterOf(q));
    return pageOf(rows.map(noticeItem), total, q);
  }
  saveNotice(
    id: number | null,
    b: {
      category_id: number;
      title: string;
      summary: string;
      content: string;
      is_top: boolean;
      sort: number;
      enabled: boolean;
    },
    call: OperatorCall,
  ) {
    return this.save(
      'notice',
      id,
      {
        categoryId: b.category_id,
        title: b.title,
        summary: b.summary,
        content: sanitizeRichText(b.content),
        isTop: b.is_top,
        sort: b.sort,
        enabled: b.enabled,
        ...(id === null ? { publishedAt: this.clock.now() } : {}),
      },
      noticeItem,
      call,
    );
  }

  // ---- banners ----
  async banners(q: Paging) {
    const { rows, total } = await repo.pageContent(this.reads, 'banner', filterOf(q));
    return pageOf(rows.map(bannerItem), total, q);
  }
  saveBanner(
    id: number | null,
    b: {
      page_type: number;
      title: string;
      image_url: string;
      link_url: string;
      agent_id: number | null;
      sort: number;
      enabled: boolean;
      starts_at?: string | null | undefined;
      ends_at?: string | null | undefined;
    },
    call: OperatorCall,
  ) {
    if (b.starts_at && b.ends_at && new Date(b.starts_at) >= new Date(b.ends_at))
      throw refuse('content.ends_before_start');
    return this.save(
      'banner',
      id,
      {
        pageType: b.page_type,
        title: b.title,
        imageUrl: b.image_url,
        linkUrl: b.link_url,
        agentId: b.agent_id,
        sort: b.sort,
        enabled: b.enabled,
        startsAt: at(b.starts_at),
        endsAt: at(b.ends_at),
      },
      bannerItem,
      call,
    );
  }

  // ---- activities ----
  async activities(q: Paging) {
    const [{ rows, total }, pending] = await Promise.all([
      repo.pageContent(this.reads, 'activity', filterOf(q)),
      repo.pendingApplicationsByActivity(this.reads),
    ]);
    return pageOf(
      rows.map((r) => this.activityItem(r, pending.get(r.id) ?? 0)),
      total,
      q,
    );
  }
  private activityItem(r: ActivityRow, pending = 0) {
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      summary: r.summary,
      category: r.category,
      rule: r.rule,
      image: r.image,
      auto_approve: r.autoApprove,
      turnover_multiple: r.turnoverMultiple,
      starts_at: r.startsAt.toISOString(),
      ends_at: iso(r.endsAt),
      enabled: r.enabled,
      sort: r.sort,
      pending_applications: pending,
    };
  }
  updateActivity(
    id: number,
    b: Partial<{
      title: string;
      summary: string;
      image: string;
      auto_approve: boolean;
      turnover_multiple: number;
      starts_at: string;
      ends_at: string | null;
      enabled: boolean;
      sort: number;
      content: string[];
      rules: string[];
    }>,
    call: OperatorCall,
  ) {
    return this.save(
      'activity',
      id,
      {
        ...(b.title !== undefined ? { title: b.title } : {}),
        ...(b.summary !== undefined ? { summary: b.summary } : {}),
        ...(b.image !== undefined ? { image: b.image } : {}),
        ...(b.auto_approve !== undefined ? { autoApprove: b.auto_approve } : {}),
        ...(b.turnover_multiple !== undefined ? { turnoverMultiple: b.turnover_multiple } : {}),
        ...(b.starts_at !== undefined ? { startsAt: new Date(b.starts_at) } : {}),
        ...(b.ends_at !== undefined ? { endsAt: at(b.ends_at) } : {}),
        ...(b.enabled !== undefined ? { enabled: b.enabled } : {}),
        ...(b.sort !== undefined ? { sort: b.sort } : {}),
        ...(b.content !== undefined ? { content: b.content } : {}),
        ...(b.rules !== undefined ? { rules: b.rules } : {}),
      },
      (r) => this.activityItem(r),
      call,
    );
  }

  // ---- experts and their articles ----
  async experts(q: Paging) {
    const { rows, total } = await repo.pageContent(this.reads, 'expert', filterOf(q));
    return pageOf(rows.map(expertItem), total, q);
  }
  async saveExpert(
    id: number | null,
    b: {
      category_id: number;
      name: string;
      avatar: string;
      title: string;
      intro: string;
      promoted: boolean;
      enabled: boolean;
      sort: number;
      member_id: number | null;
    },
    call: OperatorCall,
  ) {
    if (b.member_id !== null && !(await findMemberById(this.db, b.member_id)))
      throw refuse('content.expert_member_not_found');
    return this.save(
      'expert',
      id,
      {
        categoryId: b.category_id,
        name: b.name,
        avatar: b.avatar,
        title: b.title,
        intro: b.intro,
        promoted: b.promoted,
        enabled: b.enabled,
        sort: b.sort,
        memberId: b.member_id,
      },
      expertItem,
      call,
    );
  }
  async expertArticles(q: Paging) {
    const { rows, total } = await repo.pageContent(this.reads, 'expert_article', filterOf(q));
    const names = await repo.namesOf(this.reads, 'experts', [...new Set(rows.map((r) => r.expertId))]);
    return pageOf(
      rows.map((r) => this.expertArticleItem(r, names.get(r.expertId) ?? '')),
      total,
      q,
    );
  }
  private expertArticleItem(r: ExpertArticleRow, expertName: string) {
    return {
      id: r.id,
      expert_id: r.expertId,
      expert_name: expertName,
      title: r.title,
      summary: r.summary,
      content: r.content,
      cover: r.cover,
      is_hot: r.isHot,
      is_recommended: r.isRecommended,
      enabled: r.enabled,
      views: r.views,
      published_at: r.publishedAt.toISOString(),
    };
  }
  saveExpertArticle(
    id: number | null,
    b: {
      expert_id: number;
      title: string;
      summary: string;
      content: string;
      cover: string;
      is_hot: boolean;
      is_recommended: boolean;
      enabled: boolean;
    },
    call: OperatorCall,
  ) {
    return this.save(
      'expert_article',
      id,
      {
        expertId: b.expert_id,
        title: b.title,
        summary: b.summary,
        content: sanitizeRichText(b.content),
        cover: b.cover,
        isHot: b.is_hot,
        isRecommended: b.is_recommended,
        enabled: b.enabled,
        ...(id === null ? { publishedAt: this.clock.now() } : {}),
      },
      (r) => this.expertArticleItem(r, ''),
      call,
    );
  }

  // ---- lottery articles and their categories ----
  async lotteryCategories(q: Paging) {
    const { rows, total } = await repo.pageContent(this.reads, 'lottery_category', filterOf(q));
    return pageOf(rows.map(categoryItem), total, q);
  }
  saveLotteryCategory(
    id: number | null,
    b: { name: string; description: string; sort: number },
    call: OperatorCall,
  ) {
    return this.save(
      'lottery_category',
      id,
      { name: b.name, description: b.description, sort: b.sort },
      categoryItem,
      call,
    );
  }
  async lotteryArticles(q: Paging) {
    const { rows, total } = await repo.pageContent(this.reads, 'lottery_article', filterOf(q));
    const names = await repo.namesOf(this.reads, 'lottery_article_categories', [
      ...new Set(rows.map((r) => r.categoryId)),
    ]);
    return pageOf(
      rows.map((r) => this.lotteryArticleItem(r, names.get(r.categoryId) ?? '')),
      total,
      q,
    );
  }
  private lotteryArticleItem(r: LotteryArticleRow, categoryName: string) {
    return {
      id: r.id,
      category_id: r.categoryId,
      category_name: categoryName,
      title: r.title,
      summary: r.summary,
      content: r.content,
      author: r.author,
      cover: r.cover,
      is_hot: r.isHot,
      is_recommended: r.isRecommended,
      enabled: r.enabled,
      views: r.views,
      published_at: r.publishedAt.toISOString(),
    };
  }
  saveLotteryArticle(
    id: number | null,
    b: {
      category_id: number;
      title: string;
      summary: string;
      content: string;
      author: string;
      cover: string;
      is_hot: boolean;
      is_recommended: boolean;
      enabled: boolean;
    },
    call: OperatorCall,
  ) {
    return this.save(
      'lottery_article',
      id,
      {
        categoryId: b.category_id,
        title: b.title,
        summary: b.summary,
        content: sanitizeRichText(b.content),
        author: b.author,
        cover: b.cover,
        isHot: b.is_hot,
        isRecommended: b.is_recommended,
        enabled: b.enabled,
        ...(id === null ? { publishedAt: this.clock.now() } : {}),
      },
      (r) => this.lotteryArticleItem(r, ''),
      call,
    );
  }

  // ---- messages to members ----

  private async audience(b: {
    audience: 'member' | 'vip' | 'agent' | 'tag' | 'all';
    member?: string | undefined;
    vip_level?: number | undefined;
    agent?: string | undefined;
    tag?: string | undefined;
  }) {
    switch (b.audience) {
      case 'member': {
        const id = b.member ? await findMemberIdByName(this.db, b.member) : undefined;
        if (id === undefined) throw refuse('content.audience_member_not_found');
        return repo.audienceWhere({ memberId: id });
      }
      case 'vip':
        if (b.vip_level === undefined) throw refuse('content.audience_vip_missing');
        return repo.audienceWhere({ vipLevel: b.vip_level });
      case 'agent': {
        const id = b.agent ? await findMemberIdByName(this.db, b.agent) : undefined;
        if (id === undefined) throw refuse('content.audience_agent_not_found');
        return repo.audienceWhere({ agentId: id });
      }
      case 'tag':
        if (!b.tag) throw refuse('content.audience_tag_missing');
        return repo.audienceWhere({ tag: b.tag });
      case 'all':
        return repo.audienceWhere({});
    }
  }

  /** How many members a message would reach (the console says so before sending). */
  async previewBroadcast(b: Parameters<ContentAdminService['audience']>[0]) {
    return { recipients: await repo.countAudience(this.db, await this.audience(b)) };
  }

  /** Sends in batches of 1,000 members, one transaction each; the key makes a retry send nothing twice. */
  async broadcast(
    b: Parameters<ContentAdminService['audience']>[0] & { title: string; content: string },
    call: OperatorCall,
  ) {
    const where = await this.audience(b);
    const id = randomUUID();
    let after = 0;
    let sent = 0;
    for (;;) {
      const batch = await repo.audienceBatch(this.db, where, after, 1_000);
      if (!batch.length) break;
      await inTransaction(this.db, (work) =>
        this.messages.sendMany(
          work,
          batch.map((memberId) => ({
            memberId,
            type: 'system' as const,
            title: b.title,
            content: b.content,
            dedupeKey: `broadcast:${id}`,
            // Operators' broadcasts are offers and news: never to a member in a time-out or self-exclusion.
            promotional: true,
          })),
        ),
      );
      sent += batch.length;
      after = batch[batch.length - 1]!;
    }
    if (!sent) throw refuse('content.audience_empty');
    await inTransaction(this.db, (work) =>
      this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'message.broadcast',
        targetType: 'broadcast',
        targetId: id,
        detail: {
          audience: b.audience,
          member: b.member,
          vip_level: b.vip_level,
          agent: b.agent,
          tag: b.tag,
          title: b.title,
          recipients: sent,
        },
        ip: call.ip,
      }),
    );
    return { id, recipients: sent };
  }

  // ---- app config and app info ----

  async appSettings() {
    const [config, info] = await Promise.all([this.appConfig.config(), this.appConfig.appInfo()]);
    return { config, info };
  }

  /** Merges the changes into the stored config and info and audits them, all in one transaction. */
  async saveAppSettings(
    b: { config?: Partial<AppConfigValues> | undefined; info?: Partial<AppInfo> | undefined; reason: string },
    call: OperatorCall,
  ) {
    const before = await this.appSettings();
    await inTransaction(this.db, async (work) => {
      const now = this.clock.now();
      if (b.config && Object.keys(b.config).length) {
        const stored = await lockSetting(work.tx, 'app_config');
        await writeSetting(work.tx, 'app_config', { ...stored, ...b.config }, now);
      }
      if (b.info && Object.keys(b.info).length) {
        const stored = await lockSetting(work.tx, 'app_info');
        await writeSetting(work.tx, 'app_info', { ...stored, ...b.info }, now);
      }
      const changedConfig = diff(before.config, { ...before.config, ...b.config });
      const changedInfo = diff(before.info, { ...before.info, ...b.info });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'settings.app',
        targetType: 'settings',
        targetId: 'app',
        reason: b.reason,
        detail: {
          before: { ...changedConfig.before, ...changedInfo.before },
          after: { ...changedConfig.after, ...changedInfo.after },
        },
        ip: call.ip,
      });
    });
    this.publicCache.invalidate('app-config');
    return this.appSettings();
  }
}
