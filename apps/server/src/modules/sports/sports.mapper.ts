import {
  findOption,
  formatFen,
  IN_PLAY_PLAY_TYPES,
  PLAY_TYPES,
  passTypeOf,
  isPassTypeCode,
  SPORT_TYPE_IDS,
  type BetSelection,
  type MarketView,
  type MatchSummaryView,
  type PlacedOrder,
  type PlayTypeId,
} from '@app/shared';
import type { MatchStatus, OrderStatus } from './sports.table.ts';
import type { MarketRow, MatchRow, MatchWithNames, OrderRow } from './sports.repo.ts';
import { memberVoidFields, type VoidTrace } from './void-trace.ts';

export const MATCH_STATUS_TEXT: Record<MatchStatus, string> = {
  scheduled: '未开赛',
  live: '进行中',
  finished: '已完场',
  postponed: '推迟',
  cancelled: '取消',
};

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  confirming: '投注确认中',
  rejected: '投注被拒',
  pending: '待开奖',
  won: '已中奖',
  lost: '未中奖',
  refunded: '已退款',
  cashed_out: '已提前结算',
};

export interface MatchNames {
  league: { id: number; code: string; name: string; shortName: string; color: string };
  home: { id: number; name: string };
  away: { id: number; name: string };
}

export function toMarketView(row: MarketRow): MarketView {
  const def = PLAY_TYPES[row.playType as PlayTypeId];
  return {
    play_type: row.playType,
    bet_type: def.betType,
    name: def.name,
    max_passes: def.maxPasses,
    line: row.line,
    single: row.single,
    version: row.version,
    options: def.options.map((o) => ({ key: o.key, name: o.name, odds: row.odds[o.key] ?? '0.00' })),
    updated_at: row.updatedAt.toISOString(),
    suspended: row.suspended ?? false,
  };
}

const IN_PLAY = new Set<string>(IN_PLAY_PLAY_TYPES);

/** Whether the play type is offered in play (滚球). */
export function isInPlayPlayType(playType: string): boolean {
  return IN_PLAY.has(playType);
}

type LiveFields = Pick<MatchRow, 'status' | 'liveOpen' | 'liveSuspended'>;

/** In play: live, in its in-play window and not suspended right now. */
export function isLiveOpen(match: LiveFields): boolean {
  return match.status === 'live' && match.liveOpen && !match.liveSuspended;
}

/** What a member sees of a match's in-play state (`matchSummary`, `match.updated`). */
export function liveFields(match: LiveFields & Pick<MatchRow, 'liveSuspendReason'>) {
  const live = match.status === 'live';
  const suspended = live && (match.liveSuspended || !match.liveOpen);
  return {
    live_betting: isLiveOpen(match),
    live_suspended: suspended,
    live_suspend_reason: suspended ? (match.liveSuspendReason ?? '暂停投注') : null,
  };
}

/** While live: the in-play markets only, greyed out whenever in-play betting is not open. */
export function marketsShown(match: MatchRow, markets: MarketRow[]): MarketView[] {
  if (match.status !== 'live') return markets.map(toMarketView);
  const open = isLiveOpen(match);
  return markets
    .filter((m) => isInPlayPlayType(m.playType))
    .map((m) => ({ ...toMarketView(m), suspended: !open || (m.suspended ?? false) }));
}

export function toMatchSummary(
  match: MatchRow,
  names: MatchNames,
  markets: MarketRow[],
  now: Date,
): MatchSummaryView {
  return {
    id: match.id,
    sport_type: SPORT_TYPE_IDS[match.sport],
    sport: match.sport,
    match_no: match.matchNo,
    league: {
      id: names.league.id,
      code: names.league.code,
      name: names.league.name,
      short_name: names.league.shortName,
      color: names.league.color,
    },
    home_team: names.home,
    away_team: names.away,
    kickoff_at: match.kickoffAt.toISOString(),
    status: match.status,
    status_text: MATCH_STATUS_TEXT[match.status],
    betting_open: isOpenForBetting(match, now),
    sales_close_at: salesCloseAt(match).toISOString(),
    period: match.period,
    minute: match.minute,
    clock: match.clock,
    home_score: match.homeScore,
    away_score: match.awayScore,
    half_time:
      match.htHome === null || match.htAway === null ? null : { home: match.htHome, away: match.htAway },
    ...liveFields(match),
    markets: marketsShown(match, markets),
  };
}

/** The sales deadline (停售): 竞彩 sells until kick-off. Lists send it so screens close on time. */
export function salesCloseAt(match: Pick<MatchRow, 'kickoffAt'>): Date {
  return match.kickoffAt;
}

/** Open while scheduled, flagged open by the feed, and before the sales deadline. */
export function isOpenForBetting(
  match: Pick<MatchRow, 'status' | 'bettingOpen' | 'kickoffAt'>,
  now: Date,
): boolean {
  return match.status === 'scheduled' && match.bettingOpen && salesCloseAt(match).getTime() > now.getTime();
}

export function passTypeName(code: string): string {
  return isPassTypeCode(code) ? passTypeOf(code).name : code;
}

export function optionName(playType: string, key: string): string {
  return findOption(playType as PlayTypeId, key)?.name ?? key;
}

/** An order as the member's lists and detail show it, with who voided or resettled it and why. */
export function toOrderSummary(order: OrderRow, trace: VoidTrace | null = null) {
  return {
    id: order.id,
    order_no: order.orderNo,
    sport_type: SPORT_TYPE_IDS[order.sport],
    bet_mode: order.betMode,
    pass_type: order.passType,
    pass_type_name: order.passType === 'single' ? '单关' : passTypeName(order.passType),
    multiple: order.multiple,
    optimised: order.multiples !== null,
    match_count: order.matchCount,
    bet_count: order.betCount,
    total_amount: formatFen(order.totalAmount),
    max_prize: formatFen(order.maxPrize),
    payout: formatFen(order.payout),
    status: order.status,
    status_text: ORDER_STATUS_TEXT[order.status],
    created_at: order.createdAt.toISOString(),
    settled_at: order.settledAt?.toISOString() ?? null,
    accept_at: order.acceptAt?.toISOString() ?? null,
    reject_reason: order.rejectReason,
    cashed_out_stake: formatFen(order.cashedOutStake),
    cashed_out_amount: formatFen(order.cashedOutAmount),
    ...memberVoidFields(trace),
  };
}

/** A stored order as the shared engine reads it, with its legs' selections. */
export function placedOrder(
  order: Pick<OrderRow, 'passType' | 'multiple' | 'multiples'>,
  selections: readonly BetSelection[],
): PlacedOrder {
  return { passType: order.passType, multiple: order.multiple, multiples: order.multiples, selections };
}

/** A stored leg as the shared engine reads it (odds: the leg's own, or a new price for it). */
export function legSelection(
  leg: { matchId: number; playType: string; optionKey: string; odds: string; line: string | null },
  odds: string = leg.odds,
): BetSelection {
  const def = PLAY_TYPES[leg.playType as PlayTypeId];
  return {
    matchId: String(leg.matchId),
    sport: def.sport,
    betType: def.betType,
    option: leg.optionKey,
    odds,
    line: leg.line,
  };
}

/** A leg as the order detail shows it (a plan's slip before placement: its position as id). */
export interface LegLike {
  id: number;
  matchId: number;
  playType: string;
  optionKey: string;
  odds: string;
  line: string | null;
  status: 'pending' | 'won' | 'lost' | 'void';
  inPlay: boolean;
}

/** A leg with its match's names and score, as members read it. */
export function toLegView(l: LegLike, m: MatchWithNames) {
  return {
    id: l.id,
    match: {
      id: m.match.id,
      match_no: m.match.matchNo,
      league: m.names.league.shortName,
      home_team: m.names.home.name,
      away_team: m.names.away.name,
      kickoff_at: m.match.kickoffAt.toISOString(),
      status: m.match.status,
      home_score: m.match.homeScore,
      away_score: m.match.awayScore,
      half_time:
        m.match.htHome === null || m.match.htAway === null
          ? null
          : { home: m.match.htHome, away: m.match.htAway },
    },
    play_type: l.playType,
    play_name: PLAY_TYPES[l.playType as PlayTypeId].name,
    option: l.optionKey,
    option_name: optionName(l.playType, l.optionKey),
    odds: l.odds,
    line: l.line,
    status: l.status,
    in_play: l.inPlay,
  };
}
