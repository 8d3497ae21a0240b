import { PUBLIC_CHANNELS, REALTIME_EVENTS } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import { subscribePublic } from '@/lib/realtime/index.ts';
import {
  applyMatchUpdate,
  applyOddsUpdate,
  cacheHoldsMatch,
  parseMatchUpdate,
  parseOddsUpdate,
  patchCachedMatch,
} from './live-patch.ts';
import { sportsKeys } from './queries.ts';
import { slipPushes } from './slip/pushes.ts';

/** Least time between two refetches of the live lists caused by pushes. */
const LIST_REFRESH_GAP_MS = 3_000;

/**
 * Applies `match.updated` and `odds.updated` pushes of the public `matches.live` channel to every
 * cached sports query in place (lists, pages, details) and notes moved prices and suspensions of
 * picked options in the slip, once a page has loaded it (`slip/pushes.ts`). A match that starts or
 * ends changes who is in the live lists, so those refetch; a score change refetches the match's
 * events. Returns the unsubscriber.
 */
export function subscribeLiveMatches(queryClient: QueryClient): () => void {
  let lastListRefresh = 0;
  const refreshLists = () => {
    const now = Date.now();
    if (now - lastListRefresh < LIST_REFRESH_GAP_MS) return;
    lastListRefresh = now;
    void queryClient.invalidateQueries({ queryKey: sportsKeys.liveAll() });
    void queryClient.invalidateQueries({ queryKey: [...sportsKeys.all, 'today'] });
  };

  const offMatch = subscribePublic(PUBLIC_CHANNELS.liveMatches, REALTIME_EVENTS.matchUpdated, (data) => {
    const update = parseMatchUpdate(data);
    if (!update) return;
    const detail = queryClient.getQueryData<{ home_score: number; away_score: number }>(
      sportsKeys.detail(update.id),
    );
    const scored =
      detail !== undefined &&
      (detail.home_score !== update.home_score || detail.away_score !== update.away_score);
    const inLiveList = queryClient
      .getQueriesData({ queryKey: sportsKeys.liveAll() })
      .some(([, cached]) => cacheHoldsMatch(cached, update.id));
    queryClient.setQueriesData({ queryKey: sportsKeys.all }, (old: unknown) =>
      patchCachedMatch(old, update.id, (m) => applyMatchUpdate(m, update)),
    );
    slipPushes.match(update);
    if (update.status === 'live' ? !inLiveList : inLiveList) refreshLists();
    if (scored || update.status === 'finished') {
      void queryClient.invalidateQueries({ queryKey: sportsKeys.detail(update.id) });
    }
  });
  const offOdds = subscribePublic(PUBLIC_CHANNELS.liveMatches, REALTIME_EVENTS.oddsUpdated, (data) => {
    const update = parseOddsUpdate(data);
    if (!update) return;
    queryClient.setQueriesData({ queryKey: sportsKeys.all }, (old: unknown) =>
      patchCachedMatch(old, update.id, (m) => applyOddsUpdate(m, update)),
    );
    // A picked option whose price moved shows the new price beside the accepted one.
    slipPushes.odds(update);
  });
  return () => {
    offMatch();
    offOdds();
  };
}
