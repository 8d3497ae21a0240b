import {
  LOTTERY_EVENTS,
  lotteryDrawnEvent,
  PUBLIC_CHANNELS,
  REALTIME_EVENTS,
  type LotteryDrawnEvent,
} from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscribePrivate, subscribePublic } from '@/lib/realtime/index.ts';
import { mineKeys } from '../mine/queries.ts';
import { lotteryKeys } from './queries.ts';

const PERIOD_EVENTS = [LOTTERY_EVENTS.opened, LOTTERY_EVENTS.closed, LOTTERY_EVENTS.cancelled] as const;

/**
 * Keeps lottery data live from the public `lottery.<code>` channels: a period opening, closing
 * (封盘), drawn or cancelled refreshes the countdowns and results; a settled period refreshes the
 * member's bets and wallet. `onDrawn` gets each draw as it arrives. Polling in the queries covers
 * a dead socket.
 */
export function useLotteryLive(codes: readonly string[], onDrawn?: (event: LotteryDrawnEvent) => void): void {
  const queryClient = useQueryClient();
  const drawnHandler = useRef(onDrawn);
  useEffect(() => {
    drawnHandler.current = onDrawn;
  });
  const key = codes.join(',');
  useEffect(() => {
    const list = key ? key.split(',') : [];
    const refreshPeriods = (code: string) => {
      void queryClient.invalidateQueries({ queryKey: [...lotteryKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.expect(code) });
    };
    const offs = list.flatMap((code) => {
      const channel = PUBLIC_CHANNELS.lottery(code);
      return [
        ...PERIOD_EVENTS.map((event) => subscribePublic(channel, event, () => refreshPeriods(code))),
        subscribePublic(channel, LOTTERY_EVENTS.drawn, (data) => {
          const parsed = lotteryDrawnEvent.safeParse(data);
          if (!parsed.success) return;
          refreshPeriods(code);
          void queryClient.invalidateQueries({ queryKey: lotteryKeys.history(code) });
          void queryClient.invalidateQueries({ queryKey: [...lotteryKeys.all, 'trend', code] });
          drawnHandler.current?.(parsed.data);
        }),
        subscribePublic(channel, LOTTERY_EVENTS.settled, () => {
          void queryClient.invalidateQueries({ queryKey: lotteryKeys.member });
        }),
      ];
    });
    offs.push(
      subscribePrivate(REALTIME_EVENTS.balanceChanged, () => {
        void queryClient.invalidateQueries({ queryKey: lotteryKeys.wallet() });
        void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [key, queryClient]);
}
