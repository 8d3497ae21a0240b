import { parseSportsOdds, type OddsChange, type OddsPolicy } from '@app/shared';

export type OddsDirection = OddsChange['direction'];

/** How odds moved from what the member saw to what they are now ('up' when longer). */
export function oddsDirection(from: string, to: string): 'up' | 'down' | null {
  const a = parseSportsOdds(from);
  const b = parseSportsOdds(to);
  if (a === null || b === null) return from === to ? null : 'down';
  return b > a ? 'up' : b < a ? 'down' : null;
}

/**
 * Whether the member's odds-change policy takes a move (docs/decisions/017): 'any' takes every
 * change, 'higher' only longer odds, 'none' nothing; a changed line is never taken.
 */
export function policyAccepts(policy: OddsPolicy, direction: OddsDirection): boolean {
  if (direction === 'line') return false;
  switch (policy) {
    case 'any':
      return true;
    case 'higher':
      return direction === 'up';
    case 'none':
      return false;
  }
}
