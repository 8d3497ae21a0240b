import { Button, Dialog, DotLoading, ErrorBlock } from 'antd-mobile';
import { formatDateTime } from '@/ui/format.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Money, yuan } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { useCancelChase, useChaseDetailQuery } from './queries.ts';
import '../lottery.css';

const STOP_TEXT = { none: '不停止', any_win: '中奖后停止', win_over: '中奖超过金额后停止' } as const;

/** One chase: its slip, the figures (frozen, spent, returned, won) and every period's state; cancel the rest. */
export default function ChaseDetailPage() {
  const chaseNo = useUrlParam('chase_no');
  const detail = useChaseDetailQuery(chaseNo);
  const cancel = useCancelChase();
  const chase = detail.data;

  const confirmCancel = async () => {
    if (!chase) return;
    const ok = await Dialog.confirm({
      title: '撤销追号',
      content: `撤销尚未投注的期数，冻结中的 ${yuan(chase.frozen)} 元将退回彩票钱包。已投注的期数照常开奖。`,
      confirmText: '确认撤销',
    });
    if (ok) cancel.mutate(chase.chase_no);
  };

  return (
    <Page
      title="追号详情"
      footer={
        chase?.status === 'running' && chase.frozen !== '0.00' ? (
          <div className="lt-batch-bar">
            <span>
              冻结中 <Money value={chase.frozen} /> 元
            </span>
            <Button
              size="small"
              color="danger"
              data-testid="chase-cancel"
              loading={cancel.isPending}
              onClick={() => void confirmCancel()}
            >
              撤销追号
            </Button>
          </div>
        ) : undefined
      }
    >
      {!chase ? (
        detail.error ? (
          <ErrorBlock status="disconnected" title={detail.error.message} description="请稍后重试" />
        ) : (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        )
      ) : (
        <>
          <section className="card card-gold lt-chase-summary" data-testid="chase-summary">
            <div className="lt-chase-card-head">
              <strong>{chase.lottery_name} 追号</strong>
              <span className={`lt-chase-status ${chase.status}`} data-testid="chase-status">
                {chase.status_text}
              </span>
            </div>
            {chase.bets.map((b) => (
              <div key={`${b.play_code}:${b.bet_codes}`} className="lt-chase-line">
                <span>{b.play_name}</span>
                <span className="lt-confirm-codes">{b.bet_codes}</span>
                <span>
                  {b.item_count}注 × {b.multiple}倍
                </span>
              </div>
            ))}
            <dl className="lt-chase-facts">
              <div>
                <dt>期数</dt>
                <dd data-testid="chase-progress">
                  {chase.placed}/{chase.periods}
                </dd>
              </div>
              <div>
                <dt>总金额</dt>
                <dd>{yuan(chase.total_amount)}</dd>
              </div>
              <div>
                <dt>已投注</dt>
                <dd>{yuan(chase.spent)}</dd>
              </div>
              <div>
                <dt>已退回</dt>
                <dd data-testid="chase-refunded">{yuan(chase.refunded)}</dd>
              </div>
              <div>
                <dt>中奖</dt>
                <dd data-testid="chase-payout">{yuan(chase.payout)}</dd>
              </div>
              <div>
                <dt>停止条件</dt>
                <dd>{STOP_TEXT[chase.stop]}</dd>
              </div>
            </dl>
            {chase.stop_reason ? (
              <p className="lt-chase-reason" data-testid="chase-stop-reason">
                {chase.stop_reason}
              </p>
            ) : null}
            <div className="muted lt-chase-card-foot">
              <span className="mono">{chase.chase_no}</span>
              <span>{formatDateTime(chase.created_at)}</span>
            </div>
          </section>
          <section className="lt-chase-schedule" data-testid="chase-schedule">
            <div className="lt-chase-row head">
              <span>期号</span>
              <span>倍数</span>
              <span>金额</span>
              <span>状态</span>
              <span>中奖</span>
            </div>
            {chase.schedule.map((p) => (
              <div key={p.seq} className="lt-chase-row" data-testid="chase-period">
                <span className="mono">{p.expect}</span>
                <span>{p.multiple}</span>
                <span>{yuan(p.amount)}</span>
                <span className={`lt-chase-period ${p.status}`} title={p.message ?? undefined}>
                  {p.status_text}
                </span>
                <span>{p.payout !== '0.00' ? yuan(p.payout) : '--'}</span>
                {p.message ? <em className="lt-chase-note">{p.message}</em> : null}
              </div>
            ))}
          </section>
        </>
      )}
    </Page>
  );
}
