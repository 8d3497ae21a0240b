import type { RebateRecordView } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tabs } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { DateRangeBar } from '@/ui/DateRangeBar.tsx';
import { lastDays } from '@/ui/day-range.ts';
import { InfiniteList } from '@/ui/InfiniteList.tsx';
import { Money, yuan } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import {
  recordKeys,
  useApplyRebateMutation,
  useClaimableQuery,
  useClaimRebateMutation,
  useRebateRecordsQuery,
} from '../queries.ts';
import '../records.css';

type StatusFilter = 'all' | 'claimable' | 'claimed';
const FILTERS: Array<{ key: StatusFilter; title: string }> = [
  { key: 'all', title: '全部' },
  { key: 'claimable', title: '待领取' },
  { key: 'claimed', title: '已领取' },
];

function RebateItem({
  record,
  onClaim,
  claiming,
}: {
  record: RebateRecordView;
  onClaim: (id: number) => void;
  claiming: boolean;
}) {
  const navigate = useNavigate();
  return (
    <div
      className="rc-item rc-rebate"
      data-testid="rebate-item"
      data-status={record.status}
      role="button"
      tabIndex={0}
      onClick={() => void navigate(`/financePages/rebatedetail?id=${record.id}`)}
    >
      <div className="rc-item-main">
        <strong>
          {record.category_name}返水 <span className="rc-tag">{record.bet_date}</span>
        </strong>
        <span className="muted">
          有效投注 <Money value={record.valid_bet} /> · {record.bet_count}笔 · 比例 {record.rate}%
        </span>
        <span className="rc-time">VIP{record.vip_level}</span>
      </div>
      <div className="rc-item-side">
        <span className="rc-gain rc-amount">
          +<Money value={record.amount} />
        </span>
        {record.status === 'claimable' ? (
          <Button
            size="mini"
            color="primary"
            loading={claiming}
            onClick={(e) => {
              e.stopPropagation();
              onClaim(record.id);
            }}
          >
            领取
          </Button>
        ) : (
          <span className="muted">
            {record.status_text} <RightOutline />
          </span>
        )}
      </div>
    </div>
  );
}

/** financePages/rebaterecord (返水记录): apply for and claim rebates, and the records. */
export default function RebateRecordPage() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [range, setRange] = useState(() => lastDays(30));
  const claimable = useClaimableQuery();
  const { source } = useRebateRecordsQuery(status, range);
  const apply = useApplyRebateMutation();
  const claim = useClaimRebateMutation();
  const pending = claimable.data?.pending;

  const claimIds = (ids?: number[]) =>
    claim.mutate(ids, { onSuccess: (r) => toast.success(`成功领取返水 ${yuan(r.amount)} 元`) });
  const applyNow = () =>
    apply.mutate(undefined, {
      onSuccess: (r) =>
        r.created > 0
          ? toast.success(`已生成${r.created}条返水，共 ${yuan(r.total)} 元`)
          : toast.info('暂无可申请的返水'),
    });

  return (
    <Page title="返水记录">
      <InfiniteList
        source={source}
        onRefresh={() => queryClient.refetchQueries({ queryKey: recordKeys.all, type: 'active' })}
        header={
          <>
            <div className="card card-gold rc-rebate-card" data-testid="rebate-claimable">
              <div className="rc-rebate-row">
                <div>
                  <span className="muted">可领取返水</span>
                  <strong className="rc-big">
                    <Money value={claimable.data?.claimable_amount} />
                  </strong>
                  <span className="muted">{claimable.data?.claimable_count ?? 0} 条待领取</span>
                </div>
                <Button
                  color="primary"
                  shape="rounded"
                  disabled={!claimable.data?.claimable_count}
                  loading={claim.isPending}
                  onClick={() => claimIds(undefined)}
                >
                  一键领取
                </Button>
              </div>
              <div className="rc-rebate-row rc-pending">
                <div>
                  <span className="muted">待申请返水（已结算未返水的有效投注）</span>
                  <strong>
                    <Money value={pending?.total} /> 元
                  </strong>
                </div>
                <Button
                  size="small"
                  shape="rounded"
                  disabled={!pending || pending.total === '0.00'}
                  loading={apply.isPending}
                  onClick={applyNow}
                >
                  申请返水
                </Button>
              </div>
              <div className="rc-rates">
                {pending?.categories.map((c) => (
                  <span key={c.category}>
                    {c.category_name} <b>{c.rate}%</b>
                  </span>
                ))}
                {pending ? <span className="muted">VIP{pending.vip_level} 返水比例</span> : null}
              </div>
            </div>
            <Tabs className="rc-tabs" activeKey={status} onChange={(k) => setStatus(k as StatusFilter)}>
              {FILTERS.map((f) => (
                <Tabs.Tab key={f.key} title={f.title} />
              ))}
            </Tabs>
            <DateRangeBar value={range} onChange={setRange} />
          </>
        }
        renderItem={(record) => (
          <RebateItem
            key={record.id}
            record={record}
            claiming={claim.isPending && claim.variables?.[0] === record.id}
            onClaim={(id) => claimIds([id])}
          />
        )}
        emptyTitle="暂无返水记录"
        emptyText="投注结算后点击「申请返水」，按VIP等级比例返还"
        testId="rebate-list"
      />
    </Page>
  );
}
