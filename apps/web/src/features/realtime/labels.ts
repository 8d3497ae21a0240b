import type { RealtimeMode, RealtimeState, UpdateMethod } from '@/lib/realtime/index.ts';

export const STATE_LABELS: Record<RealtimeState, string> = {
  idle: '未连接',
  connecting: '连接中',
  connected: '已连接',
  closed: '已断开',
};
export const STATE_COLORS: Record<RealtimeState, 'default' | 'warning' | 'success' | 'danger'> = {
  idle: 'default',
  connecting: 'warning',
  connected: 'success',
  closed: 'danger',
};
export const METHOD_LABELS: Record<UpdateMethod, string> = {
  websocket: 'WebSocket 推送',
  polling: '轮询（30 秒）',
  none: '无',
};
export const MODE_LABELS: Record<RealtimeMode, string> = {
  off: '未启动',
  anonymous: '游客（公共频道）',
  member: '会员',
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "16:05:09.123": event times need milliseconds. */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
