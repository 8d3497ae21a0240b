import { reasons } from './define.ts';

/** What the invite programme (member codes, the console's agents and rules) refuses. */
export const INVITE_REASONS = reasons({
  'invite.code_changes_used_up': {
    status: 429,
    message: (p: { limit: number }) => `邀请码每天最多更换${p.limit}次，请明天再试`,
  },
  'invite.code_busy': { status: 429, message: '生成邀请码繁忙，请稍后再试' },
  'invite.agent_not_found': { status: 404, message: '代理不存在' },
  'invite.milestones_fixed': { status: 422, message: '充值达标档位不能增删或改名，只能修改金额' },
  'invite.reward_not_positive': { status: 422, message: '奖励金额须大于0' },
  'invite.thresholds_not_rising': { status: 422, message: '充值门槛须逐档递增' },
});
