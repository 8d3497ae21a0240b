import { useQueryClient } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '@/ui/Page.tsx';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { ListState } from '../../sports/components/ListStates.tsx';
import { activityWindow, StateTag } from '../components.tsx';
import { activityKeys, useActivitiesQuery, useActivityTypesQuery, type ActivityTab } from '../queries.ts';
import '../../sports/sports.css';
import '../activity.css';
import { ListEnd } from '@/ui/ListEnd.tsx';

/** pages/activity/activity (活动 tab): activities by category with their banners. */
export default function ActivityPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = useSessionStore(selectLoggedIn);
  const [tab, setTab] = useState<ActivityTab>('all');
  const types = useActivityTypesQuery();
  const activities = useActivitiesQuery(tab);
  const list = activities.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <Page
      title="优惠活动"
      noBack
      right={
        loggedIn ? (
          <button
            type="button"
            className="activity-records-link"
            onClick={() => void navigate('/activityPages/records')}
          >
            <UnorderedListOutline /> 活动记录
          </button>
        ) : null
      }
    >
      <Tabs className="hub-tabs sticky" activeKey={tab} onChange={(key) => setTab(key as ActivityTab)}>
        <Tabs.Tab key="all" title="全部" />
        {(types.data?.list ?? []).map((t) => (
          <Tabs.Tab key={t.key} title={t.name} />
        ))}
      </Tabs>
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: activityKeys.all, type: 'active' })}
      >
        <div className="activity-list">
          <ListState
            loading={activities.isPending}
            error={activities.isError}
            empty={list.length === 0}
            emptyTitle="暂无活动"
            emptyText="更多精彩活动即将上线，敬请期待"
            onRetry={() => void activities.refetch()}
          >
            <div className="stack" data-testid="activity-list">
              {list.map((a) => (
                <button
                  key={a.id}
                  type="button"
                  className="activity-card"
                  onClick={() => void navigate(`/activityPages/detail?id=${a.id}`)}
                >
                  <img src={a.image} alt={a.title} className="activity-banner" loading="lazy" />
                  <span className="activity-card-body">
                    <span className="activity-card-head">
                      <strong>{a.title}</strong>
                      <StateTag state={a.state} />
                    </span>
                    <span className="activity-summary">{a.summary}</span>
                    <span className="activity-meta">
                      <span className="activity-highlight">{a.highlight}</span>
                      <span>{activityWindow(a)}</span>
                    </span>
                  </span>
                </button>
              ))}
            </div>
            <InfiniteScroll
              loadMore={async () => {
                await activities.fetchNextPage();
              }}
              hasMore={activities.hasNextPage}
            >
              <ListEnd
                more={activities.hasNextPage}
                loading={activities.isFetchingNextPage}
                className="list-end"
                end="没有更多了"
              />
            </InfiniteScroll>
          </ListState>
        </div>
      </PullToRefresh>
    </Page>
  );
}
