import { CHASE_STATUSES, type ChaseStatus } from '@app/shared';
import { DotLoading, ErrorBlock, InfiniteScroll, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/ui/format.ts';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { chaseDetailPath } from './paths.ts';
import { useChaseListQuery } from './queries.ts';
import '../lottery.css';

const FILTERS: Array<{ key: ChaseStatus | 'all'; title: string }> = [
  { key: 'all', title: '全部' },
  ...Object.entries(CHASE_STATUSES).map(([key, title]) => ({ key: key as ChaseStatus, title })),
];

/** 追号记录: each chase with its progress (期数), what it froze, spent and won, and its state. */
export default function ChaseListPage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<ChaseStatus | 'all'>('all');
  const chases = useChaseListQuery(filter);
  const list = chases.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Page title="追号记录">
      <Tabs
        className="lt-tabs sticky"
        activeKey={filter}
        onChange={(key) => setFilter(key as ChaseStatus | 'all')}
      >
        {FILTERS.map((f) => (
          <Tabs.Tab key={f.key} title={f.title} />
        ))}
      </Tabs>
      <div className="lt-records" data-testid="chase-records">
        {chases.isPending ? (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        ) : chases.error && list.length === 0 ? (
          <ErrorBlock status="disconnected" title={chases.error.message} description="请稍后重试" />
        ) : list.length === 0 ? (
          <ErrorBlock
            status="empty"
            title="暂无追号记录"
            description="在投注单中选择「追号」即可连续多期投注"
          />
        ) : (
          list.map((c) => (
            <button
              key={c.chase_no}
              type="button"
              className="card lt-chase-card"
              data-testid="chase-card"
              onClick={() => void navigate(chaseDetailPath(c.chase_no))}
            >
              <div className="lt-chase-card-head">
                <strong>{c.lottery_name}</strong>
                <span className={`lt-chase-status ${c.status}`} data-testid="chase-status">
                  {c.status_text}
                </span>
              </div>
              <div className="lt-chase-card-body">
                <span>
                  已追{' '}
                  <b data-testid="chase-progress">
                    {c.placed}/{c.periods}
                  </b>{' '}
                  期
                </span>
                <span>
                  总额 <Money value={c.total_amount} />
                </span>
                <span>
                  中奖 <Money className={c.payout !== '0.00' ? 'lt-gain' : undefined} value={c.payout} />
                </span>
              </div>
              <div className="lt-chase-card-foot muted">
                <span className="mono">{c.chase_no}</span>
                <span>{formatDateTime(c.created_at)}</span>
              </div>
            </button>
          ))
        )}
        <InfiniteScroll
          loadMore={() => chases.fetchNextPage().then(() => undefined)}
          hasMore={Boolean(chases.hasNextPage)}
        />
      </div>
    </Page>
  );
}
