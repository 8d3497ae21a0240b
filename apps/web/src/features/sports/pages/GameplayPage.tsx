import type { Sport } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, PullToRefresh, Tabs } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useBalanceQuery } from '../../mine/queries.ts';
import { BetSlip } from '../components/BetSlip.tsx';
import { BannerCarousel } from '../../notices/BannerCarousel.tsx';
import { useOrderPushes } from '../../orders/pushes.ts';
import { orderKeys } from '../../orders/queries.ts';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { useAppConfigQuery } from '../../site/queries.ts';
import {
  BettingEntry,
  LiveSection,
  MyOrdersSection,
  ResultsSection,
  TodaySection,
} from '../components/HubSections.tsx';
import { SportSwitch } from '../components/SportSwitch.tsx';
import { useLiveMatchUpdates } from '../live-updates.ts';
import { isSport } from '../model.ts';
import { sportsKeys } from '../queries.ts';
import '../sports.css';

type HubTab = 'bet' | 'live' | 'schedule' | 'results' | 'orders';

const TAB_TITLES: Record<HubTab, string> = {
  bet: '竞彩',
  live: '滚球',
  schedule: '赛程',
  results: '赛果',
  orders: '注单',
};

/** pages/gameplay/gameplay (the 竞猜 tab): betting entry, live, today's schedule, results, my orders. */
export default function GameplayPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const loggedIn = useSessionStore(selectLoggedIn);
  const { data: config } = useAppConfigQuery();
  const navigate = useNavigate();
  const balance = useBalanceQuery();
  useLiveMatchUpdates();
  useOrderPushes();

  const sportsEnabled = config?.nav_sports_enabled !== false;
  const liveEnabled = config?.nav_live_ball_enabled !== false;
  const tabs: HubTab[] = [
    'bet',
    ...(liveEnabled ? (['live'] as const) : []),
    'schedule',
    'results',
    ...(loggedIn ? (['orders'] as const) : []),
  ];
  const sportParam = params.get('sport');
  const sport: Sport = isSport(sportParam) ? sportParam : 'football';
  const wanted = params.get('tab') as HubTab | null;
  const tab: HubTab = wanted && tabs.includes(wanted) ? wanted : 'bet';

  const change = (next: { sport?: Sport; tab?: HubTab }) => {
    const merged = new URLSearchParams(params);
    if (next.sport) merged.set('sport', next.sport);
    if (next.tab) merged.set('tab', next.tab);
    setParams(merged, { replace: true });
  };

  const refresh = async () => {
    await Promise.allSettled([
      queryClient.refetchQueries({ queryKey: sportsKeys.all, type: 'active' }),
      loggedIn ? queryClient.refetchQueries({ queryKey: orderKeys.all, type: 'active' }) : Promise.resolve(),
    ]);
  };

  return (
    <div className="page gameplay-page">
      <header className="hub-header">
        <h1 className="hub-title gold-text">竞猜</h1>
        <SportSwitch value={sport} onChange={(next) => change({ sport: next })} />
      </header>
      <Tabs className="hub-tabs" activeKey={tab} onChange={(key) => change({ tab: key as HubTab })}>
        {tabs.map((key) => (
          <Tabs.Tab key={key} title={TAB_TITLES[key]} />
        ))}
      </Tabs>
      <div className="page-body" data-testid={`hub-${tab}`}>
        <PullToRefresh onRefresh={refresh}>
          {tab === 'bet' ? (
            sportsEnabled ? (
              <>
                <BannerCarousel pageType={2} />
                <BettingEntry sport={sport} />
              </>
            ) : (
              <ErrorBlock
                status="default"
                title="竞彩投注暂未开放"
                description="请稍后再来，或先看看比分直播"
              />
            )
          ) : null}
          {tab === 'live' ? <LiveSection sport={sport} /> : null}
          {tab === 'schedule' ? <TodaySection sport={sport} /> : null}
          {tab === 'results' ? <ResultsSection sport={sport} /> : null}
          {tab === 'orders' ? <MyOrdersSection sport={sport} /> : null}
        </PullToRefresh>
      </div>
      {/* 滚球 bets go to the same slip as the betting pages. */}
      {tab === 'live' && sportsEnabled ? (
        <BetSlip
          balance={loggedIn ? (balance.data?.balance ?? null) : null}
          onPlaced={(result) =>
            void navigate(`/betPages/order/detail?order_no=${encodeURIComponent(result.order_no)}`)
          }
        />
      ) : null}
    </div>
  );
}
