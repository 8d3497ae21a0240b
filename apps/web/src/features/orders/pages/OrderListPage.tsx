import { useQueryClient } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/ui/Page.tsx';
import { FOLLOW_HALL_PATH } from '../../follow/paths.ts';
import { SYNDICATE_HALL_PATH } from '../../syndicates/paths.ts';
import { ListState } from '../../sports/components/ListStates.tsx';
import { OrderCard } from '../components/OrderCard.tsx';
import { ORDER_FILTERS, type OrderFilter } from '../model.ts';
import { orderKeys, useOrderHistoryQuery } from '../queries.ts';
import { useOrderPushes } from '../pushes.ts';
import '../../sports/sports.css';
import '../orders.css';
import { ListEnd } from '@/ui/ListEnd.tsx';

const SPORTS = [
  { value: 0, title: '全部' },
  { value: 1, title: '足球' },
  { value: 2, title: '篮球' },
];

/** betPages/order/list (我的注单): the member's orders by status and sport, page by page. */
export default function OrderListPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [sportType, setSportType] = useState(0);
  const history = useOrderHistoryQuery(filter, sportType);
  const list = history.data?.pages.flatMap((p) => p.list) ?? [];
  useOrderPushes();

  return (
    <Page
      title="我的注单"
      right={
        <span className="order-links">
          <Link className="order-follow-link" to={SYNDICATE_HALL_PATH} data-testid="syndicate-hall-link">
            合买
          </Link>
          <Link className="order-follow-link" to={FOLLOW_HALL_PATH} data-testid="follow-hall-link">
            跟单
          </Link>
        </span>
      }
    >
      <Tabs className="hub-tabs sticky" activeKey={filter} onChange={(key) => setFilter(key as OrderFilter)}>
        {ORDER_FILTERS.map((f) => (
          <Tabs.Tab key={f.key} title={f.title} />
        ))}
      </Tabs>
      <div className="chip-row order-sports">
        {SPORTS.map((s) => (
          <button
            key={s.value}
            type="button"
            className={sportType === s.value ? 'chip active' : 'chip'}
            onClick={() => setSportType(s.value)}
          >
            <span>{s.title}</span>
          </button>
        ))}
      </div>
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: orderKeys.all, type: 'active' })}
      >
        <div className="order-list">
          <ListState
            loading={history.isPending}
            error={history.isError}
            empty={list.length === 0}
            emptyTitle="暂无注单"
            emptyText="投注后可在这里查看注单与开奖结果"
            onRetry={() => void history.refetch()}
          >
            <div className="stack" data-testid="order-list">
              {list.map((o) => (
                <OrderCard key={o.id} order={o} />
              ))}
            </div>
            <InfiniteScroll
              loadMore={async () => {
                await history.fetchNextPage();
              }}
              hasMore={history.hasNextPage}
            >
              <ListEnd
                more={history.hasNextPage}
                loading={history.isFetchingNextPage}
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
