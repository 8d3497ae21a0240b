import type { ComprehensiveReport } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { DotLoading, ErrorBlock, PullToRefresh } from 'antd-mobile';
import { useState } from 'react';
import { DateRangeBar } from '@/ui/DateRangeBar.tsx';
import { lastDays } from '@/ui/day-range.ts';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { Figures, SignedMoney } from '../components.tsx';
import { recordKeys, useComprehensiveQuery } from '../queries.ts';
import '../records.css';

type Row = ComprehensiveReport['summary'];

const figureItems = (f: Row) => [
  { label: '充值', value: <Money value={f.deposits} /> },
  { label: '提现', value: <Money value={f.withdrawals} /> },
  { label: '投注', value: <Money value={f.bets} /> },
  { label: '派奖', value: <Money value={f.payouts} /> },
  { label: '返水', value: <Money value={f.rebates} /> },
  { label: '彩金', value: <Money value={f.bonuses} /> },
];

/** financePages/comprehensive (综合报表): the member's money over a date range, day by day. */
export default function ComprehensivePage() {
  const queryClient = useQueryClient();
  const [range, setRange] = useState(() => lastDays(7));
  const report = useComprehensiveQuery(range);
  const data = report.data;

  return (
    <Page title="综合报表">
      <div className="rc-filters sticky">
        <DateRangeBar value={range} onChange={setRange} />
      </div>
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: recordKeys.all, type: 'active' })}
      >
        {report.isPending ? (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        ) : !data ? (
          <ErrorBlock status="disconnected" title="加载失败" description="下拉可重新加载" />
        ) : (
          <>
            <div className="card card-gold rc-report" data-testid="report-summary">
              <div className="rc-profit">
                <span className="muted">
                  {data.start_date} 至 {data.end_date} 盈亏
                </span>
                <SignedMoney value={data.summary.profit} className="rc-big" />
              </div>
              <Figures items={figureItems(data.summary)} />
            </div>
            <div className="card rc-categories" data-testid="report-categories">
              <div className="rc-cat-row rc-cat-head muted">
                <span>分类</span>
                <span>投注</span>
                <span>派奖</span>
                <span>盈亏</span>
              </div>
              {data.categories.map((c) => (
                <div key={c.category} className="rc-cat-row" data-category={c.category}>
                  <span>{c.category_name}</span>
                  <Money value={c.bets} />
                  <Money value={c.payouts} />
                  <SignedMoney value={c.profit} />
                </div>
              ))}
            </div>
            <div className="section-head rc-section-head">
              <h3 className="section-title">每日明细</h3>
            </div>
            <div className="il-list" data-testid="report-days">
              {data.days.length === 0 ? (
                <ErrorBlock status="empty" title="所选日期内暂无资金变动" description="" />
              ) : (
                data.days.map((d) => (
                  <div key={d.date} className="card rc-day">
                    <div className="rc-day-head">
                      <strong>{d.date}</strong>
                      <span>
                        盈亏 <SignedMoney value={d.profit} />
                      </span>
                    </div>
                    <Figures items={figureItems(d)} />
                  </div>
                ))
              )}
              {data.days.length > 0 ? (
                <span className="il-end rc-end">共 {data.days.length} 天有记录</span>
              ) : null}
            </div>
            <p className="hint rc-note">
              盈亏 = 派奖 + 返水 + 彩金 −
              投注（投注已扣除退款）；投注与派奖含体育、彩票与电子游戏，电子游戏按已结算的游戏记录统计，转入、转出游戏钱包不计入；按北京时间自然日统计。
            </p>
          </>
        )}
      </PullToRefresh>
    </Page>
  );
}
