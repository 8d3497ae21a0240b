import { reasons } from './define.ts';
import { groupYuan } from '../money.ts';

/** `第2注：` before a line's problem when the slip holds more than one bet; nothing for one. */
type Line = { line: number | null };
const onLine = (p: Line) => (p.line === null ? '' : `第${p.line}注：`);

/** What lottery games, bets and the lottery wallet refuse. */
export const LOTTERY_REASONS = reasons({
  'lottery.not_found': { status: 404, message: '彩种不存在' },
  'lottery.play_not_found': { status: 404, message: '玩法不存在' },
  'lottery.close_seconds_too_long': {
    status: 422,
    message: (p: { under: number }) => `封盘时间须小于${p.under}秒`,
  },
  'lottery.off_sale': { status: 422, message: (p: { lottery: string }) => `${p.lottery}已停售` },
  'lottery.period_not_found': { status: 404, message: (p: { period: string }) => `第${p.period}期不存在` },
  'lottery.no_draw_yet': { status: 404, message: '暂无开奖期' },
  'lottery.period_not_open': { status: 422, message: (p: { period: string }) => `第${p.period}期尚未开盘` },
  'lottery.period_closed': {
    status: 422,
    message: (p: { period: string }) => `第${p.period}期已封盘，请投注下一期`,
  },
  /** A bet's multiple or unit (the shared betSizeProblem), on its line of the slip. */
  'lottery.bet_size_invalid': {
    status: 422,
    message: (p: Line & { problem: string }) => `${onLine(p)}${p.problem}`,
  },
  /** A bet's codes (the shared validateBetCodes), on its line of the slip and with its play's name. */
  'lottery.bet_codes_invalid': {
    status: 422,
    message: (p: Line & { play: string | null; problem: string }) =>
      `${onLine(p)}${p.play === null ? '' : `${p.play}：`}${p.problem}`,
  },
  'lottery.slip_play_not_found': { status: 422, message: (p: Line) => `${onLine(p)}玩法不存在` },
  'lottery.slip_over_max': {
    status: 422,
    message: (p: { max: string }) => `单次投注金额不能超过${groupYuan(p.max)}元`,
  },
  'lottery.stake_changed': {
    status: 422,
    message: (p: { total: string }) => `投注金额已变化，应为${groupYuan(p.total)}元，请确认后重新提交`,
  },
  /** A bet the lottery wallet cannot cover (`data.wallet` is `lottery`). */
  'lottery.insufficient_balance': { status: 422, message: '彩票钱包余额不足，请先转入资金' },
  'lottery.bet_not_found': { status: 404, message: '注单不存在' },
  // ---- 追号 ----
  'lottery.chase_not_found': { status: 404, message: '追号记录不存在' },
  'lottery.chase_not_cancellable': { status: 422, message: '追号已结束，没有可撤销的期数' },
  'lottery.chase_over_max': {
    status: 422,
    message: (p: { max: string }) => `追号总金额不能超过${groupYuan(p.max)}元`,
  },
  'lottery.chase_total_changed': {
    status: 422,
    message: (p: { total: string }) => `追号总金额应为${groupYuan(p.total)}元，请确认后重新提交`,
  },
  'lottery.chase_start_closed': {
    status: 422,
    message: (p: { period: string }) => `第${p.period}期已封盘，请从下一期开始追号`,
  },
  'lottery.chase_stop_amount': { status: 422, message: '中奖金额停止须填写大于0的金额' },
  'lottery.bet_not_cancellable': { status: 422, message: '该注单已结算或已撤单，不能撤单' },
  'lottery.syndicate_bet_not_cancellable': { status: 422, message: '合买方案的注单不能撤单' },
  'lottery.cancel_after_close': {
    status: 422,
    message: (p: { period: string }) => `第${p.period}期已封盘，不能撤单`,
  },
  'lottery.transfer_in_not_positive': { status: 422, message: '转入金额须大于0' },
  'lottery.nothing_to_transfer_out': { status: 422, message: '彩票钱包没有可转出的余额' },
});
