import { reasons } from './define.ts';

/** What notices, banners, articles and the console's content and mass messages refuse. */
export const CONTENT_REASONS = reasons({
  'content.notice_not_found': { status: 404, message: '公告不存在或已下线' },
  'content.banner_not_found': { status: 404, message: '广告不存在或已下线' },
  'content.article_not_found': { status: 404, message: '文章不存在或已下线' },
  'content.expert_not_found': { status: 404, message: '专家不存在' },
  'content.expert_member_not_found': { status: 422, message: '关联的会员不存在，请填写正确的会员ID' },
  'content.category_not_found': { status: 404, message: '资讯分类不存在' },
  'content.not_found': { status: 404, message: '内容不存在' },
  'content.ends_before_start': { status: 422, message: '结束时间须晚于开始时间' },
  'content.audience_member_not_found': { status: 422, message: '会员不存在' },
  'content.audience_vip_missing': { status: 422, message: '请选择VIP等级' },
  'content.audience_agent_not_found': { status: 422, message: '代理不存在' },
  'content.audience_tag_missing': { status: 422, message: '请选择标签' },
  'content.audience_empty': { status: 422, message: '没有符合条件的会员' },
});
