import { CenterPopup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api/errors.ts';
import { yuan } from '@/ui/Money.tsx';
import { type RedPacket, type RedPacketClaim, useClaimRain, useRainsQuery } from './queries.ts';
import { clockText, countdownText, useServerNow } from './time.ts';
import './red-packets.css';

/** Where the falling packets start and how fast they fall: fixed, so every visit looks the same. */
const DROPS = Array.from({ length: 12 }, (_, i) => ({
  left: (i * 37 + 7) % 88,
  delay: (i * 0.45) % 3.2,
  duration: 2.8 + ((i * 7) % 5) * 0.35,
  tilt: ((i * 13) % 30) - 15,
}));

// Rains the member closed in this launch: shown again only from the floating badge.
const dismissed = new Set<number>();

type Outcome = { kind: 'won'; claim: RedPacketClaim } | { kind: 'refused'; message: string };

/**
 * The home page's 红包雨: while a rain the member has not claimed from falls, packets rain over
 * the page and a tap on any claims one; a badge tells of the next rain, or brings a closed one back.
 */
export function RedPacketRain() {
  const navigate = useNavigate();
  const { data } = useRainsQuery();
  const now = useServerNow(data?.server_time);
  const claim = useClaimRain();
  const [open, setOpen] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const list = useMemo(() => data?.list ?? [], [data]);
  const falling = list.find((r) => r.status === 'running' && !r.mine && Date.parse(r.ends_at) > now);
  const next = list.find((r) => r.status === 'upcoming' && Date.parse(r.starts_at) - now < 6 * 3_600_000);

  useEffect(() => {
    if (falling && !dismissed.has(falling.id) && open === null && !outcome) setOpen(falling.id);
  }, [falling, open, outcome]);

  const rain: RedPacket | undefined = list.find((r) => r.id === open);
  const close = () => {
    if (open !== null) dismissed.add(open);
    setOpen(null);
  };

  const grab = () => {
    if (!rain) return;
    claim.mutate(rain.id, {
      onSuccess: (result) => {
        dismissed.add(rain.id);
        setOpen(null);
        setOutcome({ kind: 'won', claim: result.claim });
      },
      onError: (error) => {
        dismissed.add(rain.id);
        setOpen(null);
        setOutcome({
          kind: 'refused',
          message: error instanceof ApiError ? error.message : '领取失败，请稍后再试',
        });
      },
    });
  };

  if (!data?.open) return null;
  return (
    <>
      {!rain && falling ? (
        <button
          type="button"
          className="redp-badge redp-badge-live"
          data-testid="red-packet-badge"
          onClick={() => setOpen(falling.id)}
        >
          <span className="redp-badge-icon" aria-hidden>
            福
          </span>
          红包雨进行中
        </button>
      ) : !rain && next ? (
        <button
          type="button"
          className="redp-badge"
          data-testid="red-packet-badge"
          onClick={() => void navigate('/redPacketPages/index')}
        >
          <span className="redp-badge-icon" aria-hidden>
            福
          </span>
          {clockText(next.starts_at)} 红包雨
        </button>
      ) : null}
      {rain ? (
        <div
          className="redp-rain"
          role="dialog"
          aria-label={`${rain.name}：点击红包领取`}
          data-testid="red-packet-rain"
        >
          <div className="redp-rain-head">
            <div>
              <strong>{rain.name}</strong>
              <span>
                剩余 {countdownText(Date.parse(rain.ends_at) - now)} · 已抢 {rain.claimed}/{rain.count}
              </span>
            </div>
            <button type="button" className="redp-rain-close" aria-label="关闭红包雨" onClick={close}>
              <CloseOutline />
            </button>
          </div>
          {DROPS.map((d, i) => (
            <button
              key={i}
              type="button"
              className="redp-drop"
              aria-label="抢红包"
              data-testid="red-packet-drop"
              style={{
                left: `${d.left}%`,
                animationDelay: `${d.delay}s`,
                animationDuration: `${d.duration}s`,
                rotate: `${d.tilt}deg`,
              }}
              onClick={grab}
            >
              <span className="redp-drop-seal">抢</span>
            </button>
          ))}
          <p className="redp-rain-foot">
            {rain.conditions.text ? `领取条件：${rain.conditions.text}；` : ''}每人限领一次，需完成
            {rain.turnover_multiple}倍打码量
          </p>
        </div>
      ) : null}
      <CenterPopup
        visible={outcome !== null}
        onMaskClick={() => setOutcome(null)}
        bodyClassName="redp-result"
        destroyOnClose
      >
        {outcome?.kind === 'won' ? (
          <div className="redp-result-inner" data-testid="red-packet-result">
            <p className="redp-result-title">恭喜抢到红包</p>
            <p className="redp-result-amount">
              <small>¥</small>
              {yuan(outcome.claim.amount)}
            </p>
            <p className="redp-result-note">已存入主钱包，需完成打码量 {yuan(outcome.claim.turnover)} 元</p>
            <button
              type="button"
              className="redp-result-button"
              onClick={() => {
                setOutcome(null);
                void navigate('/redPacketPages/index?tab=mine');
              }}
            >
              查看我的红包
            </button>
          </div>
        ) : outcome ? (
          <div className="redp-result-inner" data-testid="red-packet-result">
            <p className="redp-result-title">没抢到</p>
            <p className="redp-result-note">{outcome.message}</p>
            <button type="button" className="redp-result-button" onClick={() => setOutcome(null)}>
              知道了
            </button>
          </div>
        ) : null}
      </CenterPopup>
    </>
  );
}
