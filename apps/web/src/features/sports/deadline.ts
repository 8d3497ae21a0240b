import type { Market, Match } from './model.ts';

/**
 * When an option can be picked, decided as the server decides at submit (sports.mapper
 * `isOpenForBetting`, suspensions): the match is scheduled, the feed sells it and the server's
 * clock is before its `sales_close_at`; and no operator suspended its market. Pure: the caller
 * passes the server's now (`clock.ts`).
 */
export type ClosedReason = 'closed' | 'suspended' | 'stopped';

/** What the screen says for each reason: on a card, and beside a leg the slip dropped. */
export const CLOSED_REASON_TEXT: Record<ClosedReason, string> = {
  closed: '已停售',
  suspended: '盘口暂停',
  /** An in-play match that no longer takes bets (closing minutes, the end). */
  stopped: '已停止投注',
};

/** The part of a match that decides whether it still sells. */
export type SaleState = Pick<Match, 'status' | 'betting_open' | 'kickoff_at'> & {
  /** Absent in answers from before the field existed: kick-off, as the server decides. */
  sales_close_at?: string | undefined;
};

/** The sales deadline in ms since the epoch (NaN when the answer carries no readable time). */
export function salesCloseAt(match: Pick<SaleState, 'kickoff_at' | 'sales_close_at'>): number {
  return Date.parse(match.sales_close_at ?? match.kickoff_at);
}

/** Whether the match takes no more bets at `now` (server ms): started, closed by the feed, or past its deadline. */
export function isSalesClosed(match: SaleState, now: number): boolean {
  if (match.status !== 'scheduled' || !match.betting_open) return true;
  const at = salesCloseAt(match);
  return !Number.isNaN(at) && now >= at;
}

/** Why an option of `market` in `match` cannot be picked at `now`, or null while it can. */
export function closedReason(
  match: SaleState,
  market: Pick<Market, 'suspended'> | undefined,
  now: number,
): ClosedReason | null {
  if (isSalesClosed(match, now)) return 'closed';
  if (market?.suspended) return 'suspended';
  return null;
}

/** The part of a live match that decides whether its in-play markets take bets. */
export type LiveSaleState = Pick<Match, 'status' | 'live_betting' | 'live_suspended'>;

/**
 * Where an in-play (滚球) option stands: 'open'; 'suspended' for a passing suspension (a goal, a
 * red card; the option waits, disabled); 'closed' once the match stops taking in-play bets
 * (closing minutes, breaks, the end).
 */
export function inPlayState(
  match: LiveSaleState,
  market: Pick<Market, 'suspended'> | undefined,
): 'open' | 'suspended' | 'closed' {
  if (match.status !== 'live') return 'closed';
  if (match.live_suspended || market?.suspended) return 'suspended';
  return match.live_betting ? 'open' : 'closed';
}

/** "盘口暂停 · 进球" while suspended, "已停止投注" once the match takes no more in-play bets. */
export function liveStateText(
  match: Pick<Match, 'live_suspend_reason'>,
  state: 'suspended' | 'closed',
): string {
  if (state === 'closed') return CLOSED_REASON_TEXT.stopped;
  return match.live_suspend_reason
    ? `${CLOSED_REASON_TEXT.suspended} · ${match.live_suspend_reason}`
    : CLOSED_REASON_TEXT.suspended;
}

/** Ids of the matches closed at `now`, for cards to grey out. */
export function closedMatchIds(matches: ReadonlyArray<SaleState & { id: number }>, now: number): Set<number> {
  const out = new Set<number>();
  for (const m of matches) if (isSalesClosed(m, now)) out.add(m.id);
  return out;
}

/**
 * Legs of a slip that can no longer be placed, each with its reason (the rest stay). A leg with
 * `live` (an in-play leg whose match is listed) goes when its match stops taking in-play bets or an
 * operator closes its market; a passing in-play suspension keeps it.
 */
export function closedLegs<S>(
  legs: readonly S[],
  stateOf: (leg: S) => {
    sale: SaleState | undefined;
    market: Pick<Market, 'suspended'> | undefined;
    live?: LiveSaleState | undefined;
  },
  now: number,
): Array<{ leg: S; reason: ClosedReason }> {
  const out: Array<{ leg: S; reason: ClosedReason }> = [];
  for (const leg of legs) {
    const { sale, market, live } = stateOf(leg);
    if (live) {
      if (market?.suspended) out.push({ leg, reason: 'suspended' });
      else if (inPlayState(live, market) === 'closed') out.push({ leg, reason: 'stopped' });
      continue;
    }
    // A leg whose match we know nothing about stays: the server decides at submit.
    if (!sale) continue;
    const reason = closedReason(sale, market, now);
    if (reason) out.push({ leg, reason });
  }
  return out;
}
