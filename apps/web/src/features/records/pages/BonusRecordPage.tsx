import type { BonusLogView } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DateRangeBar } from '@/ui/DateRangeBar.tsx';
import { lastDays } from '@/ui/day-range.ts';
import { formatDateTime } from '@/ui/format.ts';
import { InfiniteList } from '@/ui/InfiniteList.tsx';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { ChipRow, Figures, SignedMoney } from '../components.tsx';
import { recordKeys, useBonusLogsQuery, useBonusStatsQuery } from '../queries.ts';
import '../records.css';

const TYPES = [
  { value: 'all', label: '全部' },
  { value: 'activity', label: '活动彩金' },
  { value: 'vip_upgrade', label: 'VIP晋级礼金' },
  { value: 'invite', label: '邀请奖励' },
  { value: 'manual', label: '人工赠送' },
] as const;

function BonusItem({ log }: { log: BonusLogView }) {
  return (
    <div className="rc-item" data-testid="bonus-item">
      <div className="rc-item-main">
        <strong>{log.title}</strong>
        <span className="muted">
          {log.type_text}
          {log.remark ? ` · ${log.remark}` : ''}
        </span>
        <span className="rc-time">{formatDateTime(log.created_at, true)}</span>
      </div>
      <div className="rc-item-side">
        <SignedMoney value={log.amount} className="rc-amount" />
        <span className="muted">
          打码量 <Money value={log.turnover} />
        </span>
      </div>
    </div>
  );
}

/** financePages/bonusrecord (彩金记录): bonuses paid to the member with totals. */
export default function BonusRecordPage() {
  const queryClient = useQueryClient();
  const [type, setType] = useState<(typeof TYPES)[number]['value']>('all');
  const [range, setRange] = useState(() => lastDays(30));
  const stats = useBonusStatsQuery(range);
  const { source } = useBonusLogsQuery(type, range);

  return (
    <Page title="彩金记录">
      <div className="rc-filters sticky">
        <ChipRow options={TYPES} value={type} onChange={setType} />
        <DateRangeBar value={range} onChange={setRange} />
      </div>
      <InfiniteList
        source={source}
        onRefresh={() => queryClient.refetchQueries({ queryKey: recordKeys.all, type: 'active' })}
        header={
          <div className="card card-gold rc-summary">
            <Figures
              testId="bonus-summary"
              items={[
                { label: '期间笔数', value: stats.data?.count ?? '--' },
                { label: '期间彩金', value: <Money value={stats.data?.total} /> },
                { label: '累计彩金', value: <Money value={stats.data?.total_all_time} /> },
              ]}
            />
          </div>
        }
        renderItem={(log) => <BonusItem key={log.id} log={log} />}
        emptyTitle="暂无彩金记录"
        emptyText="活动彩金、VIP晋级礼金与邀请奖励会显示在这里"
        testId="bonus-list"
      />
    </Page>
  );
}
