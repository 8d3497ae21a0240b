import { Button, Dialog, DotLoading, ErrorBlock } from 'antd-mobile';
import { Link } from 'react-router';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { followPostPath } from '../paths.ts';
import { useCancelSubscription, useSubscriptionsQuery } from '../queries.ts';
import '../follow.css';

const COPY_STATUS = { pending: '待下单', placed: '已跟单', refused: '未下单' } as const;

/** 我的定制: each subscription with its settings, its copies' money and the latest copies' results. */
export default function FollowSubscriptionsPage() {
  const query = useSubscriptionsQuery();
  const cancel = useCancelSubscription();
  const list = query.data?.list ?? [];
  return (
    <Page title="我的定制">
      <div className="fl-list" data-testid="follow-subscriptions">
        {query.isPending ? (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        ) : list.length === 0 ? (
          <ErrorBlock
            status="empty"
            title="还没有定制跟单"
            description="在晒单详情中点「定制跟单」，自动跟该发单人的新晒单"
          />
        ) : (
          list.map((s) => (
            <section key={s.id} className="card fl-card" data-testid="follow-subscription">
              <div className="fl-card-head">
                <strong>{s.publisher}</strong>
                <span className="fl-rate">{s.mode_text}</span>
                <span
                  className={s.status === 'active' ? 'fl-state open' : 'fl-state'}
                  data-testid="follow-subscription-status"
                >
                  {s.status_text}
                </span>
              </div>
              <dl className="fl-record">
                <div>
                  <dt>每日上限</dt>
                  <dd>
                    <Money value={s.daily_cap} />
                  </dd>
                </div>
                <div>
                  <dt>止损</dt>
                  <dd>{s.stop_loss === null ? '不设' : <Money value={s.stop_loss} />}</dd>
                </div>
                <div>
                  <dt>今日已跟</dt>
                  <dd>
                    <Money value={s.staked_today} />
                  </dd>
                </div>
                <div>
                  <dt>自动跟单</dt>
                  <dd data-testid="follow-subscription-copies">{s.copies}</dd>
                </div>
                <div>
                  <dt>跟单金额</dt>
                  <dd>
                    <Money value={s.staked} />
                  </dd>
                </div>
                <div>
                  <dt>盈亏</dt>
                  <dd>
                    <Money value={s.net} />
                  </dd>
                </div>
              </dl>
              {s.end_reason ? <p className="fl-note muted">结束：{s.end_reason}</p> : null}
              {s.recent.map((c) => (
                <div key={`${c.post_id}-${c.at}`} className="fl-leg" data-testid="follow-subscription-copy">
                  <Link to={followPostPath(c.post_id)}>晒单 #{c.post_id}</Link>
                  <span className="muted">{c.reason ?? (c.stake ? `${c.stake} 元` : '')}</span>
                  <span className="fl-pick">
                    <b>{COPY_STATUS[c.status]}</b> {formatDateTime(c.at)}
                  </span>
                </div>
              ))}
              {s.status === 'active' ? (
                <div className="fl-share-row">
                  <Button
                    size="small"
                    data-testid="follow-subscription-cancel"
                    onClick={() =>
                      void Dialog.confirm({
                        content: `取消对 ${s.publisher} 的定制跟单？已下的注单不受影响。`,
                      }).then((ok) => (ok ? cancel.mutateAsync(s.id).catch(() => undefined) : undefined))
                    }
                  >
                    取消定制
                  </Button>
                </div>
              ) : null}
            </section>
          ))
        )}
      </div>
    </Page>
  );
}
