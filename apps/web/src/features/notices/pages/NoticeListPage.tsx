import { NOTICE_CATEGORY_LIST } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh, SearchBar, Tabs, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '@/ui/format.ts';
import { useDebounced } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { ListState } from '../../sports/components/ListStates.tsx';
import { noticeKeys, useNoticeListQuery } from '../queries.ts';
import '../../sports/sports.css';
import '../notices.css';
import { ListEnd } from '@/ui/ListEnd.tsx';

const TABS = [
  { id: 0, name: '全部' },
  ...NOTICE_CATEGORY_LIST.map((c) => ({ id: c.id, name: c.name.replace('公告', '') })),
];

/** noticePages/list: notices by category (?category=1..4), with search; pull to refresh. */
export default function NoticeListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const category = Number(params.get('category')) || 0;
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 400);
  const query = useNoticeListQuery(category, search);
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <Page title="平台公告">
      <Tabs
        className="hub-tabs sticky"
        activeKey={String(category)}
        onChange={(key) => setParams(key === '0' ? {} : { category: key }, { replace: true })}
      >
        {TABS.map((t) => (
          <Tabs.Tab key={String(t.id)} title={t.name} />
        ))}
      </Tabs>
      <div className="notice-search">
        <SearchBar placeholder="搜索公告" value={keyword} onChange={setKeyword} maxLength={50} />
      </div>
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: noticeKeys.all, type: 'active' })}
      >
        <div className="notice-list" data-testid="notice-list">
          <ListState
            loading={query.isPending}
            error={query.isError}
            empty={list.length === 0}
            emptyTitle={search ? '没有找到相关公告' : '暂无公告'}
            onRetry={() => void query.refetch()}
          >
            {list.map((n) => (
              <button
                key={n.id}
                type="button"
                className="notice-item"
                onClick={() => void navigate(`/noticePages/detail?id=${n.id}`)}
              >
                <div className="notice-item-head">
                  {n.is_top ? (
                    <Tag color="danger" fill="outline">
                      置顶
                    </Tag>
                  ) : null}
                  <span className="notice-item-title">{n.title}</span>
                </div>
                <p className="notice-item-summary">{n.summary}</p>
                <div className="notice-item-meta">
                  {n.category_name} · {formatDateTime(n.published_at)}
                </div>
              </button>
            ))}
            <InfiniteScroll
              loadMore={async () => void (await query.fetchNextPage())}
              hasMore={query.hasNextPage}
            >
              <ListEnd
                more={query.hasNextPage}
                loading={query.isFetchingNextPage}
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
