import { reasons } from './define.ts';
import { groupYuan } from '../money.ts';

/** What the member was trying to do, in the words of a refusal (`投注、充值或转入`). */
type Doing = { doing: string };

/** What responsible play (理性投注: limits, time-outs, self-exclusion) refuses. */
export const RESPONSIBLE_REASONS = reasons({
  'responsible.timed_out': {
    status: 403,
    message: (p: Doing & { until: string }) => `您已设置冷静期至 ${p.until}，期间不能${p.doing}`,
  },
  'responsible.self_excluded': {
    status: 403,
    message: (p: Doing & { until: string }) => `您已设置自我排除至 ${p.until}，期间不能${p.doing}`,
  },
  /** A self-exclusion over whose end the member has not yet asked to return. */
  'responsible.return_not_requested': {
    status: 403,
    message: (p: Doing & { ended: string }) =>
      `您的自我排除期已于 ${p.ended} 结束，请先申请恢复，申请24小时后方可${p.doing}`,
  },
  /** The 24 hours after asking to return. */
  'responsible.return_waiting': {
    status: 403,
    message: (p: Doing & { from: string }) => `您已申请结束自我排除，${p.from} 起方可${p.doing}`,
  },
  /** The amount would pass a limit (`每日投注限额`) that still leaves something. */
  'responsible.limit_exceeded': {
    status: 422,
    message: (p: { limit: string; left: string; resets: string }) =>
      `超出${p.limit}：本期剩余 ${groupYuan(p.left)} 元，将于 ${p.resets} 重置`,
  },
  /** A limit with nothing left this period. */
  'responsible.limit_reached': {
    status: 422,
    message: (p: { limit: string; left: string; resets: string }) =>
      `已达到${p.limit}：本期剩余 ${groupYuan(p.left)} 元，将于 ${p.resets} 重置`,
  },
  'responsible.limit_not_positive': { status: 422, message: '限额须大于0元' },
  'responsible.exclusion_not_shortenable': {
    status: 409,
    message: (p: { kind: 'timeout' | 'self_exclusion'; until: string }) =>
      `您已设置${p.kind === 'timeout' ? '冷静期' : '自我排除'}至 ${p.until}，期间不能缩短或替换，只能选择更长的时长`,
  },
  'responsible.self_exclusion_running': {
    status: 422,
    message: (p: { until: string }) => `自我排除期至 ${p.until} 结束，届时方可申请恢复`,
  },
  'responsible.return_requested': {
    status: 409,
    message: (p: { from: string }) => `您已申请结束自我排除，${p.from} 起可恢复`,
  },
  'responsible.nothing_to_return': { status: 422, message: '您当前没有需要申请恢复的自我排除' },
  /** Another request ended the self-exclusion meanwhile. */
  'responsible.try_again': { status: 409, message: '请稍后再试' },
});
