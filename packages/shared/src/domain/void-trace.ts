/**
 * Who voided, cancelled or resettled a bet, as its rows record it: `operator:<id>` (an operator in
 * the console), a named process (`feed:settlement`, `job:<name>`) or `member` (the member's own
 * cancel). Members see only the kind of actor, never an operator's name.
 */
export const VOID_BY_LABELS = ['运营人员', '系统', '本人'] as const;
export type VoidByLabel = (typeof VOID_BY_LABELS)[number];

/** The process that records a match the odds feed reports cancelled. */
export const FEED_SETTLEMENT_ACTOR = 'feed:settlement';
/** The member who cancels their own bet. */
export const MEMBER_ACTOR = 'member';

/** The actor tag of an operator. */
export function operatorActor(operatorId: number): string {
  return `operator:${operatorId}`;
}

/** The job's actor tag (`job:<name>`). */
export function jobActor(name: string): string {
  return `job:${name}`;
}

/** What a member is shown for an actor tag: 运营人员, 本人, or 系统 for any process. */
export function voidByLabel(actor: string): VoidByLabel {
  if (actor === MEMBER_ACTOR) return '本人';
  if (actor.startsWith('operator:')) return '运营人员';
  return '系统';
}
