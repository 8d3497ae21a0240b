/**
 * Every named reason the server refuses a request with (issue 42, point 3), one catalogue per
 * area (a server module), merged here. Add an area's file beside these and list it below.
 */
import { ACCOUNTS_REASONS } from './accounts.ts';
import { ACTIVITIES_REASONS } from './activities.ts';
import { AGENTS_REASONS } from './agents.ts';
import { BACKOFFICE_REASONS } from './backoffice.ts';
import { CONTENT_REASONS } from './content.ts';
import { DUAL_CONTROL_REASONS } from './dual-control.ts';
import { FREE_BETS_REASONS } from './free-bets.ts';
import { GAMES_REASONS } from './games.ts';
import { IDEMPOTENCY_REASONS } from './idempotency.ts';
import { INVITE_REASONS } from './invite.ts';
import { LEDGER_REASONS } from './ledger.ts';
import { LIMITS_REASONS } from './limits.ts';
import { LOTTERY_REASONS } from './lottery.ts';
import { MESSAGES_REASONS } from './messages.ts';
import { OPERATORS_REASONS } from './operators.ts';
import { PAYMENTS_REASONS } from './payments.ts';
import { REALTIME_REASONS } from './realtime.ts';
import { RED_PACKETS_REASONS } from './red-packets.ts';
import { REPORTS_REASONS } from './reports.ts';
import { REQUEST_REASONS } from './request.ts';
import { RESPONSIBLE_REASONS } from './responsible.ts';
import { REWARDS_REASONS } from './rewards.ts';
import { SPORTS_REASONS } from './sports.ts';
import { SUPPORT_REASONS } from './support.ts';
import { SYNDICATES_REASONS } from './syndicates.ts';
import { VERIFICATION_REASONS } from './verification.ts';
import { WITHDRAWALS_REASONS } from './withdrawals.ts';

export { reasons, type ReasonSpec } from './define.ts';

/** Each area's catalogue under its area, the part of its reasons' names before the dot. */
export const REASON_AREAS = {
  accounts: ACCOUNTS_REASONS,
  activities: ACTIVITIES_REASONS,
  agents: AGENTS_REASONS,
  backoffice: BACKOFFICE_REASONS,
  content: CONTENT_REASONS,
  dual_control: DUAL_CONTROL_REASONS,
  free_bets: FREE_BETS_REASONS,
  games: GAMES_REASONS,
  idempotency: IDEMPOTENCY_REASONS,
  invite: INVITE_REASONS,
  ledger: LEDGER_REASONS,
  limits: LIMITS_REASONS,
  lottery: LOTTERY_REASONS,
  messages: MESSAGES_REASONS,
  operators: OPERATORS_REASONS,
  payments: PAYMENTS_REASONS,
  realtime: REALTIME_REASONS,
  red_packets: RED_PACKETS_REASONS,
  reports: REPORTS_REASONS,
  request: REQUEST_REASONS,
  responsible: RESPONSIBLE_REASONS,
  rewards: REWARDS_REASONS,
  sports: SPORTS_REASONS,
  support: SUPPORT_REASONS,
  syndicates: SYNDICATES_REASONS,
  verification: VERIFICATION_REASONS,
  withdrawals: WITHDRAWALS_REASONS,
} as const;

export const REASONS = {
  ...ACCOUNTS_REASONS,
  ...ACTIVITIES_REASONS,
  ...AGENTS_REASONS,
  ...BACKOFFICE_REASONS,
  ...CONTENT_REASONS,
  ...DUAL_CONTROL_REASONS,
  ...FREE_BETS_REASONS,
  ...GAMES_REASONS,
  ...IDEMPOTENCY_REASONS,
  ...INVITE_REASONS,
  ...LEDGER_REASONS,
  ...LIMITS_REASONS,
  ...LOTTERY_REASONS,
  ...MESSAGES_REASONS,
  ...OPERATORS_REASONS,
  ...PAYMENTS_REASONS,
  ...REALTIME_REASONS,
  ...RED_PACKETS_REASONS,
  ...REPORTS_REASONS,
  ...REQUEST_REASONS,
  ...RESPONSIBLE_REASONS,
  ...REWARDS_REASONS,
  ...SPORTS_REASONS,
  ...SUPPORT_REASONS,
  ...SYNDICATES_REASONS,
  ...VERIFICATION_REASONS,
  ...WITHDRAWALS_REASONS,
};

export type ReasonName = keyof typeof REASONS;

/** What a reason's template needs (undefined for a fixed message). */
export type ReasonParams<N extends ReasonName> = (typeof REASONS)[N]['message'] extends (p: infer P) => string
  ? P
  : undefined;

/** The reasons whose template takes exactly `P` (a limit's 429s take `{ wait }`, for instance). */
export type ReasonNameWith<P> = {
  [N in ReasonName]: [ReasonParams<N>] extends [P] ? ([P] extends [ReasonParams<N>] ? N : never) : never;
}[ReasonName];

/** The message of a reason, with its figures. */
export function reasonMessage<N extends ReasonName>(name: N, params?: ReasonParams<N>): string {
  const message = REASONS[name].message as string | ((p: unknown) => string);
  return typeof message === 'string' ? message : message(params);
}

/**
 * A refusal decided but not thrown: a reason and its figures. A rule returns one, so its words can
 * be shown (a screen that says why before the member tries) or thrown (refuseWith on the server).
 */
export type Refusal = {
  [N in ReasonName]: ReasonParams<N> extends undefined
    ? { reason: N; params?: undefined }
    : { reason: N; params: ReasonParams<N> };
}[ReasonName];

/** The message of a decided refusal. */
export function refusalMessage(refusal: Refusal): string {
  return reasonMessage(refusal.reason, refusal.params as never);
}

export function isReasonName(name: unknown): name is ReasonName {
  return typeof name === 'string' && Object.hasOwn(REASONS, name);
}

/** The reason a failure envelope names in its `data.reason`, if it is one of the catalogue's. */
export function reasonOf(data: unknown): ReasonName | null {
  const reason =
    typeof data === 'object' && data !== null ? (data as { reason?: unknown }).reason : undefined;
  return isReasonName(reason) ? reason : null;
}
