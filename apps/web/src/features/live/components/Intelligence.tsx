import { DotLoading } from 'antd-mobile';
import type { MatchDetail } from '../../sports/model.ts';
import { useIntelligenceQuery, useMissingQuery } from '../../sports/queries.ts';
import { beijingDate } from '../../sports/time.ts';

const FORM_TEXT = { W: '胜', D: '平', L: '负' } as const;

function Form({ name, form }: { name: string; form: Array<'W' | 'D' | 'L'> }) {
  return (
    <div className="form-row">
      <span className="form-team">{name}</span>
      <span className="form-badges">
        {form.length === 0 ? <span className="muted">暂无记录</span> : null}
        {form.map((r, i) => (
          <span key={i} className={`form-badge ${r}`}>
            {FORM_TEXT[r]}
          </span>
        ))}
      </span>
    </div>
  );
}

/** 情报: recent form, scoring averages, head-to-head and notes. */
export function IntelligencePanel({ match }: { match: MatchDetail }) {
  const intel = useIntelligenceQuery(match.id, true);
  if (intel.isPending) return <DotLoading color="primary" />;
  if (!intel.data) return <p className="empty-note">情报暂不可用</p>;
  const d = intel.data;
  const avgLabel = match.sport === 'basketball' ? '场均得分' : '场均进球';
  return (
    <div className="intel" data-testid="intelligence">
      <div className="panel">
        <h4>近期战绩（近5场）</h4>
        <Form name={match.home_team.name} form={d.home_form} />
        <Form name={match.away_team.name} form={d.away_form} />
        <div className="avg-row">
          <span>
            {avgLabel} <b>{d.home_goals_avg}</b>
          </span>
          <span>
            {avgLabel} <b>{d.away_goals_avg}</b>
          </span>
        </div>
      </div>
      <div className="panel">
        <h4>历史交锋</h4>
        {d.head_to_head.length === 0 ? <p className="empty-note">两队近期没有交锋记录</p> : null}
        {d.head_to_head.map((h, i) => (
          <div key={i} className="h2h-row">
            <span className="muted">{beijingDate(h.date)}</span>
            <span className="h2h-team home">{h.home_team}</span>
            <b>{h.score}</b>
            <span className="h2h-team">{h.away_team}</span>
          </div>
        ))}
      </div>
      {d.notes.length > 0 ? (
        <div className="panel">
          <h4>情报要点</h4>
          <ul className="notes">
            {d.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** 伤停: who misses the match, per side. */
export function MissingPanel({ match }: { match: MatchDetail }) {
  const missing = useMissingQuery(match.id, true);
  if (missing.isPending) return <DotLoading color="primary" />;
  if (!missing.data) return <p className="empty-note">伤停信息暂不可用</p>;
  const sides = [
    { name: match.home_team.name, list: missing.data.home },
    { name: match.away_team.name, list: missing.data.away },
  ];
  return (
    <div className="missing" data-testid="missing">
      {sides.map((side) => (
        <div key={side.name} className="panel">
          <h4>{side.name}</h4>
          {side.list.length === 0 ? <p className="empty-note">暂无伤停球员</p> : null}
          {side.list.map((m, i) => (
            <div key={i} className="missing-row">
              <span className="status-tag small lost">{m.reason}</span>
              <span>{m.detail}</span>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
