import { useRealtimeStatus } from '@/lib/realtime/index.ts';

/** Where live data comes from right now: pushes, or the 15 s refetch. */
export function LiveSourceBadge() {
  const status = useRealtimeStatus();
  const live = status.state === 'connected';
  return (
    <span className={live ? 'live-source on' : 'live-source'} data-testid="live-source">
      <i />
      {live ? '实时推送' : '定时刷新'}
    </span>
  );
}
