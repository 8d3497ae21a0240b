/**
 * Sports betting engine: play types, pass types (M串N), slip state and rules, prizes and
 * settlement. Generic counting helpers (combinations.ts) stay internal.
 */
export * from './play-types.ts';
export * from './odds.ts';
export * from './pass-types.ts';
export * from './messages.ts';
export * from './picks.ts';
export { countBets } from './combinations.ts';
export * from './prize.ts';
export * from './prize-optimise.ts';
export * from './validation.ts';
export * from './slip.ts';
export * from './results.ts';
export * from './settlement.ts';
export * from './schemas.ts';
export * from './boost.ts';
export * from './free-bet.ts';
export * from './cash-out.ts';
export * from './follow.ts';
