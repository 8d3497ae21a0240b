import { reasons } from './define.ts';

/** What 红包 (红包雨, 口令红包) refuse, to members and in the console. */
export const RED_PACKETS_REASONS = reasons({
  'red_packets.closed': { status: 403, message: '红包活动未开启' },
  'red_packets.not_found': { status: 404, message: '红包不存在' },
  /** A 口令 no running packet answers to (wrong, not yet started or over): one message, nothing discovered. */
  'red_packets.code_unknown': { status: 404, message: '口令不正确或红包不在领取时间内' },
  'red_packets.not_started': {
    status: 409,
    message: (p: { at: string }) => `红包将于${p.at}开始，请稍后再来`,
  },
  'red_packets.ended': { status: 409, message: '红包已结束' },
  'red_packets.cancelled': { status: 409, message: '红包已取消' },
  'red_packets.pending': { status: 409, message: '红包待复核，复核前不能修改' },
  'red_packets.empty': { status: 409, message: '手慢了，红包已被抢完' },
  'red_packets.already_claimed': { status: 409, message: '您已领取过该红包' },
  'red_packets.not_eligible': {
    status: 422,
    message: (p: { problem: string }) => `暂不符合领取条件：${p.problem}`,
  },
  // ---- console ----
  'red_packets.code_taken': { status: 409, message: '该口令已被其他红包使用' },
  'red_packets.started': { status: 409, message: '红包已开始领取，不能再修改金额、个数或时间' },
  'red_packets.kind_fixed': { status: 422, message: '红包类型创建后不能修改' },
  'red_packets.over': { status: 409, message: '红包已结束或已取消' },
  'red_packets.past': { status: 422, message: '结束时间须晚于当前时间' },
});
