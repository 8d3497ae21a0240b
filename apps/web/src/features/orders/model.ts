import type { ApiResponse } from '@app/shared/api';

/** GET /v1/order/history rows and the base of the detail (money as decimal strings). */
export type OrderSummary = ApiResponse<'GET', '/v1/order/history'>['list'][number];
export type OrderDetail = ApiResponse<'GET', '/v1/order/by-no/:orderNo/detail'>;
export type OrderLeg = OrderDetail['legs'][number];
export type OrderStatus = OrderSummary['status'];
export type LegStatus = OrderLeg['status'];

/** One bet (注) of an order: a k串1 combination. */
export type Combo = ApiResponse<'GET', '/v1/order/by-no/:orderNo/combo-details'>['list'][number];
export type ComboStats = ApiResponse<'GET', '/v1/order/by-no/:orderNo/combo-stats'>;

/** POST /v1/order/submit answer. */
export type SubmitResult = ApiResponse<'POST', '/v1/order/submit'>;

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  confirming: '投注确认中',
  pending: '待开奖',
  won: '已中奖',
  lost: '未中奖',
  refunded: '已退款',
  rejected: '投注被拒',
  cashed_out: '已提前结算',
};

export const LEG_STATUS_TEXT: Record<LegStatus, string> = {
  pending: '待开奖',
  won: '命中',
  lost: '未中',
  void: '无效',
};

/** Order list filter tabs (`status` of GET /v1/order/history). */
export const ORDER_FILTERS = [
  { key: 'all', title: '全部' },
  { key: 'pending', title: '待开奖' },
  { key: 'won', title: '已中奖' },
  { key: 'lost', title: '未中奖' },
  { key: 'refunded', title: '已退款' },
] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number]['key'];

/** Combination filter tabs: SPEC.md §3 combo filter status win=1, lose=2, pending=0. */
export const COMBO_FILTERS = [
  { key: 'all', title: '全部', status: undefined },
  { key: 'pending', title: '待开奖', status: 0 },
  { key: 'won', title: '中奖', status: 1 },
  { key: 'lost', title: '未中奖', status: 2 },
] as const;
export type ComboFilter = (typeof COMBO_FILTERS)[number]['key'];
