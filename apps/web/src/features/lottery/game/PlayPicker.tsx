import type { LotteryPlayGroupsView, LotteryPlayView } from '@app/shared';
import { Tabs } from 'antd-mobile';
import type { Dispatch } from 'react';
import type { SlipAction } from './slip-state.ts';

type PlayGroup = LotteryPlayGroupsView['groups'][number];

/** The play tabs (两面, 和值 …), the plays of the tab as chips, and the chosen play's rule. */
export function PlayPicker({
  groups,
  group,
  play,
  dispatch,
}: {
  groups: readonly PlayGroup[];
  group: PlayGroup;
  play: LotteryPlayView;
  dispatch: Dispatch<SlipAction>;
}) {
  return (
    <>
      <Tabs
        className="lt-tabs"
        activeKey={group.group}
        onChange={(key) => dispatch({ type: 'group', name: key })}
      >
        {groups.map((g) => (
          <Tabs.Tab key={g.group} title={g.group} />
        ))}
      </Tabs>
      {group.plays.length > 1 ? (
        <div className="lt-play-chips">
          {group.plays.map((p) => (
            <button
              key={p.code}
              type="button"
              className={p.code === play.code ? 'lt-chip on' : 'lt-chip'}
              onClick={() => dispatch({ type: 'play', code: p.code })}
            >
              {p.name}
            </button>
          ))}
        </div>
      ) : null}
      <div className="lt-rule">
        <strong>{play.name}</strong>
        <span>{play.rule}</span>
        {play.odds.length === 1 ? <span className="lt-rule-odds">赔率 {play.odds[0]!.odds}</span> : null}
      </div>
    </>
  );
}
