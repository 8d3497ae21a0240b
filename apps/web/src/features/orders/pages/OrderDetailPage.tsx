import { DotLoading, ErrorBlock, InfiniteScroll } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useUrlParam } from '@/ui/hooks.ts';
import { Money, yuan } from '@/ui/Money.tsx';
import { Page, Section } from '@/ui/Page.tsx';
import { VoidTraceLine } from '@/ui/VoidTrace.tsx';
import { beijingDateTime } from '../../sports/time.ts';
import { orderAmountLabel } from '../cash-out.ts';
import { CashOut } from '../components/CashOut.tsx';
import { ShareOrder } from '../../follow/components/ShareOrder.tsx';
import '../../follow/follow.css';
import { syndicatePath } from '../../syndicates/paths.ts';
import { ComboItem, LegItem } from '../components/OrderLegs.tsx';
import { OrderStatusTag } from '../components/StatusTag.tsx';
import { COMBO_FILTERS, type ComboFilter, type ComboStats, type OrderDetail } from '../model.ts';
import { mineKeys } from '../../mine/queries.ts';
import { orderKeys, useComboStatsQuery, useCombosQuery, useOrderDetailQuery } from '../queries.ts';
import { useOrderPushes } from '../pushes.ts';
import '../../sports/sports.css';
import '../orders.css';

function Summary({ order }: { order: OrderDetail }) {
  const rejected = order.status === 'rejected';
  const settled = order.status !== 'pending' && order.status !== 'confirming' && !rejected;
  const decided = order.legs.filter((l) => l.status !== 'pending').length;
  return (
    <section className="card card-gold order-summary" data-testid="order-summary">
      <div className="order-summary-head">
        <strong>{order.sport_type === 2 ? '竞彩篮球' : '竞彩足球'}</strong>
        <span className="muted">
          {/* A single says 单关 once; a parlay says 混合过关 and its pass type (3串4). */}
          {order.bet_mode === 'single' ? '单关' : `混合过关 · ${order.pass_type_name}`}
        </span>
        <OrderStatusTag status={order.status} />
      </div>
      <div className="order-summary-main">
        {rejected ? (
          <div>
            <small>已退回</small>
            <span data-testid="order-refunded">
              <Money className="big" value={order.total_amount} />
            </span>
          </div>
        ) : settled ? (
          <div>
            <small>{orderAmountLabel(order.status)}</small>
            <span data-testid="order-payout">
              <Money className={order.payout !== '0.00' ? 'big order-win' : 'big'} value={order.payout} />
            </span>
          </div>
        ) : (
          <div>
            <small>最高奖金</small>
            <span data-testid="order-max-prize">
              <Money className="big" value={order.max_prize} />
            </span>
          </div>
        )}
        <div>
          <small>投注金额</small>
          <span data-testid="order-stake">
            <Money className="big" value={order.total_amount} />
          </span>
        </div>
      </div>
      <dl className="order-facts">
        <div>
          <dt>过关方式</dt>
          <dd data-testid="order-pass-type">{order.pass_type_name}</dd>
        </div>
        <div>
          <dt>注数</dt>
          <dd data-testid="order-bet-count">{order.bet_count}注</dd>
        </div>
        <div>
          <dt>倍数</dt>
          <dd data-testid="order-multiple">{order.optimised ? '奖金优化' : `${order.multiple}倍`}</dd>
        </div>
        <div>
          <dt>场次</dt>
          <dd>{order.match_count}场</dd>
        </div>
        <div>
          <dt>开奖进度</dt>
          <dd>{rejected ? '--' : `${decided}/${order.legs.length}`}</dd>
        </div>
        {rejected ? (
          <div>
            <dt>结算</dt>
            <dd>已全额退款</dd>
          </div>
        ) : settled ? (
          <div>
            <dt>最高奖金</dt>
            <dd data-testid="order-max-prize">{yuan(order.max_prize)}</dd>
          </div>
        ) : (
          <div>
            <dt>结算</dt>
            <dd>开奖后派奖</dd>
          </div>
        )}
        {order.free_bet ? (
          <div className="order-free-bet">
            <dt>免费投注券</dt>
            <dd data-testid="order-free-bet">
              {yuan(order.free_bet.value)}元
              {order.status === 'won' && order.free_bet.winnings !== null ? (
                <>
                  {' '}
                  · 实得 <b data-testid="order-free-bet-winnings">{yuan(order.free_bet.winnings)}</b>元
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
        {order.cashed_out_stake !== '0.00' ? (
          <div className="order-partial-cash-out">
            <dt>部分提前结算</dt>
            <dd data-testid="order-partial-cash-out">
              {yuan(order.cashed_out_amount)}元（本金 {yuan(order.cashed_out_stake)}元）
            </dd>
          </div>
        ) : null}
        {order.boost ? (
          <div className="order-boost">
            <dt>加奖 {order.boost.rate_text}</dt>
            <dd data-testid="order-boost">{BOOST_STATUS_TEXT[order.boost.status](order.boost.amount)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="order-meta">
        <span>
          订单号 <span className="mono">{order.order_no}</span>
        </span>
        <span>下单 {beijingDateTime(order.created_at)}</span>
        {order.settled_at ? <span>结算 {beijingDateTime(order.settled_at)}</span> : null}
      </div>
      {order.free_bet ? (
        <p className="order-note free-bet" data-testid="order-free-bet-note">
          {freeBetNote(order)}
        </p>
      ) : null}
      {order.status === 'confirming' ? (
        <p className="order-note confirming" data-testid="order-confirming">
          滚球注单确认中{order.accept_at ? `，预计 ${beijingDateTime(order.accept_at)} 前完成确认` : ''}
        </p>
      ) : null}
      {order.status === 'cashed_out' ? (
        <p className="order-note cashed-out" data-testid="order-cashed-out">
          已提前结算，{yuan(order.payout)}元已存入账户余额；本注单不再派奖
        </p>
      ) : null}
      {order.status === 'rejected' ? (
        <p className="order-note rejected" data-testid="order-reject-reason">
          投注被拒：{order.reject_reason ?? '未通过确认'}，投注金额已退回
        </p>
      ) : null}
      <VoidTraceLine
        className="order-note void-trace"
        action={order.void_action ?? '作废'}
        by={order.void_by}
        reason={order.void_reason}
        at={order.voided_at}
      />
    </section>
  );
}

function StatsRow({ stats }: { stats: ComboStats | undefined }) {
  const items = [
    { label: '总注数', value: stats?.total },
    { label: '中奖', value: stats?.won, tone: 'won' },
    { label: '未中奖', value: stats?.lost, tone: 'lost' },
    { label: '退款', value: stats?.void },
    { label: '待开奖', value: stats?.pending, tone: 'pending' },
  ];
  return (
    <div className="combo-stats" data-testid="combo-stats">
      {items.map((item) => (
        <div key={item.label} className={item.tone ?? ''}>
          <b>{item.value ?? '--'}</b>
          <small>{item.label}</small>
        </div>
      ))}
      <div className="payout">
        <b>{stats?.payout ?? '--'}</b>
        <small>已中奖金</small>
      </div>
    </div>
  );
}

function Combos({ orderNo, single }: { orderNo: string; single: boolean }) {
  const [filter, setFilter] = useState<ComboFilter>('all');
  const combos = useCombosQuery(orderNo, filter);
  const list = combos.data?.pages.flatMap((p) => p.list) ?? [];
  const total = combos.data?.pages[0]?.total;
  return (
    <Section title={single ? '投注明细' : '过关明细'} extra={total !== undefined ? `${total}注` : null}>
      <div className="chip-row combo-filters" role="tablist" aria-label="明细筛选">
        {COMBO_FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            role="tab"
            aria-selected={filter === f.key}
            className={filter === f.key ? 'chip active' : 'chip'}
            onClick={() => setFilter(f.key)}
          >
            <span>{f.title}</span>
          </button>
        ))}
      </div>
      {combos.isPending ? (
        <div className="list-state">
          <DotLoading color="primary" />
        </div>
      ) : list.length === 0 ? (
        <p className="empty-note">没有符合条件的注</p>
      ) : (
        <div className="stack" data-testid="combos">
          {list.map((c) => (
            <ComboItem key={c.index} combo={c} />
          ))}
        </div>
      )}
      <InfiniteScroll
        loadMore={async () => {
          await combos.fetchNextPage();
        }}
        hasMore={combos.hasNextPage}
      >
        {combos.hasNextPage ? (
          <DotLoading />
        ) : list.length > 0 ? (
          <span className="list-end">已显示全部</span>
        ) : null}
      </InfiniteScroll>
    </Section>
  );
}

/** When the order settles (seen by polling or a push), what it paid shows in the balance at once. */
function useRefreshOnSettle(status: OrderDetail['status'] | undefined): void {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    const open = (s: typeof status) => s === 'pending' || s === 'confirming';
    if (open(previous.current) && status !== undefined && status !== previous.current) {
      void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    }
    previous.current = status;
  }, [status, queryClient]);
}

/** betPages/order/detail?order_no=: the order, its legs with scores, its bets with a status filter. */

/** What a 免费投注券 order means for the member, by the order's status. */
const FREE_BET_NOTES: Partial<Record<OrderDetail['status'], string>> = {
  pending: '免费投注券下单，实付0元；中奖返还不含本金',
  won: '免费投注券下单：派奖扣回券面金额后为实得',
  lost: '免费投注券下单，未中奖不扣余额',
  refunded: '注单已退款：免费投注券的本金由平台提供，不退现金',
};

/** The note under a 免费投注券 order; a win spells out the sum (prize − the ticket = 实得). */
function freeBetNote(order: OrderDetail): string {
  const ticket = order.free_bet;
  if (order.status === 'won' && ticket && ticket.winnings !== null)
    return `派奖${yuan(order.payout)}元，扣回券面${yuan(ticket.value)}元，实得${yuan(ticket.winnings)}元`;
  return FREE_BET_NOTES[order.status] ?? '免费投注券下单，实付0元';
}

/** What an order's 加奖 came to, in words. */
const BOOST_STATUS_TEXT: Record<NonNullable<OrderDetail['boost']>['status'], (amount: string) => string> = {
  pending: () => '中奖后派发',
  paid: (amount) => `已派 ${yuan(amount)}元`,
  none: () => '未中奖',
  budget_out: (amount) => (amount === '0.00' ? '活动预算已用完' : `预算将尽，已派 ${yuan(amount)}元`),
  excluded: () => '自我限制期间不派发',
};

export default function OrderDetailPage() {
  const orderNo = useUrlParam('order_no', 'orderNo');
  const detail = useOrderDetailQuery(orderNo);
  const order = detail.data;
  const stats = useComboStatsQuery(orderNo, order?.status === 'pending');
  useOrderPushes();
  useRefreshOnSettle(order?.status);

  return (
    <Page title="注单详情">
      {detail.isPending && orderNo ? (
        <div className="page-loading">
          <DotLoading color="primary" />
        </div>
      ) : !order ? (
        <ErrorBlock status="empty" title="订单不存在" description="请从我的注单重新进入" />
      ) : (
        <>
          <div className="order-top">
            <Summary order={order} />
            {order.syndicate_id !== null ? (
              <Link
                className="order-syndicate-link"
                to={syndicatePath(order.syndicate_id)}
                data-testid="order-syndicate-link"
              >
                合买方案注单：认购人按份数分配奖金，查看方案 ›
              </Link>
            ) : null}
            {order.status === 'pending' && order.syndicate_id === null ? (
              <CashOut orderNo={order.order_no} />
            ) : null}
            {order.status === 'pending' &&
            order.syndicate_id === null &&
            !order.free_bet &&
            order.follow.copied_from === null &&
            !order.optimised &&
            !order.legs.some((l) => l.in_play) ? (
              <div className="fl-share-row">
                <ShareOrder orderNo={order.order_no} postId={order.follow.post_id} />
              </div>
            ) : null}
          </div>
          <Section title="投注内容" extra={`${order.legs.length}个选项`}>
            <div className="stack">
              {order.legs.map((leg) => (
                <LegItem key={leg.id} leg={leg} />
              ))}
            </div>
          </Section>
          <Section title="中奖统计">
            <StatsRow stats={stats.data} />
          </Section>
          <Combos orderNo={order.order_no} single={order.bet_mode === 'single'} />
        </>
      )}
    </Page>
  );
}
