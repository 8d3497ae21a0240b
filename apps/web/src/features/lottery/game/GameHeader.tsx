import type { FamilyCode, LotteryDrawnEvent, LotteryPeriodView } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { LiveCountdown } from '../components/Countdown.tsx';
import { OpenCode } from '../components/OpenCode.tsx';
import { useLotteryLive } from '../live.ts';

/** How long a draw that just arrived stays highlighted in the header. */
const FLASH_MS = 8_000;

/**
 * The period being sold with its countdown, the last result (a live draw flashes in) and the
 * period's seed commitment. Keeps the page's lottery data live from the public channel.
 */
export function GameHeader({
  code,
  current,
  previous,
  family,
}: {
  code: string;
  current: LotteryPeriodView | null;
  previous: LotteryPeriodView | null;
  family: FamilyCode | undefined;
}) {
  const [flash, setFlash] = useState<LotteryDrawnEvent | null>(null);
  const flashTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLotteryLive(code ? [code] : [], (event) => {
    setFlash(event);
    clearTimeout(flashTimer.current);
    flashTimer.current = setTimeout(() => setFlash(null), FLASH_MS);
  });
  useEffect(() => () => clearTimeout(flashTimer.current), []);

  return (
    <div className="lt-game-head card card-gold">
      <div className="lt-game-period">
        <span>
          第 <strong className="mono">{current?.expect ?? '--'}</strong> 期
        </span>
        <LiveCountdown period={current} />
      </div>
      <div className={flash ? 'lt-game-last flash' : 'lt-game-last'} data-testid="last-draw">
        <span className="muted">
          {flash ? `第${flash.period}期开奖` : previous ? `第${previous.expect}期` : '上期'}
        </span>
        {family ? (
          <OpenCode family={family} code={flash?.open_code ?? previous?.open_code ?? null} size="sm" />
        ) : null}
      </div>
      {current ? (
        <div className="lt-commitment mono" title="本期开奖种子的 SHA-256 承诺值，开奖后可验证">
          承诺值 {current.commitment.slice(0, 24)}…
        </div>
      ) : null}
    </div>
  );
}
