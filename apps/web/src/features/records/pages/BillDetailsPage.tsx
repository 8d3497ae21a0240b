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
    <div className="rc-item" data-testid="bill-item" data-type={entry.type} data-kind={entry.kind}>
      <div className="rc-item-main">
        <strong>{entry.type_text}</strong>
        <span className="muted">{entry.remark}</span>
        <span className="rc-time">
          {formatDateTime(entry.created_at, true)} · {entry.wallet_name}
        </span>
      </div>
      <div className="rc-item-side">
        {entry.kind === 'transfer' ? (
          <span className="rc-amount rc-transfer" data-testid="bill-transfer">
            <span className="rc-transfer-tag">转账</span>
            <Money value={entry.amount.replace(/^-/, '')} />
          </span>
        ) : (
          <SignedMoney value={entry.amount} className="rc-amount" />
        )}
        <span className="muted">
          余额 <Money value={entry.after} />
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
                { label: '收入', value: <Money value={first?.income} /> },
                { label: '支出', value: <Money value={first?.expense} /> },
              ]}
            />
            <p className="rc-summary-note muted" data-testid="bill-summary-note">
              收入、支出只计进出账户的资金；主钱包、彩票钱包、游戏钱包之间的转账与提现冻结不计入。
              {first && first.transfer_net !== '0.00' ? (
                <>
                  {' '}
                  {first.transfer_net.startsWith('-') ? '期间净转入游戏钱包' : '期间从游戏钱包净转回'}{' '}
                  <Money value={first.transfer_net.replace(/^-/, '')} /> 元。
                </>
              ) : null}
            </p>
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
