/** The accounts module's face: what other modules and the composition root may use. */
export { createAccounts } from './accounts.module.ts';
export { maskUsername } from './accounts.mapper.ts';
export {
  agentCodeTaken,
  anyMember,
  bindAgentDomain,
  findAgentByCode,
  findMemberById,
  findMemberByInviteCode,
  findMemberIdByName,
  lockMember,
  recordLoginAttempt,
  revokeOtherSessions,
  setRealNameOnce,
  signedInFrom,
  updateMember,
} from './accounts.repo.ts';
export type { MemberRow } from './accounts.repo.ts';
export { AccountsService } from './accounts.service.ts';
export type { Authenticated } from './accounts.service.ts';
export { accountsAdminRoutes } from './admin.routes.ts';
export { MembersAdminService } from './admin.service.ts';
export type { MembersAdminPorts } from './admin.service.ts';
export { authRoutes } from './auth.routes.ts';
export {
  addDeposit,
  addRequiredTurnover,
  addTurnover,
  addWithdrawn,
  announceFigures,
} from './figures.repo.ts';
export type { MemberFigures } from './figures.repo.ts';
export { userRoutes } from './user.routes.ts';
