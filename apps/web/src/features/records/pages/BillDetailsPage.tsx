import { LEDGER_TYPES, type BillEntryView, type LedgerType } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DateRangeBar } from '@/ui/DateRangeBar.tsx';
import { lastDays } from '@/ui/day-range.ts';
import { formatDateTime } from '@/ui/format.ts';
import { InfiniteList } from '@/ui/InfiniteList.tsx';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { ChipRow, Figures, SignedMoney } from '../components.tsx';
import { recordKeys, useBillsQuery, useBillTypesQuery } from '../queries.ts';
import '../records.css';

function BillItem({ entry }: { entry: BillEntryView }) {
  return (
    <div className="rc-item" data-testid="bill-item" data-type={entry.type}>
      <div className="rc-item-main">
        <strong>{entry.type_text}</strong>
        <span className="muted">{entry.remark}</span>
        <span className="rc-time">
          {formatDateTime(entry.created_at, true)} · {entry.wallet_name}
        </span>
      </div>
      <div className="rc-item-side">
        <SignedMoney value={entry.amount} className="rc-amount" />
        <span className="muted">
          余额 <Money value={entry.after} grouped />
        </span>
      </div>
    </div>
  );
}

/** financePages/billdetails (账变记录): every ledger entry of the member, by type and date. */
export default function BillDetailsPage() {
  const queryClient = useQueryClient();
  const [type, setType] = useState<'all' | LedgerType>('all');
  const [range, setRange] = useState(() => lastDays(30));
  const types = useBillTypesQuery();
  const { source, first } = useBillsQuery(type, range);
  const options = [
    { value: 'all' as const, label: '全部' },
    ...(types.data ?? []).filter((o): o is { value: LedgerType; label: string } => o.value in LEDGER_TYPES),
  ];

  return (
    <Page title="账变记录">
      <div className="rc-filters sticky">
        <ChipRow options={options} value={type} onChange={setType} />
        <DateRangeBar value={range} onChange={setRange} />
      </div>
      <InfiniteList
        source={source}
        onRefresh={() => queryClient.refetchQueries({ queryKey: recordKeys.all, type: 'active' })}
        header={
          <div className="card card-gold rc-summary">
            <Figures
              testId="bill-summary"
              items={[
                { label: '笔数', value: first?.total ?? '--' },
                { label: '收入', value: <Money value={first?.income} grouped /> },
                { label: '支出', value: <Money value={first?.expense} grouped /> },
              ]}
            />
          </div>
        }
        renderItem={(entry) => <BillItem key={entry.id} entry={entry} />}
        emptyTitle="暂无账变记录"
        emptyText="充值、投注、派奖、返水等资金变动都会记录在这里"
        testId="bill-list"
      />
    </Page>
  );
}
