import {
  DEFAULT_BET_TYPE,
  PLAY_TYPES,
  SPORT_TYPE_IDS,
  type BetType,
  type MarketView,
  type MatchSummaryView,
  type PlayTypeDef,
  type Sport,
} from '@app/shared';
import type { ApiResponse } from '@app/shared/api';

export type Match = MatchSummaryView;
export type Market = MarketView;
export type MatchStatus = Match['status'];

/** GET /v1/live-matches/{id}/detail, /v1/{sport}/odds/{id}. */
export type MatchDetail = ApiResponse<'GET', '/v1/live-matches/:id/detail'>;
export type MatchEvent = MatchDetail['events'][number];
export type MatchStatistics = ApiResponse<'GET', '/v1/matches-list/statistics'>;
export type LiveIntelligence = ApiResponse<'GET', '/v1/live-matches/intelligence'>;
export type LiveMissing = ApiResponse<'GET', '/v1/live-matches/missing'>;

export const SPORT_NAMES: Record<Sport, string> = { football: '足球', basketball: '篮球' };

export function sportTypeOf(sport: Sport): number {
  return SPORT_TYPE_IDS[sport];
}

/** The bet types of a sport, in the order of the tabs (SPEC.md §3). */
export function betTypesOf(sport: Sport): PlayTypeDef[] {
  return Object.values(PLAY_TYPES).filter((p) => p.sport === sport);
}

/** The bet type named in a URL, if the sport has it; else the sport's default. */
export function betTypeFromParam(sport: Sport, value: string | null | undefined): BetType {
  const found = betTypesOf(sport).find((p) => p.betType === value);
  return found ? found.betType : DEFAULT_BET_TYPE[sport];
}

/** The market of a bet type in a match, if on sale. */
export function marketOf(match: Pick<Match, 'markets'>, betType: BetType): Market | undefined {
  return match.markets.find((m) => m.bet_type === betType);
}

/** The main market (胜平负 / 胜负) of a match. */
export function mainMarketOf(match: Match): Market | undefined {
  return marketOf(match, DEFAULT_BET_TYPE[match.sport]);
}

export function isSport(value: string | null | undefined): value is Sport {
  return value === 'football' || value === 'basketball';
}

/** Display text of a handicap line: "-1", "+5.5"; totals print as they are. */
export function lineText(market: Pick<Market, 'line' | 'play_type'>): string {
  if (market.line === null) return '';
  const def = PLAY_TYPES[market.play_type as keyof typeof PLAY_TYPES] as PlayTypeDef | undefined;
  if (def?.line === 'handicap' && !/^[+-]/.test(market.line) && market.line !== '0') return `+${market.line}`;
  return market.line;
}

/** Whether odds show a real price ("0.00" is what the API sends for an option without odds). */
export function hasOdds(odds: string): boolean {
  return odds !== '' && !/^0+(\.0+)?$/.test(odds);
}
