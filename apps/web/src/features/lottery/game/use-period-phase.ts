import type { LotteryPeriodView } from '@app/shared';
import { useEffect, useReducer } from 'react';
import { serverNow } from '../clock.ts';
import { phaseOf } from '../components/Countdown.tsx';

export type PeriodPhase = ReturnType<typeof phaseOf>['phase'];

/**
 * The phase of a period (未开盘, open, 封盘, drawing …) by the server clock. It re-renders its
 * caller only when the phase changes (a timer set for the next boundary), never each second: the
 * seconds are `LiveCountdown`'s alone.
 */
export function usePeriodPhase(period: LotteryPeriodView | null | undefined): PeriodPhase {
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  const phase = phaseOf(period, serverNow()).phase;
  useEffect(() => {
    if (!period) return;
    const now = serverNow();
    const next = [period.open_at, period.close_at, period.draw_at]
      .map((at) => Date.parse(at))
      .filter((at) => at > now);
    if (next.length === 0) return;
    // Just past the boundary, so the new phase is the one computed.
    const timer = setTimeout(recheck, Math.min(...next) - now + 20);
    return () => clearTimeout(timer);
  }, [period, phase]);
  return phase;
}
