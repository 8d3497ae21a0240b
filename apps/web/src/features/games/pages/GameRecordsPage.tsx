import { formatDateTime } from '@/ui/format.ts';
import type { GameRecordView } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { RECORD_RANGES, rangeDates, type RecordRange } from '../model.ts';
import { gameKeys, useGameRecordsQuery, useGameRecordStatsQuery } from '../queries.ts';
import '../games.css';
import { ListEnd } from '@/ui/ListEnd.tsx';

const time = (iso: string) => formatDateTime(iso, true);

function RecordCard({ record }: { record: GameRecordView }) {
  const win = !record.profit.startsWith('-') && record.profit !== '0.00';
  return (
    <div className="gm-record card" data-testid="game-record">
      <div className="gm-record-head">
        <strong>{record.game_name}</strong>
        <span className="muted">{record.platform_name}</span>
        <span className={win ? 'gm-gain' : record.profit === '0.00' ? 'muted' : 'gm-loss'}>
          {win ? '+' : ''}
          <Money value={record.profit} />
        </span>
      </div>
      <div className="gm-record-body">
        <span>
          投注 <Money value={record.bet} />
        </span>
        <span>
          派彩 <Money value={record.payout} />
        </span>
        <span className="muted">{time(record.played_at)}</span>
      </div>
      <div className="gm-record-detail muted">{record.detail}</div>
    </div>
  );
}

/** financePages/gamerecords: slot and casino rounds by Beijing day range, with totals. */
export default function GameRecordsPage() {
  const queryClient = useQueryClient();
  const [range, setRange] = useState<RecordRange>('today');
  const { start_date: start, end_date: end } = rangeDates(range);
  const records = useGameRecordsQuery(start, end);
  const stats = useGameRecordStatsQuery(start, end);
  const list = records.data?.pages.flatMap((p) => p.list) ?? [];
  const profit = stats.data?.profit;

  return (
    <Page title="游戏记录">
      <Tabs className="gm-platforms sticky" activeKey={range} onChange={(k) => setRange(k as RecordRange)}>
        {RECORD_RANGES.map((r) => (
          <Tabs.Tab key={r.key} title={r.title} />
        ))}
      </Tabs>
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: gameKeys.member, type: 'active' })}
      >
        <div className="gm-stats card card-gold" data-testid="game-stats">
          <div>
            <span className="muted">笔数</span>
            <span>{stats.data?.count ?? '--'}</span>
          </div>
          <div>
            <span className="muted">投注</span>
            <Money value={stats.data?.bet} />
          </div>
          <div>
            <span className="muted">派彩</span>
            <Money value={stats.data?.payout} />
          </div>
          <div>
            <span className="muted">盈亏</span>
            <Money className={profit?.startsWith('-') ? 'gm-loss' : 'gm-gain'} value={profit} />
          </div>
        </div>
        <div className="gm-records" data-testid="game-records">
          {records.isPending ? (
            <div className="page-loading">
              <DotLoading color="primary" />
            </div>
          ) : records.error && list.length === 0 ? (
            <ErrorBlock status="disconnected" title={records.error.message} description="下拉可重新加载" />
          ) : list.length === 0 ? (
            <ErrorBlock status="empty" title="暂无游戏记录" description="在电子游戏中游戏后可在这里查看" />
          ) : (
            list.map((r) => <RecordCard key={r.id} record={r} />)
          )}
          <InfiniteScroll
            loadMore={async () => void (await records.fetchNextPage())}
            hasMore={records.hasNextPage}
          >
            <ListEnd
              more={records.hasNextPage}
              loading={records.isFetchingNextPage}
              className="gm-list-end"
              end="没有更多了"
            />
          </InfiniteScroll>
        </div>
      </PullToRefresh>
    </Page>
  );
}
