/**
 * Who may do what in the back office. The server checks every /admin/v1 route against this
 * table (`requirePermission`) and the console builds its menu from the same table, so a menu
 * item is shown exactly when its endpoints answer.
 */
export const OPERATOR_ROLES = {
  admin: '超级管理员',
  finance: '财务',
  risk: '风控',
  support: '客服',
  content: '内容运营',
} as const;
export type OperatorRoleKey = keyof typeof OPERATOR_ROLES;
export const OPERATOR_ROLE_KEYS = Object.keys(OPERATOR_ROLES) as [OperatorRoleKey, ...OperatorRoleKey[]];

const ALL: readonly OperatorRoleKey[] = OPERATOR_ROLE_KEYS;

export const PERMISSIONS = {
  /** Dashboard figures and pending counts. */
  dashboard: ALL,
  /** Member search, profile and records. */
  'members.read': ['admin', 'finance', 'risk', 'support'],
  /** Member flags (enabled, is_black, disable_withdraw …) with a reason. */
  'members.flags': ['admin', 'risk'],
  /** Label members (tags used by search and message segments). */
  'members.tags': ['admin', 'risk', 'support'],
  /** Revoke a member's sessions. */
  'members.sessions': ['admin', 'risk', 'support'],
  /** Propose a manual adjustment (maker) and approve another's (checker). */
  'members.adjust': ['admin', 'finance'],
  /** Deposits and withdrawals decisions. */
  'finance.orders': ['admin', 'finance'],
  /** Runtime finance settings: methods, rates, limits, fees, turnover multiple. */
  'finance.settings': ['admin', 'finance'],
  /** Notices, banners, experts, articles, app config and info. */
  content: ['admin', 'content'],
  /** Activities and the review of their applications. */
  activities: ['admin', 'content', 'support'],
  /** Messages to one member, a segment or everyone. */
  messages: ['admin', 'content', 'support'],
  /** 在线客服: the queue, conversations and their pictures, canned replies, opening hours. */
  support: ['admin', 'support'],
  /** Matches, markets, suspension, void/resettle, liability. */
  sports: ['admin', 'risk'],
  /** Lottery games and periods. */
  lottery: ['admin', 'risk'],
  /** Agent applications, agents and their members, invite rewards paid. */
  agents: ['admin', 'risk', 'support'],
  /** The invite programme's numbers (they pay money). */
  'invite.settings': ['admin', 'finance'],
  /** Reports and CSV exports. */
  reports: ['admin', 'finance', 'risk'],
  /** The audit log. */
  audit: ['admin', 'risk'],
  /** Operators and their roles. */
  operators: ['admin'],
  /**
   * The queue of changes and money waiting for a second operator (复核). Approving one also needs
   * the permission of what it changes, so each role sees the queue and decides what it could do.
   */
  approvals: ['admin', 'finance', 'risk', 'support', 'content'],
} as const satisfies Record<string, readonly OperatorRoleKey[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: OperatorRoleKey, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly OperatorRoleKey[]).includes(role);
}

/** Roles that must use two-factor sign-in under APP_ENV=production. */
export const TOTP_REQUIRED_ROLES_IN_PRODUCTION: readonly OperatorRoleKey[] = ['admin', 'finance'];
