import { useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, List, PullToRefresh } from 'antd-mobile';
import { toast } from '@/lib/toast.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Money, yuan } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { recordKeys, useClaimRebateMutation, useRebateDetailQuery } from '../queries.ts';
import '../records.css';

/** financePages/rebatedetail?id=: one rebate record and the settled bets it covers. */
export default function RebateDetailPage() {
  const id = Number(useUrlParam('id'));
  const queryClient = useQueryClient();
  const detail = useRebateDetailQuery(id);
  const claim = useClaimRebateMutation();
  const r = detail.data;

  return (
    <Page title="返水详情">
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ queryKey: recordKeys.rebate(id) })}>
        {!Number.isInteger(id) || id <= 0 ? (
          <ErrorBlock status="empty" title="返水记录不存在" description="" />
        ) : detail.isPending ? (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        ) : !r ? (
          <ErrorBlock
            status="empty"
            title={detail.error?.message ?? '返水记录不存在'}
            description="下拉可重新加载"
          />
        ) : (
          <>
            <div className="card card-gold rc-detail-head" data-testid="rebate-detail">
              <span className="muted">{r.category_name}返水</span>
              <strong className="rc-big rc-gain">
                +<Money value={r.amount} />
              </strong>
              <span className={r.status === 'claimed' ? 'rc-tag' : 'rc-tag on'}>{r.status_text}</span>
              {r.status === 'claimable' ? (
                <Button
                  color="primary"
                  shape="rounded"
                  size="small"
                  loading={claim.isPending}
                  onClick={() =>
                    claim.mutate([r.id], {
                      onSuccess: (res) => toast.success(`成功领取返水 ${yuan(res.amount)} 元`),
                    })
                  }
                >
                  立即领取
                </Button>
              ) : null}
            </div>
            <List className="rc-detail-list">
              <List.Item extra={r.bet_date}>投注日期</List.Item>
              <List.Item extra={`VIP${r.vip_level}`}>计算等级</List.Item>
              <List.Item extra={`${r.rate}%`}>返水比例</List.Item>
              <List.Item extra={<Money value={r.valid_bet} />}>有效投注</List.Item>
              <List.Item extra={`${r.bet_count} 笔`}>注单数</List.Item>
              <List.Item extra={formatDateTime(r.created_at, true)}>申请时间</List.Item>
              <List.Item extra={formatDateTime(r.claimed_at, true)}>领取时间</List.Item>
            </List>
            <div className="section-head rc-section-head">
              <h3 className="section-title">返水注单</h3>
            </div>
            <div className="il-list">
              {r.bets.map((b) => (
                <div key={b.bet_no} className="rc-item" data-testid="rebate-bet">
                  <div className="rc-item-main">
                    <strong>{b.bet_no}</strong>
                    <span className="rc-time">结算 {formatDateTime(b.settled_at, true)}</span>
                  </div>
                  <div className="rc-item-side">
                    <Money value={b.amount} />
                  </div>
                </div>
              ))}
            </div>
          </>
        )}
      </PullToRefresh>
    </Page>
  );
}
