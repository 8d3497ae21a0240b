import { reasons } from './define.ts';

/** What rebates (返水) and bonus records refuse. */
export const REWARDS_REASONS = reasons({
  'rewards.rebate_computing': { status: 409, message: '返水正在计算，请稍后再试' },
  'rewards.rebate_not_found': { status: 404, message: '返水记录不存在' },
  'rewards.nothing_to_claim': { status: 422, message: '暂无可领取的返水' },
  'rewards.rebate_claimed': { status: 409, message: '该返水已领取' },
  'rewards.rebates_claimed': { status: 409, message: '所选返水均已领取' },
  'rewards.bonus_log_not_found': { status: 404, message: '彩金记录不存在' },
});
