import { Tag } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { POLICY_LIMITS, useRealtimeSnapshot } from '@/lib/realtime/index.ts';
import { formatDateTime } from '@/ui/format.ts';
import { METHOD_LABELS, MODE_LABELS, STATE_COLORS, STATE_LABELS } from '../labels.ts';

/** Seconds until `at`, refreshed every second while something is scheduled. */
function useCountdown(at: number | null): number | null {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1_000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The manager's state at a glance: state, update method, socket id, counters, polling. */
export function RealtimeStatusCard({ compact = false }: { compact?: boolean }) {
  const snapshot = useRealtimeSnapshot();
  const retryIn = useCountdown(snapshot.nextRetryAt);
  return (
    <div className="card rt-status" data-testid="realtime-status">
      <div className="rt-status-row">
        <span className="muted">连接状态</span>
        <Tag color={STATE_COLORS[snapshot.state]} data-testid="realtime-state" data-state={snapshot.state}>
          {STATE_LABELS[snapshot.state]}
        </Tag>
      </div>
      <div className="rt-status-row">
        <span className="muted">更新方式</span>
        <strong data-testid="realtime-method" data-method={snapshot.method}>
          {METHOD_LABELS[snapshot.method]}
        </strong>
      </div>
      <div className="rt-status-row">
        <span className="muted">Socket ID</span>
        <strong className="mono" data-testid="realtime-socket-id">
          {snapshot.socketId ?? '--'}
        </strong>
      </div>
      {compact ? null : (
        <>
          <div className="rt-status-row">
            <span className="muted">连接模式</span>
            <strong>{MODE_LABELS[snapshot.mode]}</strong>
          </div>
          <div className="rt-status-row">
            <span className="muted">失败次数 / 重连次数</span>
            <strong>
              {snapshot.attempts} / {snapshot.reconnects}（最多 {POLICY_LIMITS.maxReconnects} 次）
            </strong>
          </div>
          <div className="rt-status-row">
            <span className="muted">下次重连</span>
            <strong>
              {snapshot.reconnectFailed ? '已停止（重连失败）' : retryIn === null ? '--' : `${retryIn} 秒后`}
            </strong>
          </div>
          <div className="rt-status-row">
            <span className="muted">轮询</span>
            <strong>
              {snapshot.polling ? '进行中' : '未开启'}
              {snapshot.lastPollAt ? ` · 上次 ${formatDateTime(snapshot.lastPollAt, true).slice(11)}` : ''}
            </strong>
          </div>
          <div className="rt-status-row">
            <span className="muted">连接时间</span>
            <strong>{formatDateTime(snapshot.connectedAt, true)}</strong>
          </div>
        </>
      )}
    </div>
  );
}
