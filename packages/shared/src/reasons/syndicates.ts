import { reasons } from './define.ts';

/** What 合买 refuse: starting a plan, buying shares, and the console's forced 流产. */
export const SYNDICATES_REASONS = reasons({
  'syndicates.not_found': { status: 404, message: '合买方案不存在' },
  /** The split, the initiator's part or the guarantee does not fit the plan: its words say how. */
  'syndicates.plan_invalid': { status: 422, message: (p: { problem: string }) => p.problem },
  'syndicates.closing': {
    status: 422,
    message: (p: { minutes: number }) => `距首场比赛停售不足${p.minutes}分钟，不能发起合买`,
  },
  'syndicates.closing_period': {
    status: 422,
    message: (p: { seconds: number }) => `距本期封盘不足${p.seconds}秒，请选择下一期发起合买`,
  },
  'syndicates.not_open': {
    status: 409,
    message: (p: { status: string }) => `该方案${p.status}，不能认购`,
  },
  'syndicates.deadline_passed': { status: 409, message: '该方案已截止认购' },
  'syndicates.sold_out': {
    status: 409,
    message: (p: { left: number }) => (p.left > 0 ? `剩余份数不足，仅剩${p.left}份` : '该方案已满员'),
  },
  'syndicates.not_failable': {
    status: 409,
    message: (p: { status: string }) => `该方案${p.status}，不能流产`,
  },
});
