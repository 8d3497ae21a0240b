import { useNavigate } from 'react-router';
import { hasOdds, mainMarketOf, type Match } from '../model.ts';
import { beijingDateTime } from '../time.ts';
import { LeagueTag } from './LeagueTag.tsx';

export function betPagePath(sport: Match['sport'], betType?: string): string {
  return `/betPages/${sport}/index${betType ? `?betType=${encodeURIComponent(betType)}` : ''}`;
}

/** An upcoming match with its 胜平负 / 胜负 odds; tapping opens the sport's betting page. */
export function HotMatchCard({ match }: { match: Match }) {
  const navigate = useNavigate();
  const market = mainMarketOf(match);
  return (
    <button
      type="button"
      className="hot-match"
      data-testid="hot-match"
      onClick={() => void navigate(betPagePath(match.sport))}
    >
      <span className="hot-match-head">
        <LeagueTag league={match.league} />
        <span className="match-no">{match.match_no}</span>
        <span className="hot-match-time">{beijingDateTime(match.kickoff_at)}</span>
      </span>
      <span className="hot-match-teams">
        <span className="team home">{match.home_team.name}</span>
        <span className="vs">VS</span>
        <span className="team away">{match.away_team.name}</span>
      </span>
      {market ? (
        <span
          className="hot-match-odds"
          style={{ gridTemplateColumns: `repeat(${market.options.length}, 1fr)` }}
        >
          {market.options.map((o) => (
            <span key={o.key} className="hot-odds">
              <small>{o.name}</small>
              <b>{hasOdds(o.odds) ? o.odds : '--'}</b>
            </span>
          ))}
        </span>
      ) : null}
    </button>
  );
}
