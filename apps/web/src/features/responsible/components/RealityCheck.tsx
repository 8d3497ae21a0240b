import { Button, CenterPopup } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH, relaunch } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { Money } from '@/ui/Money.tsx';
import { logout } from '../../session/logout.ts';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { serverNow } from '../clock.ts';
import { durationWords } from '../model.ts';
import { useContinueSessionMutation, usePlaySessionQuery } from '../queries.ts';
import '../responsible.css';

const BET_RECORDS_PATH = '/betPages/order/list';
/** antd-mobile holds a centre popup to 75vw; these modals are 320 px wide. */
const WIDE = { '--max-width': '90vw' } as const;

/**
 * The reality check (mounted once in the app shell): when the member's interval is on and the
 * server's `next_check_at` passes by the server's clock, a modal shows this login's length, stakes,
 * payouts and result. The server keeps the clock, so a reload does not reset it. The session is
 * asked for every 30 s and on each route change; a timer covers the time in between.
 */
export function RealityCheck() {
  const loggedIn = useSessionStore(selectLoggedIn);
  const location = useLocation();
  const navigate = useNavigate();
  const session = usePlaySessionQuery(loggedIn);
  const proceed = useContinueSessionMutation();
  // The next_check_at whose time has come: the modal shows while it is still the session's.
  const [dueFor, setDueFor] = useState<string | null>(null);
  const { refetch, dataUpdatedAt } = session;
  const nextCheckAt = session.data?.next_check_at ?? null;

  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (!loggedIn || location.pathname === firstPath.current) return;
    firstPath.current = location.pathname;
    void refetch();
  }, [location.pathname, loggedIn, refetch]);

  // Re-armed on every answer: the server's clock may have moved (its `now` sets the offset).
  useEffect(() => {
    if (!loggedIn || !nextCheckAt) return;
    const wait = Math.max(0, Date.parse(nextCheckAt) - serverNow());
    const timer = setTimeout(() => {
      setDueFor(nextCheckAt);
      // Fresh figures for the modal: what was played up to now.
      if (wait > 0) void refetch();
    }, wait);
    return () => clearTimeout(timer);
  }, [loggedIn, nextCheckAt, dataUpdatedAt, refetch]);

  const data = session.data;
  const visible = loggedIn && data !== undefined && dueFor !== null && dueFor === data.next_check_at;

  const carryOn = (then?: () => void) =>
    proceed.mutate(undefined, {
      onSettled: () => then?.(),
    });
  const signOut = async () => {
    await logout();
    toast.success('已退出登录');
    relaunch(HOME_PATH);
  };

  const net = data?.net ?? '0.00';
  const won = !net.startsWith('-') && net !== '0.00';
  return (
    <CenterPopup visible={visible} bodyClassName="rp-check" style={WIDE} destroyOnClose>
      {data ? (
        <div className="rp-check-inner" data-testid="reality-check">
          <ClockCircleOutline className="rp-check-icon" />
          <h3 className="rp-check-title">游戏时长提醒</h3>
          <p className="rp-check-lead">
            您本次登录已{' '}
            <strong data-testid="reality-check-duration">{durationWords(data.duration_seconds)}</strong>
            ，请注意休息。
          </p>
          <dl className="rp-check-figures">
            <div>
              <dt>登录时间</dt>
              <dd>{formatDateTime(data.started_at)}</dd>
            </div>
            <div>
              <dt>投注金额</dt>
              <dd>
                <Money value={data.stakes} /> 元
              </dd>
            </div>
            <div>
              <dt>派彩金额</dt>
              <dd>
                <Money value={data.payouts} /> 元
              </dd>
            </div>
            <div>
              <dt>净输赢</dt>
              <dd
                className={net.startsWith('-') ? 'rp-loss' : won ? 'rp-win' : undefined}
                data-testid="reality-check-net"
              >
                {won ? '+' : ''}
                <Money value={net} /> 元
              </dd>
            </div>
          </dl>
          <p className="hint">每{data.interval_minutes}分钟提醒一次，可在理性投注中调整</p>
          <Button block color="primary" loading={proceed.isPending} onClick={() => carryOn()}>
            继续
          </Button>
          <div className="rp-check-actions">
            <Button
              fill="outline"
              className="gold"
              onClick={() => carryOn(() => void navigate(BET_RECORDS_PATH))}
            >
              查看记录
            </Button>
            <Button fill="outline" color="danger" onClick={() => void signOut()}>
              退出登录
            </Button>
          </div>
        </div>
      ) : null}
    </CenterPopup>
  );
}
