import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/** Notices (公告) by category: 1 home, 2 betting, 3 recharge, 4 withdraw. Content is sanitised HTML. */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull(),
    isTop: boolean('is_top').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notices_category_idx').on(t.categoryId, t.publishedAt),
    check('notices_category', sql`${t.categoryId} BETWEEN 1 AND 4`),
  ],
);

/** Banners by page type (1 home, 2 sports, 3 article); an agent's own banners replace the general ones. */
export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pageType: integer('page_type').notNull(),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url').notNull().default(''),
    agentId: integer('agent_id').references(() => members.id),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [
    index('banners_page_idx').on(t.pageType, t.agentId),
    check('banners_page_type', sql`${t.pageType} BETWEEN 1 AND 3`),
  ],
);

export const expertCategories = pgTable('expert_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const experts = pgTable(
  'experts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => expertCategories.id),
    name: text('name').notNull(),
    avatar: text('avatar').notNull(),
    title: text('title').notNull().default(''),
    intro: text('intro').notNull().default(''),
    /** Shown by the promotion pages (/v1/promo/...). */
    promoted: boolean('promoted').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** The member account the expert also bets with: their 晒单 are the expert's real slips (实单). */
    memberId: integer('member_id'),
  },
  (t) => [index('experts_category_idx').on(t.categoryId)],
);

/**
 * An expert's article. It may carry one pick (推荐) whose result an operator (or the settlement
 * of the match) sets; the expert's win rate and streaks are computed from these rows.
 */
export const expertArticles = pgTable(
  'expert_articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull(),
    cover: text('cover').notNull().default(''),
    pickMatch: text('pick_match'),
    pickSelection: text('pick_selection'),
    pickOdds: text('pick_odds'),
    pickResult: text('pick_result', { enum: ['pending', 'won', 'lost'] }),
    views: integer('views').notNull().default(0),
    isHot: boolean('is_hot').notNull().default(false),
    isRecommended: boolean('is_recommended').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('expert_articles_expert_idx').on(t.expertId, t.publishedAt),
    check(
      'expert_articles_pick',
      sql`(${t.pickResult} IS NULL) = (${t.pickMatch} IS NULL AND ${t.pickSelection} IS NULL)`,
    ),
    check('expert_articles_views', sql`${t.views} >= 0`),
  ],
);

/** One row per (article, member): liking twice changes nothing. */
export const expertArticleLikes = pgTable(
  'expert_article_likes',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => expertArticles.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.memberId] }),
    index('expert_article_likes_member_idx').on(t.memberId),
  ],
);

export const expertArticleFavorites = pgTable(
  'expert_article_favorites',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => expertArticles.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.memberId] }),
    index('expert_article_favorites_member_idx').on(t.memberId),
  ],
);

export const lotteryArticleCategories = pgTable('lottery_article_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const lotteryArticles = pgTable(
  'lottery_articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => lotteryArticleCategories.id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull(),
    author: text('author').notNull().default(''),
    cover: text('cover').notNull().default(''),
    views: integer('views').notNull().default(0),
    isHot: boolean('is_hot').notNull().default(false),
    isRecommended: boolean('is_recommended').notNull().default(false),
    promoted: boolean('promoted').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lottery_articles_category_idx').on(t.categoryId, t.publishedAt),
    check('lottery_articles_views', sql`${t.views} >= 0`),
  ],
);
