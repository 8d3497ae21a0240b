import { orderConfirmedEvent, REALTIME_EVENTS } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, CenterPopup } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api/client.ts';
import { connectionLog } from '@/lib/logger.ts';
import { subscribePrivate } from '@/lib/realtime/index.ts';
import { mineKeys } from '../../mine/queries.ts';
import { orderKeys } from '../../orders/queries.ts';
import { serverNow } from '../clock.ts';
import {
  decisionOfOrder,
  delayProgress,
  dismissConfirmation,
  receiveConfirmation,
  secondsLeft,
  settleConfirmation,
  shouldCheckOrder,
  useConfirmationStore,
  type Confirmation,
} from '../slip/confirmation.ts';
import '../inplay.css';
import { yuan } from '@/ui/Money.tsx';

/** The countdown's refresh: the number changes each second, the ring moves smoothly. */
const TICK_MS = 200;

/** Listens for `order.confirmed` on the member's private channel while the app shows a slip. */
function useOrderConfirmedPush(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribePrivate(REALTIME_EVENTS.orderConfirmed, (data) => {
        const parsed = orderConfirmedEvent.safeParse(data);
        if (!parsed.success) {
          connectionLog.add('error', `收到格式不正确的 ${REALTIME_EVENTS.orderConfirmed} 事件，已忽略`, {
            data,
          });
          return;
        }
        receiveConfirmation(parsed.data);
        void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      }),
    [queryClient],
  );
}

/**
 * The server's clock while an order is confirming (the display's only timer), and the fallback:
 * once the countdown has run out and no push came, the order is read until it is decided.
 */
function useCountdown(c: Confirmation | null): number {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => serverNow());
  const lastCheck = useRef<number | null>(null);
  const confirming = c?.status === 'confirming' ? c : null;
  const orderNo = confirming?.orderNo;
  const acceptAt = confirming?.acceptAt;

  useEffect(() => {
    if (orderNo === undefined || acceptAt === undefined) return;
    lastCheck.current = null;
    const tick = () => {
      const at = serverNow();
      setNow(at);
      if (!shouldCheckOrder(acceptAt, at, lastCheck.current)) return;
      lastCheck.current = at;
      api
        .get('/v1/order/by-no/:orderNo/detail', { orderNo }, { toast: false, light: true })
        .then((order) => {
          const decision = decisionOfOrder(order);
          if (!decision) return;
          settleConfirmation(orderNo, decision);
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        })
        .catch(() => undefined);
    };
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [orderNo, acceptAt, queryClient]);

  return now;
}

const RING = 2 * Math.PI * 34;

function Countdown({ c, now }: { c: Confirmation; now: number }) {
  const left = secondsLeft(c.acceptAt, now);
  const progress = delayProgress(c, now);
  return (
    <div className="confirm-ring" aria-hidden="true">
      <svg viewBox="0 0 80 80">
        <circle className="track" cx="40" cy="40" r="34" />
        <circle
          className="bar"
          cx="40"
          cy="40"
          r="34"
          strokeDasharray={RING}
          strokeDashoffset={RING * progress}
        />
      </svg>
      <span className="confirm-seconds" data-testid="confirm-countdown">
        {left > 0 ? (
          <>
            {left}
            <small>秒</small>
          </>
        ) : (
          <small>确认中</small>
        )}
      </span>
    </div>
  );
}

/**
 * 投注确认中 → 投注成功 / 投注被拒: a card over the page while an in-play order waits out its bet
 * delay, counting down to `accept_at` by the server's clock, then saying how it ended.
 */
export function BetConfirmation() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const c = useConfirmationStore((s) => s.current);
  useOrderConfirmedPush();
  const now = useCountdown(c);
  const status = c?.status;

  useEffect(() => {
    // A refusal refunds the stake (balance.changed shows it); either way the orders moved.
    if (status === 'accepted' || status === 'rejected') {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
    }
  }, [status, queryClient]);

  const open = (orderNo: string) => {
    dismissConfirmation();
    void navigate(`/betPages/order/detail?order_no=${encodeURIComponent(orderNo)}`);
  };

  return (
    <CenterPopup
      visible={c !== null}
      bodyClassName="bet-confirm-popup"
      destroyOnClose
      onMaskClick={() => {
        if (c?.status !== 'confirming') dismissConfirmation();
      }}
    >
      {c ? (
        <div className={`bet-confirm ${c.status}`} data-testid="bet-confirmation" data-status={c.status}>
          {c.status === 'confirming' ? (
            <>
              <Countdown c={c} now={now} />
              <h3 data-testid="confirm-title">投注确认中</h3>
              <p className="bet-confirm-text">滚球注单需短暂确认，请勿离开</p>
            </>
          ) : c.status === 'accepted' ? (
            <>
              <CheckCircleFill className="bet-confirm-icon ok" />
              <h3 data-testid="confirm-title">投注成功</h3>
              <p className="bet-confirm-text">
                {c.oddsChanged ? '赔率有变动，已按最新赔率确认' : '注单已确认，祝您好运'}
              </p>
            </>
          ) : (
            <>
              <CloseCircleFill className="bet-confirm-icon no" />
              <h3 data-testid="confirm-title">投注被拒</h3>
              <p className="bet-confirm-reason" data-testid="confirm-reason">
                {c.reason ?? '注单未通过确认'}
              </p>
              <p className="bet-confirm-text">投注金额已全额退回账户余额</p>
            </>
          )}
          <dl className="bet-confirm-facts">
            <div>
              <dt>注单号</dt>
              <dd className="mono">{c.orderNo}</dd>
            </div>
            <div>
              <dt>投注金额</dt>
              <dd>{yuan(c.totalAmount)}元</dd>
            </div>
            {c.status !== 'rejected' ? (
              <div>
                <dt>最高奖金</dt>
                <dd className="prize">{yuan(c.maxPrize)}元</dd>
              </div>
            ) : null}
          </dl>
          {c.status === 'confirming' ? null : (
            <div className="bet-confirm-actions">
              {c.status === 'accepted' ? (
                <>
                  <Button fill="outline" onClick={() => open(c.orderNo)}>
                    查看注单
                  </Button>
                  <Button color="primary" onClick={dismissConfirmation}>
                    继续投注
                  </Button>
                </>
              ) : (
                <Button color="primary" block onClick={dismissConfirmation}>
                  知道了
                </Button>
              )}
            </div>
          )}
        </div>
      ) : null}
    </CenterPopup>
  );
}
