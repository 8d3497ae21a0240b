import { z } from 'zod';
import { appConfigValues, appInfo } from '../app.ts';
import { isoDate, pageQuery } from '../common.ts';

const title = z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(100, '标题不能超过100个字符');
const html = z.string({ error: '请输入内容' }).max(50_000, '内容过长');
const url = z.string().trim().max(500, '地址过长');
const sort = z.number().int().min(0).max(9999);
const when = z.iso.datetime({ offset: true, error: '时间格式不正确' }).nullable().optional();

/** SPEC.md §3: notice categories 1 home, 2 betting, 3 recharge, 4 withdraw. */
export const NOTICE_CATEGORIES = { 1: '首页公告', 2: '投注公告', 3: '充值公告', 4: '提现公告' } as const;
/** SPEC.md §3: banner page types 1 home, 2 sports, 3 article. */
export const BANNER_PAGE_TYPES = { 1: '首页', 2: '体育', 3: '资讯' } as const;

export const contentListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  category_id: z.coerce.number().int().optional(),
  enabled: z.enum(['true', 'false']).optional(),
});

export const noticeItem = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  is_top: z.boolean(),
  sort: z.number().int(),
  enabled: z.boolean(),
  published_at: isoDate,
});
export const noticeBody = z.object({
  category_id: z.number({ error: '请选择分类' }).int().min(1, '分类不正确').max(4, '分类不正确'),
  title,
  summary: z.string().trim().max(200, '摘要不能超过200个字符').default(''),
  /** Rich text; sanitised on the server as everywhere else. */
  content: html,
  is_top: z.boolean().default(false),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
});

export const bannerItem = z.object({
  id: z.number().int(),
  page_type: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  link_url: z.string(),
  agent_id: z.number().int().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  starts_at: isoDate.nullable(),
  ends_at: isoDate.nullable(),
});
export const bannerBody = z.object({
  page_type: z.number({ error: '请选择页面' }).int().min(1, '页面类型不正确').max(3, '页面类型不正确'),
  title,
  image_url: url.min(1, '请填写图片地址'),
  link_url: url.default(''),
  agent_id: z.number().int().positive().nullable().default(null),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
  starts_at: when,
  ends_at: when,
});

export const activityAdminItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  rule: z.string(),
  image: z.string(),
  auto_approve: z.boolean(),
  turnover_multiple: z.number().int(),
  starts_at: isoDate,
  ends_at: isoDate.nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  pending_applications: z.number().int(),
});
export const activityUpdateBody = z
  .object({
    title,
    summary: z.string().trim().max(200),
    image: url,
    auto_approve: z.boolean(),
    turnover_multiple: z.number().int().min(0).max(100),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: when,
    enabled: z.boolean(),
    sort,
    content: z.array(z.string().max(2000)).max(30),
    rules: z.array(z.string().max(2000)).max(30),
  })
  .partial();

export const expertItem = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  title: z.string(),
  intro: z.string(),
  promoted: z.boolean(),
  enabled: z.boolean(),
  sort: z.number().int(),
  member_id: z.number().int().nullable(),
});
export const expertBody = z.object({
  category_id: z.number({ error: '请选择分类' }).int().positive(),
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(30),
  avatar: url.default(''),
  title: z.string().trim().max(50).default(''),
  intro: z.string().trim().max(1000).default(''),
  promoted: z.boolean().default(false),
  enabled: z.boolean().default(true),
  sort: sort.default(0),
  member_id: z
    .number({ error: '会员ID须为数字' })
    .int('会员ID须为整数')
    .positive('会员ID无效')
    .max(2_147_483_647, '会员ID无效')
    .nullable()
    .default(null)
    .describe('The member account the expert bets with: its 晒单 show on the expert page as 实单'),
});

export const expertArticleItem = z.object({
  id: z.number().int(),
  expert_id: z.number().int(),
  expert_name: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  cover: z.string(),
  is_hot: z.boolean(),
  is_recommended: z.boolean(),
  enabled: z.boolean(),
  views: z.number().int(),
  published_at: isoDate,
});
export const expertArticleBody = z.object({
  expert_id: z.number({ error: '请选择专家' }).int().positive(),
  title,
  summary: z.string().trim().max(300).default(''),
  content: html,
  cover: url.default(''),
  is_hot: z.boolean().default(false),
  is_recommended: z.boolean().default(false),
  enabled: z.boolean().default(true),
});

export const categoryItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
});
export const categoryBody = z.object({
  name: z.string({ error: '请输入分类名' }).trim().min(1, '请输入分类名').max(30),
  description: z.string().trim().max(200).default(''),
  sort: sort.default(0),
});

export const lotteryArticleItem = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  author: z.string(),
  cover: z.string(),
  is_hot: z.boolean(),
  is_recommended: z.boolean(),
  enabled: z.boolean(),
  views: z.number().int(),
  published_at: isoDate,
});
export const lotteryArticleBody = z.object({
  category_id: z.number({ error: '请选择分类' }).int().positive(),
  title,
  summary: z.string().trim().max(300).default(''),
  content: html,
  author: z.string().trim().max(30).default(''),
  cover: url.default(''),
  is_hot: z.boolean().default(false),
  is_recommended: z.boolean().default(false),
  enabled: z.boolean().default(true),
});

// ---- messages to members ----

export const broadcastBody = z.object({
  audience: z.enum(['member', 'vip', 'agent', 'tag', 'all'], { error: '请选择发送对象' }),
  /** audience=member: the member's id or account. */
  member: z.string().trim().max(50).optional(),
  /** audience=vip: members at or above this level. */
  vip_level: z.number().int().min(0).max(20).optional(),
  /** audience=agent: the agent's members (id or account). */
  agent: z.string().trim().max(50).optional(),
  /** audience=tag: members carrying this tag. */
  tag: z.string().trim().max(20).optional(),
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(60, '标题不能超过60个字符'),
  content: z.string({ error: '请输入内容' }).trim().min(1, '请输入内容').max(2000, '内容不能超过2000个字符'),
});
export const broadcastPreview = z.object({ recipients: z.number().int() });
export const broadcastResult = z.object({ id: z.string(), recipients: z.number().int() });

// ---- app config and app info ----

export const appSettingsView = z.object({ config: appConfigValues, info: appInfo });
export const appSettingsBody = z.object({
  config: appConfigValues.partial().optional(),
  info: appInfo.omit({ version: true, version_code: true }).partial().optional(),
  reason: z.string().trim().max(200).optional().default(''),
});
