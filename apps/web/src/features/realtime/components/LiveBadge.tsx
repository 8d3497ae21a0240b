import { useRealtimeStatus } from '@/lib/realtime/index.ts';
import '../realtime.css';

/** How the figures next to it stay fresh: 实时 (socket) or 轮询 (polling fallback); nothing otherwise. */
export function LiveBadge() {
  const { method } = useRealtimeStatus();
  if (method === 'none') return null;
  return (
    <span className={`rt-live-badge ${method}`} data-testid="live-badge" data-method={method}>
      <i />
      {method === 'websocket' ? '实时' : '轮询'}
    </span>
  );
}
