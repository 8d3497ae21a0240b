import { parseSportsOdds, selectionKey, type BetSelection } from '@app/shared';

/**
 * Odds that moved under a picked option. The slip keeps the price the member accepted (the
 * selection's `odds` and `line`, what submit sends) apart from the latest price seen (a quote,
 * from a list refetch, an `odds.updated` push or a 409), so the sheet can show both until the
 * member takes the new one. Pure.
 */

/** The latest price seen for a selected option. */
export interface Quote {
  odds: string;
  line: string | null;
}

/** How a price moved: odds up (红), odds down (绿), or the handicap / total line changed. */
export type OddsDirection = 'up' | 'down' | 'line';

export interface PendingOddsChange {
  selection: BetSelection;
  oldOdds: string;
  newOdds: string;
  oldLine: string | null;
  newLine: string | null;
  direction: OddsDirection;
}

/** up / down by value ("2.1" and "2.10" are the same price), null when equal or unreadable. */
export function oddsDirection(oldOdds: string, newOdds: string): 'up' | 'down' | null {
  const before = parseSportsOdds(oldOdds);
  const after = parseSportsOdds(newOdds);
  if (before === null || after === null || before === after) return null;
  return after > before ? 'up' : 'down';
}

/** The change from what the member accepted to the quote, or null while they agree. */
export function changeOf(selection: BetSelection, quote: Quote | undefined): PendingOddsChange | null {
  if (!quote) return null;
  const oldLine = selection.line ?? null;
  const lineMoved = (quote.line ?? null) !== oldLine;
  const moved = oddsDirection(selection.odds, quote.odds);
  if (!lineMoved && moved === null) return null;
  return {
    selection,
    oldOdds: selection.odds,
    newOdds: quote.odds,
    oldLine,
    newLine: quote.line ?? null,
    direction: lineMoved ? 'line' : (moved ?? 'up'),
  };
}

/** Every selected option whose latest price differs from the one the member accepted, in slip order. */
export function pendingOddsChanges(
  selections: readonly BetSelection[],
  quotes: Readonly<Record<string, Quote>>,
): PendingOddsChange[] {
  const out: PendingOddsChange[] = [];
  for (const s of selections) {
    const change = changeOf(s, quotes[selectionKey(s)]);
    if (change) out.push(change);
  }
  return out;
}

/** What a screen reader hears beside the arrow. */
export const DIRECTION_TEXT: Record<OddsDirection, string> = {
  up: '赔率上升',
  down: '赔率下降',
  line: '盘口变化',
};
