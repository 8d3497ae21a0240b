/** Inbox message types (SPEC.md §7 "Messages": list by type, /types). */
export const MESSAGE_TYPES = {
  system: '系统通知',
  finance: '资金变动',
  betting: '投注中奖',
  activity: '活动消息',
  agent: '代理消息',
} as const;
export type MessageType = keyof typeof MESSAGE_TYPES;
export const MESSAGE_TYPE_KEYS = Object.keys(MESSAGE_TYPES) as [MessageType, ...MessageType[]];

/** Bonus kinds a member can receive (bonus logs: /v1/bonus-logs/types). */
export const BONUS_TYPES = {
  activity: '活动彩金',
  vip_upgrade: 'VIP晋级礼金',
  invite: '邀请奖励',
  manual: '人工赠送',
  trial: '体验金',
  boost: '竞彩加奖',
  red_packet: '红包',
} as const;
export type BonusType = keyof typeof BONUS_TYPES;
export const BONUS_TYPE_KEYS = Object.keys(BONUS_TYPES) as [BonusType, ...BonusType[]];
