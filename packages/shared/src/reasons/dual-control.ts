import { reasons } from './define.ts';

/** What the dual-control queue (复核) refuses. */
export const DUAL_CONTROL_REASONS = reasons({
  'dual_control.own_change': { status: 403, message: '不能复核自己发起的变更，请由另一位管理员复核' },
  'dual_control.own_adjustment': { status: 403, message: '不能复核自己发起的调整，请由另一位管理员审核' },
  'dual_control.change_permission': { status: 403, message: '当前管理账号无权复核此类变更' },
  'dual_control.change_not_found': { status: 404, message: '复核事项不存在' },
  'dual_control.change_decided': {
    status: 409,
    message: (p: { status: string }) => `该事项已处理（${p.status}），不能重复操作`,
  },
  'dual_control.change_waiting': {
    status: 409,
    message: (p: { id: number }) => `已有一项待复核的同类变更（#${p.id}），请先复核或撤回`,
  },
});
