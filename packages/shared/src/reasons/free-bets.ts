import { reasons } from './define.ts';

/** What 免费投注券 refuse, to members at the slip and in the console. */
export const FREE_BETS_REASONS = reasons({
  'free_bets.not_found': { status: 404, message: '免费投注券不存在' },
  'free_bets.not_available': {
    status: 409,
    message: (p: { status: string }) => `免费投注券${p.status}，不能使用`,
  },
  /** The slip does not fit the ticket: its words say how (value, odds, play, in-play, expiry). */
  'free_bets.not_usable': { status: 422, message: (p: { problem: string }) => p.problem },
  'free_bets.optimised': { status: 422, message: '免费投注券不可用于奖金优化方案' },
  // ---- console ----
  'free_bets.no_members': { status: 422, message: '没有符合条件的会员' },
  'free_bets.member_not_found': { status: 404, message: '会员不存在' },
  'free_bets.too_many': { status: 422, message: (p: { max: number }) => `单次最多发放给${p.max}位会员` },
  'free_bets.past': { status: 422, message: '有效期须晚于当前时间' },
  'free_bets.not_revocable': { status: 409, message: '只能作废未使用的免费投注券' },
});
