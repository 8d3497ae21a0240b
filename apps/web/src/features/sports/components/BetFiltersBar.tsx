import type { MatchStatistics } from '../model.ts';
import { DateTabs, LeagueFilter } from './BetFilters.tsx';

/** Day chips and the league filter of a betting page. */
export function BetFiltersBar({
  allStats,
  dayStats,
  date,
  leagueId,
  onDate,
  onLeague,
}: {
  allStats: MatchStatistics | undefined;
  dayStats: MatchStatistics | undefined;
  date: string;
  leagueId: number;
  onDate: (date: string) => void;
  onLeague: (leagueId: number) => void;
}) {
  return (
    <div className="bet-filters">
      <DateTabs stats={allStats} value={date} onChange={onDate} />
      <LeagueFilter stats={dayStats} value={leagueId} onChange={onLeague} />
    </div>
  );
}
