import { APPLICATION_STATUSES } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/ui/format.ts';
import { Page } from '@/ui/Page.tsx';
import { ListState } from '../../sports/components/ListStates.tsx';
import { ApplicationTag } from '../components.tsx';
import { activityKeys, useMyApplicationsQuery, type RecordFilter } from '../queries.ts';
import '../../sports/sports.css';
import '../activity.css';
import { yuan } from '@/ui/Money.tsx';
import { ListEnd } from '@/ui/ListEnd.tsx';

const FILTERS: Array<{ key: RecordFilter; title: string }> = [
  { key: 'all', title: '全部' },
  ...(Object.entries(APPLICATION_STATUSES) as Array<[RecordFilter, string]>).map(([key, title]) => ({
    key,
    title,
  })),
];

/** activityPages/records (活动记录): the member's applications with their status. */
export default function ActivityRecordsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<RecordFilter>('all');
  const records = useMyApplicationsQuery(filter);
  const list = records.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <Page title="活动记录">
      <Tabs className="hub-tabs sticky" activeKey={filter} onChange={(key) => setFilter(key as RecordFilter)}>
        {FILTERS.map((f) => (
          <Tabs.Tab key={f.key} title={f.title} />
        ))}
      </Tabs>
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: activityKeys.mine, type: 'active' })}
      >
        <div className="activity-list">
          <ListState
            loading={records.isPending}
            error={records.isError}
            empty={list.length === 0}
            emptyTitle="暂无活动记录"
            emptyText="参与活动后可在这里查看审核进度"
            onRetry={() => void records.refetch()}
          >
            <div className="stack" data-testid="application-list">
              {list.map((r) => (
                <button
                  key={r.id}
                  type="button"
                  className="application-card"
                  onClick={() => void navigate(`/activityPages/detail?id=${r.activity_id}`)}
                >
                  <span className="application-head">
                    <strong>{r.activity_title}</strong>
                    <ApplicationTag status={r.status} text={r.status_text} />
                  </span>
                  <span className="application-row">
                    <span>彩金</span>
                    <b className="activity-highlight">{yuan(r.amount)} 元</b>
                  </span>
                  {r.basis !== '0.00' ? (
                    <span className="application-row">
                      <span>计算依据</span>
                      <span>{yuan(r.basis)} 元</span>
                    </span>
                  ) : null}
                  <span className="application-row">
                    <span>申请时间</span>
                    <span>{formatDateTime(r.created_at)}</span>
                  </span>
                  {r.review_remark ? (
                    <span className="application-row">
                      <span>审核备注</span>
                      <span>{r.review_remark}</span>
                    </span>
                  ) : null}
                </button>
              ))}
            </div>
            <InfiniteScroll
              loadMore={async () => {
                await records.fetchNextPage();
              }}
              hasMore={records.hasNextPage}
            >
              <ListEnd
                more={records.hasNextPage}
                loading={records.isFetchingNextPage}
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
