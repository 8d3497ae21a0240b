import type { BetType } from '@app/shared';
import { memo } from 'react';
import { marketOf, type Market, type Match } from '../model.ts';
import { beijingTime } from '../time.ts';
import { LeagueTag } from './LeagueTag.tsx';
import { MarketGrid } from './MarketGrid.tsx';

interface BetMatchCardProps {
  match: Match;
  betType: BetType;
  /** Option keys of this match selected for the current bet type. */
  selectedKeys: ReadonlySet<string>;
  onTap: (match: Match, market: Market, option: Market['options'][number]) => void;
}

/** One open match on a betting page: number, league, kick-off, teams and the bet type's odds. */
export const BetMatchCard = memo(function BetMatchCard({
  match,
  betType,
  selectedKeys,
  onTap,
}: BetMatchCardProps) {
  const market = marketOf(match, betType);
  return (
    <article
      className={selectedKeys.size > 0 ? 'bet-match picked' : 'bet-match'}
      data-testid="bet-match"
      data-match-id={match.id}
    >
      <header className="bet-match-head">
        <span className="match-no">{match.match_no}</span>
        <LeagueTag league={match.league} />
        <span className="bet-match-time">{beijingTime(match.kickoff_at)} 截止</span>
      </header>
      <div className="bet-match-teams">
        <span className="team home">{match.home_team.name}</span>
        <span className="vs">VS</span>
        <span className="team away">{match.away_team.name}</span>
      </div>
      {market ? (
        <MarketGrid
          market={market}
          selectedKeys={selectedKeys}
          onTap={(option) => onTap(match, market, option)}
        />
      ) : (
        <div className="market-closed">该玩法暂未开售</div>
      )}
    </article>
  );
});
