import { Popup } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import type { MatchStatistics } from '../model.ts';
import { dayLabel, weekdayOf } from '../time.ts';

/** Day chips: 全部 and each Beijing day with matches on sale. */
export function DateTabs({
  stats,
  value,
  onChange,
}: {
  stats: MatchStatistics | undefined;
  value: string;
  onChange: (date: string) => void;
}) {
  const days = stats?.dates ?? [];
  return (
    <div className="chip-row date-tabs" role="tablist" aria-label="比赛日期">
      <button
        type="button"
        role="tab"
        aria-selected={value === 'all'}
        className={value === 'all' ? 'chip active' : 'chip'}
        onClick={() => onChange('all')}
      >
        <span>全部</span>
        <small>{stats ? `${stats.total}场` : ''}</small>
      </button>
      {days.map((d) => (
        <button
          key={d.date}
          type="button"
          role="tab"
          aria-selected={value === d.date}
          className={value === d.date ? 'chip active' : 'chip'}
          onClick={() => onChange(d.date)}
        >
          <span>
            {dayLabel(d.date)} {dayLabel(d.date).includes('-') ? weekdayOf(d.date) : ''}
          </span>
          <small>{d.count}场</small>
        </button>
      ))}
    </div>
  );
}

/** League filter: a button showing the choice and a sheet listing the leagues on sale that day. */
export function LeagueFilter({
  stats,
  value,
  onChange,
}: {
  stats: MatchStatistics | undefined;
  value: number;
  onChange: (leagueId: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const leagues = stats?.by_league ?? [];
  const current = leagues.find((l) => l.league_id === value);
  const pick = (id: number) => {
    onChange(id);
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        className={value ? 'league-filter active' : 'league-filter'}
        onClick={() => setOpen(true)}
      >
        {current?.name ?? '全部联赛'}
        <DownFill />
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="sheet league-sheet">
        <div className="sheet-title">选择联赛</div>
        <div className="league-grid">
          <button type="button" className={value === 0 ? 'chip active' : 'chip'} onClick={() => pick(0)}>
            <span>全部联赛</span>
            <small>{stats?.total ?? 0}场</small>
          </button>
          {leagues.map((l) => (
            <button
              key={l.league_id}
              type="button"
              className={value === l.league_id ? 'chip active' : 'chip'}
              onClick={() => pick(l.league_id)}
            >
              <span>{l.name}</span>
              <small>{l.count}场</small>
            </button>
          ))}
        </div>
      </Popup>
    </>
  );
}
