import { findLottery, type LotteryBetView } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { CHASE_LIST_PATH } from '../chase/paths.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Money, yuan } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { BetCard } from '../components/BetCard.tsx';
import { useLotteryLive } from '../live.ts';
import {
  lotteryKeys,
  useBatchCancelMutation,
  useBetListQuery,
  useBetStatsQuery,
  useCancelBetMutation,
  type BetFilter,
} from '../queries.ts';
import '../lottery.css';
import { ListEnd } from '@/ui/ListEnd.tsx';

const FILTERS: Array<{ key: BetFilter; title: string }> = [
  { key: 'all', title: '全部' },
  { key: 'pending', title: '待开奖' },
  { key: 'won', title: '已中奖' },
  { key: 'lost', title: '未中奖' },
  { key: 'cancelled', title: '已撤单' },
];

/** Lottery bet records: stats, filters, cancel one or several bets before 封盘. */
export default function LotteryRecordsPage() {
  const code = useUrlParam('code');
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<BetFilter>('all');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const bets = useBetListQuery(filter, code);
  const stats = useBetStatsQuery(code);
  const cancel = useCancelBetMutation();
  const batch = useBatchCancelMutation();
  const list = bets.data?.pages.flatMap((p) => p.list) ?? [];
  useLotteryLive(
    code ? [code] : [...new Set(list.filter((b) => b.status === 'pending').map((b) => b.lottery_code))],
  );
  const name = code ? findLottery(code)?.name : undefined;

  const confirmCancel = async (bet: LotteryBetView) => {
    const ok = await Dialog.confirm({
      title: '撤单',
      content: `撤销 ${bet.lottery_name} 第${bet.expect}期 ${bet.play_name}，退回 ${yuan(bet.amount)} 元到彩票钱包？`,
      confirmText: '确认撤单',
    });
    if (ok) cancel.mutate(bet.id);
  };
  const cancelSelected = async () => {
    const ids = [...selected];
    const ok = await Dialog.confirm({
      title: '批量撤单',
      content: `撤销已选的 ${ids.length} 注单？`,
      confirmText: '确认撤单',
    });
    if (ok) batch.mutate(ids, { onSuccess: () => setSelected(new Set()) });
  };
  const toggle = (bet: LotteryBetView, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(bet.id);
      else next.delete(bet.id);
      return next;
    });

  return (
    <Page
      title={name ? `${name} 投注记录` : '彩票投注记录'}
      footer={
        selected.size > 0 ? (
          <div className="lt-batch-bar">
            <span>已选 {selected.size} 注</span>
            <Button size="small" onClick={() => setSelected(new Set())}>
              取消选择
            </Button>
            <Button
              size="small"
              color="primary"
              loading={batch.isPending}
              onClick={() => void cancelSelected()}
            >
              批量撤单
            </Button>
          </div>
        ) : undefined
      }
    >
      <Tabs className="lt-tabs sticky" activeKey={filter} onChange={(key) => setFilter(key as BetFilter)}>
        {FILTERS.map((f) => (
          <Tabs.Tab key={f.key} title={f.title} />
        ))}
      </Tabs>
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: lotteryKeys.member, type: 'active' })}
      >
        <Link className="lt-chase-link" to={CHASE_LIST_PATH} data-testid="chase-records-link">
          追号记录 <span aria-hidden>›</span>
        </Link>
        <div className="lt-stats card card-gold" data-testid="bet-stats">
          {stats.error ? (
            <span className="hint">{stats.error.message}</span>
          ) : (
            <>
              <div>
                <span className="muted">投注金额</span>
                <Money value={stats.data?.total_amount} />
              </div>
              <div>
                <span className="muted">派奖金额</span>
                <Money value={stats.data?.payout} />
              </div>
              <div>
                <span className="muted">盈亏</span>
                <Money
                  className={stats.data?.profit.startsWith('-') ? 'lt-loss' : 'lt-gain'}
                  value={stats.data?.profit}
                />
              </div>
              <div>
                <span className="muted">待开奖</span>
                <span>{stats.data?.pending_count ?? '--'} 注</span>
              </div>
            </>
          )}
        </div>
        <div className="lt-records" data-testid="bet-records">
          {bets.isPending ? (
            <div className="page-loading">
              <DotLoading color="primary" />
            </div>
          ) : bets.error && list.length === 0 ? (
            <ErrorBlock status="disconnected" title={bets.error.message} description="下拉可重新加载" />
          ) : list.length === 0 ? (
            <ErrorBlock status="empty" title="暂无投注记录" description="投注后可在这里查看开奖与派奖" />
          ) : (
            list.map((bet) => (
              <BetCard
                key={bet.id}
                bet={bet}
                family={findLottery(bet.lottery_code)?.family ?? 'k3'}
                onCancel={(b) => void confirmCancel(b)}
                selected={selected.has(bet.id)}
                onSelect={toggle}
              />
            ))
          )}
          <InfiniteScroll loadMore={async () => void (await bets.fetchNextPage())} hasMore={bets.hasNextPage}>
            <ListEnd
              more={bets.hasNextPage}
              loading={bets.isFetchingNextPage}
              className="lt-list-end"
              end="没有更多了"
            />
          </InfiniteScroll>
        </div>
      </PullToRefresh>
    </Page>
  );
}
