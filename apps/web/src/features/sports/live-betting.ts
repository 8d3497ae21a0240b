import type { BetType } from '@app/shared';
import { Dialog } from 'antd-mobile';
import { useCallback, useEffect, useMemo } from 'react';
import { toast } from '@/lib/toast.tsx';
import { serverNow } from './clock.ts';
import { inPlayState, liveStateText } from './deadline.ts';
import type { Market, Match } from './model.ts';
import {
  dropClosedLegs,
  enterSport,
  isOptionSelected,
  noteSlipMatches,
  toggleOption,
  useSlipStore,
} from './slip/store.ts';
import { droppedMessage } from './use-deadlines.ts';

/** Selected option keys by match id, then bet type. */
export type LiveSelections = ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>;

/**
 * Betting on the 滚球 board: which options are in the slip, and the tap that toggles one. The
 * board's matches (patched in place by pushes) keep the slip's prices and in-play states current,
 * and a leg whose match stopped taking in-play bets leaves the slip, saying why.
 */
export function useLiveBetting(matches: readonly Match[]): {
  selected: LiveSelections;
  onTap: (match: Match, market: Market, option: Market['options'][number]) => void;
} {
  const bets = useSlipStore((s) => s.slip.selectedBets);

  useEffect(() => {
    if (matches.length === 0) return;
    noteSlipMatches(matches);
    const dropped = dropClosedLegs(matches, serverNow());
    if (dropped.length > 0) toast.warning(droppedMessage(dropped));
  }, [matches]);

  const selected = useMemo(() => {
    const byMatch = new Map<string, Map<string, Set<string>>>();
    for (const s of bets) {
      const byType = byMatch.get(s.matchId) ?? new Map<string, Set<string>>();
      const keys = byType.get(s.betType) ?? new Set<string>();
      keys.add(s.option);
      byType.set(s.betType, keys);
      byMatch.set(s.matchId, byType);
    }
    return byMatch;
  }, [bets]);

  const onTap = useCallback((match: Match, market: Market, option: Market['options'][number]) => {
    const selection = {
      matchId: String(match.id),
      sport: match.sport,
      betType: market.bet_type as BetType,
      option: option.key,
      odds: option.odds,
      line: market.line,
    };
    const { slip } = useSlipStore.getState();
    const picked = isOptionSelected(slip, selection);
    const state = inPlayState(match, market);
    if (state !== 'open' && !picked) {
      toast.warning(`${match.match_no} ${liveStateText(match, state)}`);
      return;
    }
    const place = () => {
      const update = toggleOption(selection, match);
      if (!update.ok) toast.warning(update.message);
    };
    if (slip.currentSport === match.sport) return place();
    // The slip belongs to one sport: picking the other one starts a new slip.
    const start = () => {
      enterSport(match.sport);
      place();
    };
    if (slip.selectedBets.length === 0) return start();
    void Dialog.confirm({
      title: '清空投注单？',
      content: `投注单中是其他运动的选项，选择本场将清空已选的${slip.selectedBets.length}个选项。`,
      confirmText: '确定',
      cancelText: '取消',
    }).then((ok) => {
      if (ok) start();
    });
  }, []);

  return { selected, onTap };
}
