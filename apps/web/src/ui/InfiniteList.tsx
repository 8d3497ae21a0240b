import { DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import './infinite-list.css';
import { ListEnd } from './ListEnd.tsx';

/** What an infinite TanStack query offers a list. */
export interface InfiniteSource<T> {
  items: T[];
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A member list: pull-to-refresh, loading / failed / empty states, and infinite scroll. `header`
 * scrolls with the list (summary cards) and is refreshed with it.
 */
export function InfiniteList<T>({
  source,
  onRefresh,
  renderItem,
  header,
  emptyTitle,
  emptyText,
  testId,
}: {
  source: InfiniteSource<T>;
  onRefresh: () => Promise<unknown>;
  renderItem: (item: T) => ReactNode;
  header?: ReactNode;
  emptyTitle: string;
  emptyText?: string;
  testId?: string;
}) {
  const { items } = source;
  return (
    <PullToRefresh onRefresh={async () => void (await onRefresh())}>
      {header}
      <div className="il-list" data-testid={testId}>
        {source.isPending ? (
          <div className="page-loading il-state">
            <DotLoading color="primary" />
          </div>
        ) : source.isError && items.length === 0 ? (
          <ErrorBlock status="disconnected" title="加载失败" description="下拉可重新加载" />
        ) : items.length === 0 ? (
          <ErrorBlock status="empty" title={emptyTitle} description={emptyText ?? ''} />
        ) : (
          items.map(renderItem)
        )}
        {items.length > 0 || source.hasNextPage ? (
          <InfiniteScroll
            loadMore={async () => void (await source.fetchNextPage())}
            hasMore={source.hasNextPage}
          >
            <ListEnd
              more={source.hasNextPage}
              loading={source.isFetchingNextPage}
              className="il-end"
              end="没有更多了"
            />
          </InfiniteScroll>
        ) : null}
      </div>
    </PullToRefresh>
  );
}
