/** GET /v1/order/history rows and the base of the detail (money as decimal strings). */
export interface OrderSummary {
  id: number;
  order_no: string;
  sport_type: number;
  bet_mode: 'single' | 'mixed';
  pass_type: string;
  pass_type_name: string;
  multiple: number;
  match_count: number;
  bet_count: number;
  total_amount: string;
  max_prize: string;
  payout: string;
  status: OrderStatus;
  status_text: string;
  created_at: string;
  settled_at: string | null;
}

export type OrderStatus = 'pending' | 'won' | 'lost' | 'refunded';
export type LegStatus = 'pending' | 'won' | 'lost' | 'void';

export interface OrderLeg {
  id: number;
  match: {
    id: number;
    match_no: string;
    league: string;
    home_team: string;
    away_team: string;
    kickoff_at: string;
    status: string;
    home_score: number;
    away_score: number;
    half_time: { home: number; away: number } | null;
  };
  play_type: string;
  play_name: string;
  option: string;
  option_name: string;
  odds: string;
  line: string | null;
  status: LegStatus;
}

export interface OrderDetail extends OrderSummary {
  legs: OrderLeg[];
}

/** One bet (注) of an order: a k串1 combination. */
export interface Combo {
  index: number;
  size: number;
  legs: Array<{ match_no: string; teams: string; option_name: string; odds: string; status: string }>;
  status: LegStatus;
  status_code: number;
  prize: string;
  potential_prize: string;
}

export interface ComboStats {
  total: number;
  won: number;
  lost: number;
  void: number;
  pending: number;
  payout: string;
}

/** POST /v1/order/submit answer. */
export interface SubmitResult {
  order_id: number;
  order_no: string;
  bet_count: number;
  total_amount: string;
  max_prize: string;
  pass_type: string;
  pass_type_name: string;
  status: string;
  balance: string;
  created_at: string;
}

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  pending: '待开奖',
  won: '已中奖',
  lost: '未中奖',
  refunded: '已退款',
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
