import { reasons } from './define.ts';

/** What the realtime channels' sign-in and the connection test refuse. */
export const REALTIME_REASONS = reasons({
  'realtime.public_channel': { status: 400, message: '公共频道无需认证' },
  'realtime.channel_forbidden': { status: 403, message: '无权订阅该频道' },
  'realtime.test_failed': { status: 503, message: (p: { detail: string }) => `连接测试失败：${p.detail}` },
});
