import { LiveClock } from '../../sports/components/MatchRows.tsx';
import type { MatchDetail } from '../../sports/model.ts';
import { beijingDateTime } from '../../sports/time.ts';

function Crest({ name }: { name: string }) {
  return <span className="crest">{name.slice(0, 1)}</span>;
}

/** Teams, score, clock and half-time; basketball adds the points of each quarter. */
export function Scoreboard({ match }: { match: MatchDetail }) {
  const started = match.status === 'live' || match.status === 'finished';
  const quarters = match.sport === 'basketball' ? match.periods : [];
  return (
    <section className="scoreboard card-gold" data-testid="scoreboard">
      <div className="scoreboard-league">
        <span>{match.league.name}</span>
        <span className="muted">{match.match_no}</span>
      </div>
      <div className="scoreboard-main">
        <div className="scoreboard-team">
          <Crest name={match.home_team.name} />
          <strong>{match.home_team.name}</strong>
          <small>主</small>
        </div>
        <div className="scoreboard-center">
          <div
            className={
              match.home_score >= 100 || match.away_score >= 100
                ? 'scoreboard-score wide'
                : 'scoreboard-score'
            }
            data-testid="detail-score"
          >
            {started ? (
              <>
                {match.home_score}
                <i>:</i>
                {match.away_score}
              </>
            ) : (
              <span className="scoreboard-vs">VS</span>
            )}
          </div>
          <LiveClock match={match} />
          <div className="scoreboard-sub">
            {match.half_time
              ? `半场 ${match.half_time.home}:${match.half_time.away}`
              : beijingDateTime(match.kickoff_at)}
          </div>
        </div>
        <div className="scoreboard-team">
          <Crest name={match.away_team.name} />
          <strong>{match.away_team.name}</strong>
          <small>客</small>
        </div>
      </div>
      {quarters.length > 0 ? (
        <table className="quarters">
          <thead>
            <tr>
              <th />
              {quarters.map((_, i) => (
                <th key={i}>{i < 4 ? `第${i + 1}节` : `加时${i - 3}`}</th>
              ))}
              <th>总分</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{match.home_team.name}</td>
              {quarters.map((q, i) => (
                <td key={i}>{q.home}</td>
              ))}
              <td className="gold-text">{match.home_score}</td>
            </tr>
            <tr>
              <td>{match.away_team.name}</td>
              {quarters.map((q, i) => (
                <td key={i}>{q.away}</td>
              ))}
              <td className="gold-text">{match.away_score}</td>
            </tr>
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
