/**
 * Every named reason the server refuses a request with (issue 42, point 3), one catalogue per
 * area, merged here. Add an area's file beside these and spread it below.
 */
import { DUAL_CONTROL_REASONS } from './dual-control.ts';

export { reasons, type ReasonSpec } from './define.ts';

export const REASONS = {
  ...DUAL_CONTROL_REASONS,
};

export type ReasonName = keyof typeof REASONS;

/** What a reason's template needs (undefined for a fixed message). */
export type ReasonParams<N extends ReasonName> = (typeof REASONS)[N]['message'] extends (p: infer P) => string
  ? P
  : undefined;

/** The message of a reason, with its figures. */
export function reasonMessage<N extends ReasonName>(name: N, params?: ReasonParams<N>): string {
  const message = REASONS[name].message as string | ((p: unknown) => string);
  return typeof message === 'string' ? message : message(params);
}

export function isReasonName(name: unknown): name is ReasonName {
  return typeof name === 'string' && Object.hasOwn(REASONS, name);
}
