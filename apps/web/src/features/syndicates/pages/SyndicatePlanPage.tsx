import { boostRateText, fenFromDecimal, formatFen, TOAST_MS } from '@app/shared';
import { Button, Dialog, DotLoading, ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { toast } from '@/lib/toast.tsx';
import { CountInput } from '@/ui/AmountInput.tsx';
import { useUrlParam } from '@/ui/hooks.ts';
import { Money, yuan } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import '@/ui/action-bar.css';
import { formatDateTime } from '@/ui/format.ts';
import { AFTER_BALANCE_PUSH_MS } from '../../orders/cash-out.ts';
import { serverNow } from '../../sports/clock.ts';
import { PostLegs } from '../../follow/components/PostCard.tsx';
import { PlanLines, PlanProgress, PlanState, planGameName, planHitRate } from '../components/PlanCard.tsx';
import { useBuyShares, useSyndicateQuery } from '../queries.ts';
import '../syndicates.css';

/**
 * One 合买 plan: the initiator and their record, the plan (amount, shares, commission, 保底,
 * deadline), its progress, the selections as its visibility allows, who bought what and each
 * holder's part of the payout; and buying shares until the deadline.
 */
export default function SyndicatePlanPage() {
  const id = Number(useUrlParam('id'));
  const query = useSyndicateQuery(Number.isInteger(id) ? id : 0);
  const buy = useBuyShares();
  const [shares, setShares] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const plan = query.data;
  const left = plan ? plan.shares - plan.sold_shares : 0;
  const totalFen = plan ? fenFromDecimal(plan.share_price) * BigInt(shares) : 0n;
  const open = plan?.status === 'open' && left > 0 && new Date(plan.deadline_at).getTime() > serverNow();

  const confirm = async () => {
    if (!plan) return;
    const ok = await Dialog.confirm({
      title: '确认认购',
      content: (
        <div className="sy-summary" data-testid="syndicate-buy-confirm">
          认购方案 {plan.plan_no} <b>{shares}</b> 份，共 <b>{yuan(totalFen)}</b> 元。
          <br />
          <span className="muted">金额先冻结，方案出票时投注；流产则全额退回。</span>
        </div>
      ),
      confirmText: '确认认购',
    });
    if (!ok) return;
    try {
      await buy.mutateAsync({ id: plan.id, shares });
      const said = `认购成功，${shares} 份共 ${yuan(totalFen)} 元`;
      setTimeout(() => toast.success(said, TOAST_MS.default), AFTER_BALANCE_PUSH_MS);
      setShares(1);
    } catch {
      // The submission toasts the failure.
    }
  };

  return (
    <Page
      title="合买方案"
      footer={
        plan && open ? (
          <div className="action-bar" data-testid="syndicate-buy-bar">
            <CountInput
              testId="syndicate-shares"
              label="份数"
              min={1}
              max={left}
              value={Math.min(shares, left)}
              onChange={setShares}
              onProblem={setProblem}
            />
            <span className="muted">份</span>
            <span className="action-bar-total" data-testid="syndicate-buy-total">
              <Money value={formatFen(totalFen)} /> 元
            </span>
            <Button
              color="primary"
              data-testid="syndicate-buy"
              disabled={problem !== null || buy.isPending}
              onClick={() => void confirm()}
            >
              立即认购
            </Button>
          </div>
        ) : undefined
      }
    >
      {!plan ? (
        query.error ? (
          <ErrorBlock status="empty" title={query.error.message} description="请返回合买大厅" />
        ) : (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        )
      ) : (
        <div className="sy-plan" data-testid="syndicate-plan">
          <section className="card card-gold">
            <div className="sy-head">
              <strong>{plan.initiator}</strong>
              <span className="sy-rate">近30天命中 {planHitRate(plan)}</span>
              <PlanState plan={plan} />
            </div>
            <dl className="sy-figures">
              <div>
                <dt>近30天方案</dt>
                <dd>
                  {plan.record.won_30d}/{plan.record.decided_30d} 中
                </dd>
              </div>
              <div>
                <dt>盈利率</dt>
                <dd>{plan.record.return_rate_30d === null ? '--' : `${plan.record.return_rate_30d}%`}</dd>
              </div>
              <div>
                <dt>连红</dt>
                <dd>{plan.record.streak}</dd>
              </div>
            </dl>
            {plan.title ? <p className="sy-title">“{plan.title}”</p> : null}
          </section>

          <section className="card">
            <dl className="sy-figures">
              <div>
                <dt>方案金额</dt>
                <dd>
                  <Money value={plan.total_amount} />
                </dd>
              </div>
              <div>
                <dt>每份金额</dt>
                <dd>
                  <Money value={plan.share_price} />
                </dd>
              </div>
              <div>
                <dt>总份数</dt>
                <dd>{plan.shares}</dd>
              </div>
              <div>
                <dt>{plan.lottery ? planGameName(plan) : '玩法'}</dt>
                <dd>
                  {plan.lottery
                    ? `第${plan.lottery.expect}期`
                    : `${plan.pass_type_name} · ${plan.multiple}倍`}
                </dd>
              </div>
              <div>
                <dt>佣金</dt>
                <dd>{boostRateText(plan.commission_bp)}</dd>
              </div>
              <div>
                <dt>保密</dt>
                <dd>{plan.visibility_text}</dd>
              </div>
            </dl>
            <PlanProgress plan={plan} />
            <div className="sy-meta muted">
              <span>{plan.participants}人参与</span>
              <span>截止 {formatDateTime(plan.deadline_at)}</span>
            </div>
            {plan.status === 'failed' ? (
              <p className="sy-problem" data-testid="syndicate-fail-reason">
                流产：{plan.fail_reason}，认购金额已全额退回
              </p>
            ) : null}
            {plan.order_no ? (
              <div className="sy-meta muted">
                <span>注单 {plan.order_no}</span>
                <span>
                  {plan.status === 'won' || plan.lottery ? (
                    <>
                      奖金 <Money value={plan.payout} /> · 佣金 <Money value={plan.commission} />
                    </>
                  ) : (
                    <>
                      最高奖金 <Money value={plan.max_prize} />
                    </>
                  )}
                </span>
              </div>
            ) : null}
          </section>

          {plan.my_shares > 0 ? (
            <section className="card" data-testid="syndicate-mine">
              <div className="sy-meta">
                <span>
                  我认购 <b>{plan.my_shares}</b> 份 · <Money value={plan.my_amount} /> 元
                </span>
                <span>
                  分得 <b data-testid="syndicate-my-payout">{yuan(plan.my_payout)}</b> 元
                </span>
              </div>
            </section>
          ) : null}

          <section className="card">
            <div className="sy-head">
              <strong>方案内容</strong>
              <span className="muted">{plan.visibility_text}</span>
            </div>
            {plan.selections_visible ? (
              plan.lottery ? (
                <PlanLines lines={plan.lottery.lines} />
              ) : (
                <PostLegs legs={plan.legs} />
              )
            ) : (
              <p className="sy-hidden" data-testid="syndicate-hidden">
                {plan.visibility === 'holders'
                  ? '认购后可查看方案内容'
                  : plan.visibility === 'after_deadline'
                    ? '截止后公开方案内容'
                    : '发起人设置为完全保密'}
              </p>
            )}
          </section>

          <section className="card">
            <div className="sy-head">
              <strong>认购记录</strong>
            </div>
            <div className="sy-holders" data-testid="syndicate-holders">
              <div className="sy-holder head">
                <span>会员</span>
                <span>份数</span>
                <span>金额</span>
                <span>分得奖金</span>
              </div>
              {plan.holders.map((h) => (
                <div
                  key={`${h.member}-${h.shares}-${h.amount}`}
                  className="sy-holder"
                  data-testid="syndicate-holder"
                >
                  <span>
                    {h.member}
                    {h.initiator ? <i className="sy-tag">发起人</i> : null}
                  </span>
                  <span>{h.shares}</span>
                  <span>{yuan(h.amount)}</span>
                  <span>{yuan(h.payout)}</span>
                </div>
              ))}
            </div>
            <p className="sy-rule">{plan.split_rule}</p>
          </section>
        </div>
      )}
    </Page>
  );
}
