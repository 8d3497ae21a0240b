import {
  describeOpenCode,
  findLottery,
  periodByNumber,
  playContextForPeriod,
  type FamilyCode,
  type LotteryPeriodView,
} from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/ui/format.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { LiveCountdown } from '../components/Countdown.tsx';
import { OpenCode } from '../components/OpenCode.tsx';
import { TrendChart, type TrendMode } from '../components/TrendChart.tsx';
import { useLotteryLive } from '../live.ts';
import { gamePath, verifyPath } from '../model.ts';
import {
  lotteryKeys,
  useCurrentExpectQuery,
  useHistoryQuery,
  useLotteryDetailQuery,
  useTrendQuery,
} from '../queries.ts';
import '../lottery.css';
import { ListEnd } from '@/ui/ListEnd.tsx';

/** Short attributes of a draw: 和值, 大小单双, 形态, 龙虎, 特码生肖 …. */
function summary(code: string, family: FamilyCode, period: LotteryPeriodView): string[] {
  try {
    const config = findLottery(period.code);
    const schedule = config ? periodByNumber(config, period.expect) : null;
    const ctx = config && schedule ? playContextForPeriod(config, schedule) : {};
    const a = describeOpenCode(family, code, ctx);
    switch (a.family) {
      case 'k3':
        return [`和值 ${a.sum}`, a.bigSmall ?? '豹子', a.oddEven ?? '', a.form].filter(Boolean);
      case 'pk10':
        return [
          `冠亚和 ${a.firstTwoSum}`,
          a.firstTwoBigSmall,
          a.firstTwoOddEven,
          a.dragonTiger.map((d) => d.result).join(''),
        ];
      case 'ssc':
        return [`总和 ${a.total}`, a.totalBigSmall, a.totalOddEven, a.dragonTiger, `前三${a.forms.front}`];
      case '11x5':
        return [`和值 ${a.sum}`, a.bigSmall, a.oddEven, `单双比 ${a.oddCount}:${5 - a.oddCount}`];
      case 'lhc':
        return [`特码 ${a.special.zodiac}`, `${a.special.colour}波`, a.special.bigSmall, a.special.oddEven];
    }
  } catch {
    return [];
  }
}

const LIMITS = [30, 50, 100] as const;

/** pages/lottery/lottery-detail?code=: draw history and the trend chart (遗漏, hot and cold), pull to refresh. */
export default function LotteryDetailPage() {
  const code = useUrlParam('code');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<'history' | 'trend'>('history');
  const [limit, setLimit] = useState<(typeof LIMITS)[number]>(30);
  const [mode, setMode] = useState<TrendMode>({ kind: 'position', index: 0 });
  const detail = useLotteryDetailQuery(code);
  const expect = useCurrentExpectQuery(code);
  const history = useHistoryQuery(code);
  const trend = useTrendQuery(code, limit);
  useLotteryLive(code ? [code] : []);
  const family = detail.data?.type;
  const periods = history.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <Page title={detail.data ? `${detail.data.name} 开奖` : '开奖详情'}>
      <Tabs className="lt-tabs sticky" activeKey={tab} onChange={(key) => setTab(key as 'history' | 'trend')}>
        <Tabs.Tab key="history" title="开奖历史" />
        <Tabs.Tab key="trend" title="走势图" />
      </Tabs>
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: lotteryKeys.all, type: 'active' })}
      >
        {detail.error ? (
          <ErrorBlock status="disconnected" title={detail.error.message} description="下拉可重新加载" />
        ) : null}
        {detail.data ? (
          <div className="lt-detail-head card card-gold">
            <div>
              <strong>{detail.data.name}</strong>
              <span className="hint">
                {detail.data.schedule_text} · 封盘提前{detail.data.close_seconds}秒
              </span>
            </div>
            <div className="lt-detail-current">
              <span className="mono">第{expect.data?.current?.expect ?? '--'}期</span>
              <LiveCountdown period={expect.data?.current} compact />
            </div>
            <button type="button" className="lt-go" onClick={() => void navigate(gamePath(code))}>
              去投注
            </button>
          </div>
        ) : null}

        {tab === 'history' ? (
          <div className="lt-history" data-testid="draw-history">
            {history.isPending ? (
              <div className="page-loading">
                <DotLoading color="primary" />
              </div>
            ) : history.error && periods.length === 0 ? (
              <ErrorBlock status="disconnected" title={history.error.message} description="下拉可重新加载" />
            ) : periods.length === 0 ? (
              <ErrorBlock status="empty" title="暂无开奖记录" description="" />
            ) : (
              periods.map((p) => (
                <div key={p.expect} className="lt-history-row">
                  <div className="lt-history-meta">
                    <strong className="mono">{p.expect}期</strong>
                    <span className="hint">{formatDateTime(p.drawn_at ?? p.draw_at, true)}</span>
                  </div>
                  {p.status === 'drawn' && family && p.open_code ? (
                    <>
                      <OpenCode family={family} code={p.open_code} size="sm" />
                      <div className="lt-history-tags">
                        {summary(p.open_code, family, p).map((s, i) => (
                          <span key={i}>{s}</span>
                        ))}
                        <button
                          type="button"
                          className="lt-link"
                          onClick={() => void navigate(verifyPath(code, p.expect))}
                        >
                          验证
                        </button>
                      </div>
                    </>
                  ) : (
                    <div className="lt-history-cancelled">{p.cancel_reason ?? '本期已取消'}</div>
                  )}
                </div>
              ))
            )}
            <InfiniteScroll
              loadMore={async () => void (await history.fetchNextPage())}
              hasMore={history.hasNextPage}
            >
              <ListEnd
                more={history.hasNextPage}
                loading={history.isFetchingNextPage}
                className="lt-list-end"
                end="没有更多了"
              />
            </InfiniteScroll>
          </div>
        ) : (
          <div className="lt-trend-wrap">
            <div className="lt-chips">
              {(detail.data?.positions ?? []).map((label, index) => (
                <button
                  key={label}
                  type="button"
                  className={mode.kind === 'position' && mode.index === index ? 'lt-chip on' : 'lt-chip'}
                  onClick={() => setMode({ kind: 'position', index })}
                >
                  {label}
                </button>
              ))}
              <button
                type="button"
                className={mode.kind === 'number' ? 'lt-chip on' : 'lt-chip'}
                onClick={() => setMode({ kind: 'number' })}
              >
                号码分布
              </button>
            </div>
            <div className="lt-chips small">
              {LIMITS.map((n) => (
                <button
                  key={n}
                  type="button"
                  className={limit === n ? 'lt-chip on' : 'lt-chip'}
                  onClick={() => setLimit(n)}
                >
                  近{n}期
                </button>
              ))}
            </div>
            {trend.isPending ? (
              <div className="page-loading">
                <DotLoading color="primary" />
              </div>
            ) : trend.error ? (
              <ErrorBlock status="disconnected" title={trend.error.message} description="下拉可重新加载" />
            ) : trend.data && trend.data.history.length > 0 ? (
              <TrendChart trend={trend.data} mode={mode} />
            ) : (
              <ErrorBlock status="empty" title="暂无开奖数据" description="" />
            )}
          </div>
        )}
      </PullToRefresh>
    </Page>
  );
}
