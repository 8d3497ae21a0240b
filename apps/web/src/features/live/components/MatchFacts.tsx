import { FootballIcon } from '../../home/components/sport-icons.tsx';
import type { MatchDetail, MatchEvent } from '../../sports/model.ts';

const STAT_NAMES: Record<string, string> = {
  possession: '控球率',
  shots: '射门',
  shots_on_target: '射正',
  corners: '角球',
  fouls: '犯规',
  rebounds: '篮板',
  assists: '助攻',
  threes: '三分命中',
};
const STAT_ORDER = ['possession', 'shots', 'shots_on_target', 'corners'];

function EventIcon({ type }: { type: string }) {
  switch (type) {
    case 'goal':
      return (
        <span className="event-icon goal" aria-label="进球">
          <FootballIcon />
        </span>
      );
    case 'yellow':
      return <span className="event-icon event-card yellow" aria-label="黄牌" />;
    case 'red':
      return <span className="event-icon event-card red" aria-label="红牌" />;
    default:
      return <span className="event-icon whistle">◷</span>;
  }
}

/** Events newest first, home on the left and away on the right of the minute line. */
export function EventsTimeline({ match }: { match: MatchDetail }) {
  const events: MatchEvent[] = [...match.events].reverse();
  if (events.length === 0) {
    return <p className="empty-note">{match.status === 'scheduled' ? '比赛尚未开始' : '暂无比赛事件'}</p>;
  }
  const label = (e: MatchEvent) => (match.sport === 'football' ? `${e.minute}'` : `${e.minute}分`);
  return (
    <ol className="timeline" data-testid="events">
      {events.map((e, i) => (
        <li key={`${e.minute}-${e.type}-${i}`} className={`timeline-item ${e.side ?? 'center'}`}>
          <span className="timeline-side home">
            {e.side === 'home' ? (
              <>
                <span className="timeline-text">{e.text}</span>
                <EventIcon type={e.type} />
              </>
            ) : null}
          </span>
          <span className="timeline-minute">{label(e)}</span>
          <span className="timeline-side away">
            {e.side === 'away' ? (
              <>
                <EventIcon type={e.type} />
                <span className="timeline-text">{e.text}</span>
              </>
            ) : null}
            {e.side === null ? <span className="timeline-text neutral">{e.text}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Side-by-side bars of each statistic. */
export function StatsBars({ match }: { match: MatchDetail }) {
  const keys = Object.keys(match.stats).sort(
    (a, b) => (STAT_ORDER.indexOf(a) + 1 || 99) - (STAT_ORDER.indexOf(b) + 1 || 99),
  );
  if (keys.length === 0) return null;
  return (
    <div className="stats" data-testid="stats">
      {keys.map((key) => {
        const [home, away] = match.stats[key] ?? [0, 0];
        const total = home + away || 1;
        const unit = key === 'possession' ? '%' : '';
        return (
          <div key={key} className="stat">
            <div className="stat-head">
              <strong>
                {home}
                {unit}
              </strong>
              <span>{STAT_NAMES[key] ?? key}</span>
              <strong>
                {away}
                {unit}
              </strong>
            </div>
            <div className="stat-bars">
              <span className="stat-bar home">
                <i style={{ width: `${(home / total) * 100}%` }} />
              </span>
              <span className="stat-bar away">
                <i style={{ width: `${(away / total) * 100}%` }} />
              </span>
            </div>
          </div>
        );
      })}
    </div>
  );
}
