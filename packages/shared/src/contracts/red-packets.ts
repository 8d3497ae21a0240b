import { z } from 'zod';
import { isoDate, moneyString, paginated, pageQuery } from './common.ts';

/**
 * 红包 (issue 41, point 3), behind app info's `redpacket_switch`: 红包雨 windows the member claims
 * from while they fall, and 口令红包 claimed with a code the operator publishes. Amounts come from
 * a split committed before the window (domain/red-packets.ts); the seed is shown once it closes.
 */
export const RED_PACKET_KINDS = { rain: '红包雨', code: '口令红包' } as const;
export type RedPacketKind = keyof typeof RED_PACKET_KINDS;
export const RED_PACKET_KIND_KEYS = Object.keys(RED_PACKET_KINDS) as [RedPacketKind, ...RedPacketKind[]];

/** Where a red packet is in its life, as the member and the console read it. */
export const RED_PACKET_STATUSES = {
  pending: '待复核',
  upcoming: '未开始',
  running: '进行中',
  ended: '已结束',
  cancelled: '已取消',
} as const;
export type RedPacketStatus = keyof typeof RED_PACKET_STATUSES;
export const RED_PACKET_STATUS_KEYS = Object.keys(RED_PACKET_STATUSES) as [
  RedPacketStatus,
  ...RedPacketStatus[],
];

export const redPacketConditions = z.object({
  vip_min: z.number().int().nullable(),
  deposit_min: moneyString.nullable().describe('当日存款至少（元）'),
  turnover_min: moneyString.nullable().describe('当日有效投注至少（元）'),
  text: z.string().describe('The conditions in words; empty when anyone may claim'),
});

export const redPacketClaim = z
  .object({
    packet_id: z.number().int(),
    kind: z.enum(RED_PACKET_KIND_KEYS),
    name: z.string(),
    index: z.number().int().describe("The packet's place in the committed split, from 0"),
    amount: moneyString,
    turnover: moneyString.describe('打码量 the credit requires'),
    claimed_at: isoDate,
  })
  .meta({ id: 'RedPacketClaim' });

export const redPacketView = z
  .object({
    id: z.number().int(),
    kind: z.enum(RED_PACKET_KIND_KEYS),
    name: z.string(),
    status: z.enum(RED_PACKET_STATUS_KEYS),
    starts_at: isoDate,
    ends_at: isoDate,
    budget: moneyString,
    count: z.number().int(),
    min_amount: moneyString,
    claimed: z.number().int().describe('Packets claimed so far'),
    turnover_multiple: z.number().describe('打码量 as a multiple of the amount'),
    conditions: redPacketConditions,
    commitment: z.string().describe('SHA-256 of the seed, published before the window'),
    seed: z.string().nullable().describe('Revealed once the window has closed (or the packet was cancelled)'),
    mine: redPacketClaim.nullable(),
  })
  .meta({ id: 'RedPacket' });

export const redPacketList = z.object({
  open: z.boolean().describe('redpacket_switch: 红包 features are on'),
  server_time: isoDate,
  list: z
    .array(redPacketView)
    .describe('红包雨 falling now, due in the next 24 hours, or closed in the last 24'),
});

const packetId = z.coerce
  .number({ error: '红包ID须为数字' })
  .int('红包ID须为整数')
  .positive('红包ID须为正数')
  .max(2_147_483_647, '红包ID无效');
export const redPacketIdParam = z.object({ id: packetId });

/** 口令: what the member types; letters, digits and Chinese, compared without case. */
export const RED_PACKET_CODE = /^[0-9A-Za-z\u4e00-\u9fa5]{2,20}$/;

export const redPacketCodeBody = z.object({
  code: z
    .string({ error: '请输入红包口令' })
    .trim()
    .min(1, '请输入红包口令')
    .max(20, '口令最多20个字')
    .regex(RED_PACKET_CODE, '口令由2-20位字母、数字或汉字组成'),
});

export const redPacketClaimResult = z.object({ claim: redPacketClaim });

export const redPacketClaimsQuery = pageQuery;
export const redPacketClaimPage = paginated(redPacketClaim);
