/**
 * The operator console's contracts and rules (`@app/shared/backoffice`), kept out of the main
 * barrel so nothing of the back office reaches the member app's bundle.
 */
export * from './domain/backoffice/permissions.ts';
export * from './domain/backoffice/labels.ts';
export * from './domain/backoffice/amount-input.ts';
export * from './contracts/backoffice/operators.ts';
export * from './contracts/backoffice/approvals.ts';
export * from './contracts/backoffice/security.ts';
export * from './contracts/backoffice/dashboard.ts';
export * from './contracts/backoffice/members.ts';
export * from './contracts/backoffice/finance.ts';
export * from './contracts/backoffice/adapter-calls.ts';
export * from './contracts/backoffice/history.ts';
export * from './contracts/backoffice/content.ts';
export * from './contracts/backoffice/sports.ts';
export * from './contracts/backoffice/sports-book.ts';
export * from './contracts/backoffice/sports-refusals.ts';
export * from './contracts/backoffice/sports-feed-corrections.ts';
export * from './contracts/backoffice/lottery.ts';
export * from './contracts/backoffice/agents.ts';
export * from './contracts/backoffice/red-packets.ts';
export * from './contracts/backoffice/free-bets.ts';
export * from './contracts/backoffice/syndicates.ts';
export * from './contracts/backoffice/support.ts';
