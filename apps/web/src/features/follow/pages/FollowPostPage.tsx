import { boostRateText, fenFromDecimal, formatFen, TOAST_MS } from '@app/shared';
import { Button, Dialog, DotLoading, ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { CountInput } from '@/ui/AmountInput.tsx';
import { useUrlParam } from '@/ui/hooks.ts';
import { Money, yuan } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import '@/ui/action-bar.css';
import { formatDateTime } from '@/ui/format.ts';
import { AFTER_BALANCE_PUSH_MS } from '../../orders/cash-out.ts';
import { hitRate, PostLegs } from '../components/PostCard.tsx';
import { SubscribeSheet } from '../components/SubscribeSheet.tsx';
import { FOLLOW_SUBSCRIPTIONS_PATH } from '../paths.ts';
import { useCopyPost, useFollowPostQuery } from '../queries.ts';
import '../follow.css';

/**
 * One 晒单: the publisher's record, comment and selections (at the odds they got), the copies; and
 * 跟单 with the member's own multiple — a new order of theirs at the current odds.
 */
export default function FollowPostPage() {
  const id = Number(useUrlParam('id'));
  const navigate = useNavigate();
  const query = useFollowPostQuery(Number.isInteger(id) ? id : 0);
  const copy = useCopyPost();
  const [multiple, setMultiple] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const post = query.data;
  // The stake of one multiple of the slip: the publisher's stake over their multiple.
  const unitFen = post ? fenFromDecimal(post.total_amount) / BigInt(post.multiple) : 0n;
  const totalFen = unitFen * BigInt(multiple);

  const confirm = async () => {
    if (!post) return;
    const ok = await Dialog.confirm({
      title: '确认跟单',
      content: (
        <div className="fl-confirm" data-testid="follow-confirm">
          <p>
            跟单 {post.publisher} 的{post.pass_type_name}方案 {multiple} 倍，投注 <b>{yuan(totalFen)}</b> 元。
          </p>
          <p className="muted">
            按当前赔率出票；中奖盈利时按 {boostRateText(post.commission_bp)} 支付发单人佣金。
          </p>
        </div>
      ),
      confirmText: '确认跟单',
    });
    if (!ok) return;
    try {
      const order = await copy.mutateAsync({ id: post.id, multiple, total: formatFen(totalFen) });
      // After the balance push's own toast (−X 余额变动 · 投注扣款): one toast shows at a time.
      const said = `跟单成功，投注 ${yuan(order.total_amount)} 元`;
      setTimeout(() => toast.success(said, TOAST_MS.default), AFTER_BALANCE_PUSH_MS);
      void navigate(`/betPages/order/detail?order_no=${encodeURIComponent(order.order_no)}`);
    } catch {
      // The submission toasts the failure.
    }
  };

  return (
    <Page
      title="晒单详情"
      footer={
        post && post.open && !post.mine ? (
          <div className="action-bar" data-testid="follow-copy-bar">
            <CountInput
              testId="follow-multiple"
              min={1}
              max={99}
              value={multiple}
              onChange={setMultiple}
              onProblem={setProblem}
            />
            <span className="muted">倍</span>
            <span className="action-bar-total" data-testid="follow-copy-total">
              <Money value={formatFen(totalFen)} /> 元
            </span>
            <Button
              color="primary"
              data-testid="follow-copy"
              disabled={problem !== null || copy.isPending}
              onClick={() => void confirm()}
            >
              立即跟单
            </Button>
          </div>
        ) : undefined
      }
    >
      {!post ? (
        query.error ? (
          <ErrorBlock status="empty" title={query.error.message} description="请返回跟单大厅" />
        ) : (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        )
      ) : (
        <div className="fl-post" data-testid="follow-post-detail">
          <section className="card card-gold fl-publisher">
            <div className="fl-card-head">
              <strong>{post.publisher}</strong>
              <span className={post.open ? 'fl-state open' : 'fl-state'} data-testid="follow-state">
                {post.open ? '可跟单' : '已截止'}
              </span>
            </div>
            <dl className="fl-record">
              <div>
                <dt>近30天晒单</dt>
                <dd>{post.record.posts_30d}</dd>
              </div>
              <div>
                <dt>命中</dt>
                <dd>
                  {post.record.won_30d}/{post.record.decided_30d}
                </dd>
              </div>
              <div>
                <dt>命中率</dt>
                <dd data-testid="follow-hit-rate">{hitRate(post)}</dd>
              </div>
              <div>
                <dt>连红</dt>
                <dd data-testid="follow-streak">{post.record.streak}</dd>
              </div>
              <div>
                <dt>盈利率</dt>
                <dd>{post.record.return_rate_30d === null ? '--' : `${post.record.return_rate_30d}%`}</dd>
              </div>
              <div>
                <dt>跟单人数</dt>
                <dd data-testid="follow-copies">{post.copies}</dd>
              </div>
              <div>
                <dt>跟单金额</dt>
                <dd>{yuan(post.copied_amount)}</dd>
              </div>
              <div>
                <dt>佣金</dt>
                <dd>{boostRateText(post.commission_bp)}</dd>
              </div>
            </dl>
            {post.comment ? <p className="fl-comment">“{post.comment}”</p> : null}
          </section>
          <section className="card fl-slip">
            <div className="fl-card-head">
              <strong>{post.sport_type === 2 ? '竞彩篮球' : '竞彩足球'}</strong>
              <span className="muted">
                {post.pass_type_name} · {post.multiple}倍 · 自购 <Money value={post.total_amount} />
              </span>
            </div>
            <PostLegs legs={post.legs} />
            <div className="fl-card-meta muted">
              <span>发单 {formatDateTime(post.created_at)}</span>
              <span>截止 {formatDateTime(post.closes_at)}</span>
            </div>
          </section>
          {!post.mine ? (
            <div className="fl-share-row">
              <Button
                size="small"
                color="primary"
                fill="outline"
                data-testid="follow-subscribe"
                onClick={() => setSubscribing(true)}
              >
                定制跟单
              </Button>
            </div>
          ) : null}
          {subscribing ? (
            <SubscribeSheet
              open
              postId={post.id}
              publisher={post.publisher}
              onClose={() => setSubscribing(false)}
              onDone={() => {
                setSubscribing(false);
                toast.success('定制成功，新晒单将自动跟单');
                void navigate(FOLLOW_SUBSCRIPTIONS_PATH);
              }}
            />
          ) : null}
          {post.mine ? (
            <p className="fl-note muted" data-testid="follow-mine-note">
              这是你的晒单：已获佣金 {yuan(post.commission_earned)} 元
            </p>
          ) : null}
        </div>
      )}
    </Page>
  );
}
