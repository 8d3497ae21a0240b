import { reasons } from './define.ts';
import { problemMessage } from './request.ts';
import { groupYuan } from '../money.ts';

/** A match's number as members read it (`周三001`). */
type OnMatch = { match: string };

/** What sports betting (matches, orders, the book) and the console's sports screens refuse. */
export const SPORTS_REASONS = reasons({
  'sports.match_not_found': { status: 404, message: '比赛不存在' },
  'sports.order_not_found': { status: 404, message: '订单不存在' },
  // ---- a submitted order ----
  'sports.sport_unsupported': { status: 422, message: '仅支持足球和篮球投注' },
  'sports.slip_match_not_found': { status: 404, message: (p: { id: string }) => `比赛不存在（ID ${p.id}）` },
  /** Not open for betting: its status (未开赛 … 已结束) says why. */
  'sports.match_closed': {
    status: 422,
    message: (p: OnMatch & { status: string }) => `${p.match} ${p.status}，已停止投注`,
  },
  /** Closed while the order was being placed. */
  'sports.match_stopped': { status: 422, message: (p: OnMatch) => `${p.match} 已停止投注` },
  'sports.play_invalid': { status: 422, message: '投注玩法无效' },
  'sports.option_invalid': { status: 422, message: '投注选项无效' },
  'sports.market_not_open': {
    status: 422,
    message: (p: OnMatch & { play: string }) => `${p.match} 的${p.play}暂未开售`,
  },
  'sports.market_suspended': {
    status: 422,
    message: (p: OnMatch & { play: string }) => `${p.match} 的${p.play}已暂停投注`,
  },
  'sports.play_suspended': { status: 422, message: '所选玩法已暂停投注，请刷新后重试' },
  'sports.live_play_unavailable': {
    status: 422,
    message: (p: OnMatch & { play: string }) => `${p.match} 的${p.play}不提供滚球投注，已停止投注`,
  },
  /** In play closed: its reason (比赛末段), or 滚球 when none was given. */
  'sports.live_closed': {
    status: 422,
    message: (p: OnMatch & { cause: string | null }) => `${p.match} ${p.cause ?? '滚球'}，已停止投注`,
  },
  'sports.live_suspended': {
    status: 422,
    message: (p: OnMatch & { cause: string | null }) =>
      `${p.match} 滚球盘口暂停（${p.cause ?? '暂停'}），已暂停投注`,
  },
  /** The prices moved against the member's odds policy: `data.changes` lists them, for the slip to update. */
  'sports.odds_changed': { status: 409, message: '赔率已变化，请确认最新赔率后重新提交' },
  'sports.stake_format': { status: 422, message: '投注金额格式不正确' },
  'sports.boost_not_found': { status: 404, message: '加奖活动不存在' },
  'sports.boost_budget_below_spent': {
    status: 422,
    message: (p: { spent: string }) => `预算不能低于已派发的${groupYuan(p.spent)}元`,
  },
  'sports.boost_dates': { status: 422, message: '结束时间须晚于开始时间' },
  // ---- 跟单 ----
  'sports.follow_post_not_found': { status: 404, message: '晒单不存在' },
  'sports.follow_subscription_not_found': { status: 404, message: '定制跟单不存在' },
  /** 晒单 or 跟单 refused: its words say why (not open, already shared, closed, one's own). */
  'sports.follow_refused': { status: 422, message: (p: { why: string }) => p.why },
  // ---- 提前结算 ----
  /** No offer now: its words say why (settling, cannot win, suspended, started, switched off). */
  'sports.cash_out_unavailable': { status: 409, message: (p: { why: string }) => p.why },
  /** The offer moved against the member's odds-change setting: `data.offer` is the new one. */
  'sports.cash_out_offer_changed': {
    status: 409,
    message: (p: { offer: string }) => `提前结算金额已变为${p.offer}元，请确认后重试`,
  },
  /** The shared slip rules (validateBetSlip), in their words (SPEC §5). */
  'sports.slip_invalid': { status: 422, message: problemMessage },
  'sports.over_member_stake': {
    status: 422,
    message: (p: { limit: string; best: string }) =>
      `投注金额超过您的账户单笔限额${groupYuan(p.limit)}元，本场最高可投 ${groupYuan(p.best)} 元`,
  },
  'sports.over_member_payout': {
    status: 422,
    message: (p: OnMatch & { limit: string; left: string; best: string }) =>
      `${p.match} 的最高可赢金额超过您的账户单场限额${groupYuan(p.limit)}元（剩余${groupYuan(p.left)}元），本场最高可投 ${groupYuan(p.best)} 元`,
  },
  /** The book's cap on one outcome (`data.max_stake` is the most the slip may stake now). */
  'sports.book_cap_reached': {
    status: 422,
    message: (p: OnMatch & { play: string; option: string; best: string }) =>
      `${p.match} ${p.play} ${p.option} 已接近投注上限，本场最高可投 ${groupYuan(p.best)} 元`,
  },
  // ---- the console ----
  'sports.play_not_found': { status: 422, message: '玩法不存在' },
  'sports.play_not_suspended': { status: 409, message: '该玩法未暂停' },
  'sports.play_already_suspended': { status: 409, message: '该玩法已暂停' },
  'sports.full_time_score_missing': { status: 422, message: '请填写全场比分' },
  'sports.half_time_score_missing': { status: 422, message: '请填写半场比分' },
  'sports.half_time_over_full_time': { status: 422, message: '半场比分不能大于全场比分' },
  'sports.match_already_corrected': { status: 409, message: '该比赛已作废或重新结算过，不能重复操作' },
  'sports.feed_correction_not_found': { status: 404, message: '赛果更正提醒不存在' },
  'sports.feed_correction_decided': { status: 409, message: '该赛果更正提醒已处理' },
  'sports.member_limit_missing': { status: 422, message: '该会员没有限额，请至少填写一项' },
  'sports.cap_missing': { status: 422, message: '该范围没有单独设置的上限' },
  'sports.sport_invalid': { status: 422, message: '体育项目无效' },
  'sports.default_limit_invalid': { status: 422, message: '默认限额项目无效' },
  'sports.match_id_invalid': { status: 422, message: '比赛ID无效' },
});
