import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasOdds, mainMarketOf, type Match } from '../model.ts';
import { beijingDateTime, beijingTime } from '../time.ts';
import { LeagueTag } from './LeagueTag.tsx';

export const LIVE_DETAIL_PATH = '/pages/live-match/detail';

export function liveDetailPath(id: number): string {
  return `${LIVE_DETAIL_PATH}?id=${id}`;
}

/** True for a couple of seconds after the value changes (score flashes). */
function useFlash(value: string): boolean {
  const [flash, setFlash] = useState(false);
  const first = useRef(value);
  useEffect(() => {
    if (value === first.current) return;
    first.current = value;
    setFlash(true);
    const timer = setTimeout(() => setFlash(false), 2_500);
    return () => clearTimeout(timer);
  }, [value]);
  return flash;
}

/** The clock text with a blinking tick while in play: 67' / 第3节 05:12 / 中场. */
export function LiveClock({ match }: { match: Pick<Match, 'status' | 'clock' | 'status_text'> }) {
  if (match.status !== 'live')
    return <span className={`match-state ${match.status}`}>{match.status_text}</span>;
  return (
    <span className="match-state live" data-testid="live-clock">
      <i className="live-dot" />
      {match.clock}
    </span>
  );
}

/**
 * A match in play: score updating in place, clock, half-time, in-play main odds (read only; left
 * out where the in-play markets are shown to bet on, with `odds={false}`).
 */
export function LiveMatchRow({ match, odds = true }: { match: Match; odds?: boolean }) {
  const navigate = useNavigate();
  const flash = useFlash(`${match.home_score}:${match.away_score}`);
  const market = mainMarketOf(match);
  return (
    <button
      type="button"
      className={flash ? 'live-row flash' : 'live-row'}
      data-testid="live-row"
      data-match-id={match.id}
      onClick={() => void navigate(liveDetailPath(match.id))}
    >
      <span className="live-row-head">
        <LeagueTag league={match.league} />
        <span className="match-no">{match.match_no}</span>
        <LiveClock match={match} />
      </span>
      <span className="live-row-main">
        <span className="team home">{match.home_team.name}</span>
        <span className="live-score" data-testid="live-score">
          {match.home_score}
          <i>-</i>
          {match.away_score}
        </span>
        <span className="team away">{match.away_team.name}</span>
      </span>
      <span className="live-row-foot">
        <span>
          {match.half_time
            ? `半场 ${match.half_time.home}-${match.half_time.away}`
            : `开赛 ${beijingTime(match.kickoff_at)}`}
        </span>
        {odds && market && match.status === 'live' ? (
          <span className="live-odds" aria-label="即时赔率">
            {market.options.map((o) => (
              <span key={o.key}>
                {o.name} <b>{hasOdds(o.odds) ? o.odds : '--'}</b>
              </span>
            ))}
          </span>
        ) : null}
      </span>
    </button>
  );
}

/** A row of a day's schedule: time, league, teams with the score once started, state. */
export function ScheduleRow({ match }: { match: Match }) {
  const navigate = useNavigate();
  const started = match.status === 'live' || match.status === 'finished';
  return (
    <button
      type="button"
      className="schedule-row"
      data-testid="schedule-row"
      onClick={() => void navigate(liveDetailPath(match.id))}
    >
      <span className="schedule-time">
        <strong>{beijingTime(match.kickoff_at)}</strong>
        <LeagueTag league={match.league} />
      </span>
      <span className="schedule-teams">
        <span className="team home">{match.home_team.name}</span>
        <span className={started ? 'schedule-score' : 'schedule-vs'}>
          {started ? `${match.home_score} - ${match.away_score}` : 'VS'}
        </span>
        <span className="team away">{match.away_team.name}</span>
      </span>
      <span className="schedule-state">
        <LiveClock match={match} />
      </span>
    </button>
  );
}

/** A finished (or called-off) match: full-time and half-time score. */
export function ResultRow({ match }: { match: Match }) {
  const navigate = useNavigate();
  const cancelled = match.status === 'cancelled';
  return (
    <button
      type="button"
      className="result-row"
      data-testid="result-row"
      onClick={() => void navigate(liveDetailPath(match.id))}
    >
      <span className="result-meta">
        <span className="match-no">{match.match_no}</span>
        <LeagueTag league={match.league} />
        <span className="result-time">{beijingDateTime(match.kickoff_at)}</span>
      </span>
      <span className="schedule-teams">
        <span className="team home">{match.home_team.name}</span>
        <span className={cancelled ? 'schedule-vs cancelled' : 'schedule-score final'}>
          {cancelled ? '取消' : `${match.home_score} - ${match.away_score}`}
        </span>
        <span className="team away">{match.away_team.name}</span>
      </span>
      <span className="result-half">
        {cancelled
          ? '比赛取消，相关投注按规则退款或按1.00计算'
          : match.half_time
            ? `半场 ${match.half_time.home}-${match.half_time.away}`
            : ''}
      </span>
    </button>
  );
}
