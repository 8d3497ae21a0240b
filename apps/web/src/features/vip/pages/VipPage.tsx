import { useQueryClient } from '@tanstack/react-query';
import { DotLoading, ErrorBlock, ProgressBar } from 'antd-mobile';
import { useState } from 'react';
import { DateRangeBar } from '@/ui/DateRangeBar.tsx';
import { lastDays } from '@/ui/day-range.ts';
import { formatDateTime } from '@/ui/format.ts';
import { InfiniteList } from '@/ui/InfiniteList.tsx';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { VipBadge } from '../../mine/components/VipBadge.tsx';
import { mineKeys, useVipQuery, type VipLevelInfo } from '../../mine/queries.ts';
import { recordKeys, useBonusLogsQuery } from '../../records/queries.ts';
import '../../records/records.css';
import '../vip.css';

/** A figure towards the next level's threshold. */
function Requirement({ label, value, target }: { label: string; value: string; target: string | null }) {
  return (
    <div className="vip-req">
      <span className="muted">{label}</span>
      <span>
        <Money value={value} />
        {target ? (
          <>
            {' / '}
            <Money value={target} />
          </>
        ) : null}
      </span>
    </div>
  );
}

function Hero({ vip }: { vip: VipLevelInfo }) {
  const current = vip.levels.find((l) => l.level === vip.vip_level);
  return (
    <div className="card card-gold vip-hero" data-testid="vip-hero">
      <div className="vip-hero-head">
        <VipBadge level={vip.vip_level} name={vip.level_name} />
        <span className="vip-hero-next">
          {vip.next_level_name ? `距 ${vip.next_level_name}` : '已达最高等级'}
        </span>
      </div>
      <div className="vip-progress" data-testid="vip-progress">
        <ProgressBar percent={vip.progress} />
        <span>{vip.progress}%</span>
      </div>
      <Requirement label="累计充值" value={vip.paysum} target={vip.next_paysum} />
      <Requirement label="累计有效投注" value={vip.totalgame} target={vip.next_totalgame} />
      <p className="hint">充值与有效投注同时达到下一等级要求即自动晋级，每级礼金发放一次。</p>
      {current ? (
        <div className="vip-benefits" data-testid="vip-benefits">
          <div>
            <span className="muted">体育返水</span>
            <strong>{current.rebate_rate_sports}%</strong>
          </div>
          <div>
            <span className="muted">彩票返水</span>
            <strong>{current.rebate_rate_lottery}%</strong>
          </div>
          <div>
            <span className="muted">电子返水</span>
            <strong>{current.rebate_rate_games}%</strong>
          </div>
          <div>
            <span className="muted">每日提现</span>
            <strong>{current.daily_withdraw_count}次</strong>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Ladder({ vip }: { vip: VipLevelInfo }) {
  return (
    <div className="vip-ladder" data-testid="vip-ladder">
      <div className="vip-row vip-row-head">
        <span>等级</span>
        <span>累计充值</span>
        <span>有效投注</span>
        <span>晋级礼金</span>
        <span>体育/彩票返水</span>
      </div>
      {vip.levels.map((l) => (
        <div key={l.level} className={l.level === vip.vip_level ? 'vip-row on' : 'vip-row'}>
          <span>{l.name}</span>
          <Money value={l.min_paysum} />
          <Money value={l.min_totalgame} />
          <Money value={l.upgrade_bonus} />
          <span>
            {l.rebate_rate_sports}%/{l.rebate_rate_lottery}%
          </span>
        </div>
      ))}
    </div>
  );
}

/** minePages/vip: the member's level, progress to the next one, benefits, the ladder and upgrades. */
export default function VipPage() {
  const queryClient = useQueryClient();
  const vip = useVipQuery();
  const [range, setRange] = useState(() => lastDays(90));
  const { source } = useBonusLogsQuery('vip_upgrade', range);

  return (
    <Page title="VIP特权">
      <InfiniteList
        source={source}
        onRefresh={() =>
          Promise.all([
            queryClient.refetchQueries({ queryKey: mineKeys.vip() }),
            queryClient.refetchQueries({ queryKey: recordKeys.all, type: 'active' }),
          ])
        }
        header={
          vip.isPending ? (
            <div className="page-loading vip-loading">
              <DotLoading color="primary" />
            </div>
          ) : !vip.data ? (
            <ErrorBlock status="disconnected" title="加载失败" description="下拉可重新加载" />
          ) : (
            <>
              <Hero vip={vip.data} />
              <div className="section-head vip-section-head">
                <h3 className="section-title">等级特权</h3>
              </div>
              <Ladder vip={vip.data} />
              <div className="section-head vip-section-head">
                <h3 className="section-title">晋级记录</h3>
              </div>
              <DateRangeBar value={range} onChange={setRange} />
            </>
          )
        }
        renderItem={(log) => (
          <div key={log.id} className="rc-item vip-upgrade" data-testid="vip-upgrade">
            <div className="rc-item-main">
              <strong>{log.title}</strong>
              <span className="rc-time">{formatDateTime(log.created_at, true)}</span>
            </div>
            <div className="rc-item-side">
              <span className="vip-bonus">
                +<Money value={log.amount} />
              </span>
            </div>
          </div>
        )}
        emptyTitle="暂无晋级记录"
        emptyText="达到下一等级要求后自动晋级并发放礼金"
        testId="vip-upgrades"
      />
    </Page>
  );
}
