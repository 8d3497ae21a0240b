/**
 * Dual control (issue 37): what one operator must not do alone. Other modules use this face only.
 * - `SoloAllowance`: money an operator moves alone for a member, counted per Beijing day against
 *   the approval threshold; beyond it a second operator decides.
 * - `ControlChanges`: maker–checker for changes that weaken a money control (and for money beyond
 *   the allowance), applied by each kind's registered handler once another operator approves.
 */
export { SoloAllowance, type SoloDecision, type SoloKind, type SoloMove } from './solo-allowance.ts';
export {
  ControlChanges,
  type ControlCall,
  type ControlChangeKind,
  type Proposal,
} from './control-changes.ts';
export { dualControlRoutes } from './admin.routes.ts';
