import { Button, DotLoading, ErrorBlock, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { betPagePath } from '../../sports/components/HotMatchCard.tsx';
import { LiveSourceBadge } from '../../sports/components/LiveSourceBadge.tsx';
import { MarketGrid } from '../../sports/components/MarketGrid.tsx';
import { useLiveMatchUpdates } from '../../sports/live-updates.ts';
import type { MatchDetail } from '../../sports/model.ts';
import { useMatchDetailQuery } from '../../sports/queries.ts';
import { EventsTimeline, StatsBars } from '../components/MatchFacts.tsx';
import { IntelligencePanel, MissingPanel } from '../components/Intelligence.tsx';
import { Scoreboard } from '../components/Scoreboard.tsx';
import '../../sports/sports.css';
import '../live.css';

type DetailTab = 'facts' | 'odds' | 'intel' | 'missing';

function OddsPanel({ match }: { match: MatchDetail }) {
  const navigate = useNavigate();
  if (match.markets.length === 0) {
    return (
      <p className="empty-note">{match.status === 'live' ? '暂无即时赔率' : '比赛已结束，赔率已关闭'}</p>
    );
  }
  return (
    <div className="odds-panel" data-testid="inplay-odds">
      <p className="hint">
        {match.status === 'live'
          ? '滚球赔率随比赛实时变化；滚球注单提交后需数秒确认，期间盘口暂停或赔率变化可能被拒并退款'
          : match.betting_open
            ? '赛前赔率，开赛前可投注'
            : '赔率仅供参考'}
      </p>
      {match.markets.map((market) => (
        <div key={market.play_type} className="panel">
          <h4>{market.name}</h4>
          <MarketGrid market={market} readOnly suspended={match.status === 'live' && match.live_suspended} />
        </div>
      ))}
      {match.betting_open ? (
        <Button block color="primary" onClick={() => void navigate(betPagePath(match.sport))}>
          去投注
        </Button>
      ) : match.status === 'live' && (match.live_betting || match.live_suspended) ? (
        <Button
          block
          color="primary"
          data-testid="go-inplay"
          onClick={() => void navigate(`/pages/gameplay/gameplay?tab=live&sport=${match.sport}`)}
        >
          去滚球投注
        </Button>
      ) : null}
    </div>
  );
}

/** pages/live-match/detail?id=: scoreboard and clock updating in place, events, stats, odds, intelligence. */
export default function LiveMatchDetailPage() {
  const id = Number(useUrlParam('id')) || 0;
  const detail = useMatchDetailQuery(id);
  const [tab, setTab] = useState<DetailTab>('facts');
  useLiveMatchUpdates();
  const match = detail.data;

  return (
    <Page
      title={match ? match.league.short_name : '比赛详情'}
      right={match?.status === 'live' ? <LiveSourceBadge /> : null}
    >
      {detail.isPending && id > 0 ? (
        <div className="page-loading">
          <DotLoading color="primary" />
        </div>
      ) : !match ? (
        <ErrorBlock status="empty" title="比赛不存在" description="请返回重新选择比赛" />
      ) : (
        <>
          <Scoreboard match={match} />
          <Tabs className="detail-tabs" activeKey={tab} onChange={(key) => setTab(key as DetailTab)}>
            <Tabs.Tab key="facts" title="赛况" />
            <Tabs.Tab key="odds" title={match.status === 'live' ? '即时赔率' : '赔率'} />
            <Tabs.Tab key="intel" title="情报" />
            <Tabs.Tab key="missing" title="伤停" />
          </Tabs>
          <div className="detail-body">
            {tab === 'facts' ? (
              <>
                <StatsBars match={match} />
                <div className="panel">
                  <h4>比赛事件</h4>
                  <EventsTimeline match={match} />
                </div>
              </>
            ) : null}
            {tab === 'odds' ? <OddsPanel match={match} /> : null}
            {tab === 'intel' ? <IntelligencePanel match={match} /> : null}
            {tab === 'missing' ? <MissingPanel match={match} /> : null}
          </div>
        </>
      )}
    </Page>
  );
}
