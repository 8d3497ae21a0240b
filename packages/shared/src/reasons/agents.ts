import { reasons } from './define.ts';

/** What agent applications and the agent centre refuse. */
export const AGENTS_REASONS = reasons({
  'agents.applicant_restricted': { status: 403, message: '账户受限，暂不能申请代理，请联系客服' },
  'agents.already_agent': { status: 409, message: '您已经是代理，无需重复申请' },
  'agents.application_pending': { status: 409, message: '您已有审核中的代理申请，请耐心等待审核结果' },
  'agents.application_not_found': { status: 404, message: '申请不存在' },
  'agents.no_pending_application': { status: 404, message: '没有审核中的代理申请' },
  'agents.application_not_cancellable': { status: 409, message: '该申请已处理，无法撤销' },
  'agents.application_decided': { status: 409, message: '该申请已处理，不能重复操作' },
  /** The agent centre, for a member who is no agent. */
  'agents.not_an_agent': { status: 403, message: '您还不是代理，无法使用代理中心，请先申请成为代理' },
  /** The agent centre, for a member who is not this agent's. */
  'agents.member_not_found': { status: 404, message: '会员不存在或不属于您' },
});
