import { reasons } from './define.ts';

/** What the member's records and the console's reports refuse. */
export const REPORTS_REASONS = reasons({
  'reports.bet_record_not_found': { status: 404, message: '投注记录不存在' },
  'reports.range_reversed': { status: 400, message: '开始日期不能晚于结束日期' },
  'reports.range_too_long': { status: 400, message: (p: { days: number }) => `一次最多查询${p.days}天` },
  'reports.agent_not_found': { status: 422, message: '代理不存在' },
});
